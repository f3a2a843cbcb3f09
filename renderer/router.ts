import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';

/**
 * Every screen of the app. Hash history: the renderer is loaded from a file in Electron and from
 * `jury serve` in browsers, and the same URLs must work in both.
 */
export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: () => import('./views/HomeView.vue') },
  { path: '/bots', name: 'bots', component: () => import('./views/BotsView.vue') },
  { path: '/new', name: 'new', component: () => import('./views/NewTournamentView.vue') },
  { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
  { path: '/t/:id/live', name: 'live', component: () => import('./views/LiveView.vue'), props: true },
  {
    path: '/t/:id/standings',
    name: 'standings',
    component: () => import('./views/StandingsView.vue'),
    props: true,
  },
  {
    path: '/t/:id/bracket',
    name: 'bracket',
    component: () => import('./views/BracketView.vue'),
    props: true,
  },
  { path: '/t/:id/games', name: 'games', component: () => import('./views/GamesView.vue'), props: true },
  {
    path: '/t/:id/games/:index',
    name: 'game',
    component: () => import('./views/GameViewerView.vue'),
    props: (route) => ({ id: String(route.params.id), index: Number(route.params.index) }),
  },
  { path: '/t/:id/export', name: 'export', component: () => import('./views/ExportView.vue'), props: true },
  { path: '/event', name: 'event', component: () => import('./views/EventView.vue') },
  { path: '/event/sheet', name: 'event-sheet', component: () => import('./views/EventSheetView.vue') },
  {
    path: '/event/c/:competition/games/:index',
    name: 'event-game',
    component: () => import('./views/EventGameView.vue'),
    props: (route) => ({ competition: String(route.params.competition), index: Number(route.params.index) }),
  },
  { path: '/:pathMatch(.*)*', redirect: '/' },
];

/** The app's router. */
export function createJuryRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
