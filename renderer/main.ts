import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createJuryRouter } from './router.ts';
import { createJuryI18n } from './i18n/index.ts';

createApp(App).use(createPinia()).use(createJuryRouter()).use(createJuryI18n()).mount('#app');
