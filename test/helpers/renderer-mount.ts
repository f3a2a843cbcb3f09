/**
 * Shared setup of the renderer's component tests: mounting a screen with Pinia, a memory router and
 * the English messages, the app's tournament routes as blank screens, and the fixtures several tests
 * use. A test kit, so it lives under test/ (typechecked by test/tsconfig.json), never in the app.
 */
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import type { Component } from 'vue';
import { createMemoryHistory, createRouter, type RouteRecordRaw, type Router } from 'vue-router';
import { createJuryI18n } from '../../renderer/i18n/index.ts';
import type { AppInfo } from '../../renderer/stores/app.ts';
import type { GameRow } from '../../renderer/stores/games.ts';

/** A screen that shows nothing: a route target the test does not render. */
export const blank: Component = { render: () => null };

/**
 * The app's per-tournament route names (the tabs and one game) as blank screens, so a test can
 * navigate by name without loading the other screens; `own` replaces the route of the screen tested.
 */
export function tournamentRoutes(own: RouteRecordRaw | null = null): RouteRecordRaw[] {
  const tabs = ['live', 'standings', 'bracket', 'games', 'export'].map((name): RouteRecordRaw =>
    own?.name === name ? own : { path: `/t/:id/${name}`, name, component: blank },
  );
  return [...tabs, { path: '/t/:id/games/:index', name: 'game', component: blank }];
}

/** How to mount a screen (see {@link mountScreen}). */
export interface ScreenOptions {
  /** The router's routes; by default one blank screen at `/`. */
  readonly routes?: readonly RouteRecordRaw[];
  /** Where the router goes before mounting; nowhere when not given. */
  readonly path?: string;
  readonly props?: Record<string, unknown>;
  /** Child components replaced by stubs (`true`: an empty stub). */
  readonly stubs?: Record<string, boolean | Component>;
  /** Mounts into the document (focus, teleports, dialogs). */
  readonly attachTo?: HTMLElement;
}

/** A mounted screen and the plugins it was mounted with. */
export interface MountedScreen {
  readonly wrapper: VueWrapper;
  readonly router: Router;
  readonly pinia: Pinia;
  readonly i18n: ReturnType<typeof createJuryI18n>;
}

/**
 * Mounts `component` with a fresh Pinia, a memory router and the English messages, then waits for its
 * first fetches to settle.
 */
export async function mountScreen(component: Component, options: ScreenOptions = {}): Promise<MountedScreen> {
  const routes = options.routes ?? [{ path: '/', component: blank }];
  const router = createRouter({ history: createMemoryHistory(), routes: [...routes] });
  if (options.path !== undefined) await router.push(options.path);
  const pinia = createPinia();
  const i18n = createJuryI18n('en');
  const wrapper = mount(component, {
    ...(options.props && { props: options.props }),
    ...(options.attachTo && { attachTo: options.attachTo }),
    global: { plugins: [pinia, router, i18n], stubs: options.stubs ?? {} },
  });
  await flushPromises();
  return { wrapper, router, pinia, i18n };
}

/** What `app.info` answers: a desktop app that may control, not its first start, unless patched. */
export function appInfo(patch: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '1',
    mode: 'desktop',
    canControl: true,
    firstStart: false,
    storeFolder: '/s',
    ...patch,
  };
}

/**
 * A row of the games list; `match` is `stage/round/match` (`knockout/r2/m1`); finished with OK
 * statuses when it has scores, scheduled otherwise.
 */
function gameRow(
  index: number,
  match: string,
  seats: string[],
  scores: number[] | null,
  extra: Partial<GameRow> = {},
): GameRow {
  const [stage = '', r = 'r1'] = match.split('/');
  return {
    index,
    stage,
    round: Number(/\d+/.exec(r)?.[0] ?? 1),
    match,
    seats,
    state: scores ? 'finished' : 'scheduled',
    scores,
    statuses: scores ? seats.map(() => 'OK' as const) : null,
    end: scores ? 'all-home' : null,
    durationMs: scores ? 1500 : null,
    ...extra,
  };
}

/** A knockout of four: round 1 played (ann beat dan over two games, cy beat bob), the final running. */
export function knockoutRows(): GameRow[] {
  return [
    gameRow(0, 'knockout/r1/m1', ['ann', 'dan'], [20, 4]),
    gameRow(1, 'knockout/r1/m1', ['dan', 'ann'], [6, 18], { statuses: ['CRASH', 'OK'] }),
    gameRow(2, 'knockout/r1/m2', ['bob', 'cy'], [10, 12]),
    gameRow(3, 'knockout/r2/m1', ['ann', 'cy'], null, { state: 'running' }),
  ];
}
