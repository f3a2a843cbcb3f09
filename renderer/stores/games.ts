import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import type { GameRow } from '../logic/game-filter.ts';
import { newestAnswer, sharedSubscription, throttledRefetch } from './refetch.ts';

export type { GameRow } from '../logic/game-filter.ts';

/** At most one refetch of the list per this many ms, however many games start and finish. */
export const GAMES_REFETCH_MS = 1000;

/** The events after which a row may have changed (scheduled, started, finished). */
const REASONS: ReadonlySet<EventPayload<'tournament.changed'>['reason']> = new Set([
  'scheduled',
  'game-started',
  'game-finished',
  'game-reset',
  'state',
]);

/**
 * The games of one tournament (`tournament.games`: every scheduled game in schedule order, with its
 * result once finished), for the games list and the bracket; refetched at most once a second while
 * games are scheduled, start and finish.
 */
export const useGamesStore = defineStore('games', () => {
  const id = ref<string | null>(null);
  const rows = ref<GameRow[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const newest = newestAnswer(loading);
  const refetch = throttledRefetch(fetch, GAMES_REFETCH_MS);
  /**
   * Follows the shown tournament's changes while any screen asks (the bracket and the games list come
   * and go in either order when the route changes); stopping drops a planned refetch.
   */
  const changes = sharedSubscription(
    () =>
      jury().onTournamentChanged((event) => {
        if (event.id === id.value && REASONS.has(event.reason)) refetch.soon();
      }),
    () => refetch.cancel(),
  );

  /** Reads the rows afresh; an answer overtaken by a newer request is dropped. */
  async function fetch(): Promise<void> {
    const current = id.value;
    if (current === null) return;
    refetch.fetched();
    await newest(
      () => jury().tournamentGames({ id: current }),
      (answer) => {
        rows.value = answer;
        loaded.value = true;
      },
    );
  }

  /** Shows the games of `tournament` (the old rows go at once when it is another one). */
  function load(tournament: string): Promise<void> {
    if (tournament !== id.value) {
      id.value = tournament;
      rows.value = [];
      loaded.value = false;
    }
    return fetch();
  }

  /** Follows the shown tournament's changes until every screen that asked has let go. */
  function listen(): () => void {
    return changes.follow();
  }

  /** Stops following the events for everyone and drops a planned refetch. */
  function stopListening(): void {
    changes.stop();
  }

  /** The row of one game, if loaded. */
  function byIndex(index: number): GameRow | undefined {
    return rows.value.find((r) => r.index === index);
  }

  return { id, rows, loaded, loading, load, fetch, listen, stopListening, byIndex };
});
