import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createJuryRouter } from './router.ts';
import { createJuryI18n } from './i18n/index.ts';
import { useBotsStore } from './stores/bots.ts';

const pinia = createPinia();
const app = createApp(App).use(pinia).use(createJuryRouter()).use(createJuryI18n());
// The games list first: it registers the game packages the engine knows, so every screen (a tournament
// of a package game opened directly, say) finds their titles and seats. A failure is a notice.
void useBotsStore(pinia)
  .reloadGames()
  .finally(() => app.mount('#app'));
