import { createApp } from 'vue';
import { createPinia } from 'pinia';
import '../theme.css';
import './contestant.css';
import { applyTheme } from '../theme.ts';
import { createJuryI18n } from '../i18n/index.ts';
import { initialLocale, storedLocale } from '../logic/contestant-locale.ts';
import ContestantApp from './ContestantApp.vue';

// The contestant page (renderer/contestant.html): a small app of its own on `jury serve --event`, which
// talks only to the event's routes under /event/ (bridge/event-http.ts), never to the app's WebSocket.
// It follows the system's light or dark theme.
applyTheme('system');
const locale = initialLocale(storedLocale(), navigator.languages ?? [navigator.language]);
createApp(ContestantApp).use(createPinia()).use(createJuryI18n(locale)).mount('#app');
