import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { EventPayload, Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import { newestAnswer, sharedSubscription, throttledRefetch } from './refetch.ts';

/**
 * The answer of `tournament.statistics`: points per seat, thinking times and points per round of a
 * view, in its ranking order. It reads every game of the view, so it is asked for apart from the
 * standings (which come from the running totals) and less often.
 */
export type Statistics = Response<'tournament.statistics'>;

/** At most one refetch per this many ms while games finish, and only while the statistics are shown. */
export const STATISTICS_REFETCH_MS = 10_000;

/** The events after which the statistics may differ. */
const REASONS: ReadonlySet<EventPayload<'tournament.changed'>['reason']> = new Set([
  'game-finished',
  'game-reset',
  'scheduled',
  'state',
]);

/**
 * The statistics of the view the standings screen shows (a tournament, and a stage or the whole event):
 * loaded when its cards appear, refetched at most every {@link STATISTICS_REFETCH_MS} while a screen
 * that shows them follows the tournament.
 */
export const useStatisticsStore = defineStore('statistics', () => {
  const id = ref<string | null>(null);
  /** The stage; null: the whole event. */
  const stage = ref<string | null>(null);
  /** The statistics of the view above; null until they arrive (and again when the view changes). */
  const data = ref<Statistics | null>(null);
  const loading = ref(false);
  const newest = newestAnswer(loading);
  const refetch = throttledRefetch(fetch, STATISTICS_REFETCH_MS);
  const changes = sharedSubscription(
    () =>
      jury().onTournamentChanged((event) => {
        if (event.id === id.value && REASONS.has(event.reason)) refetch.soon();
      }),
    () => refetch.cancel(),
  );

  /** Reads the statistics afresh; an answer overtaken by a newer request is dropped. */
  async function fetch(): Promise<void> {
    const current = id.value;
    if (current === null) return;
    refetch.fetched();
    const request = stage.value === null ? { id: current } : { id: current, stage: stage.value };
    await newest(
      () => jury().tournamentStatistics(request),
      (answer) => (data.value = answer),
    );
  }

  /** Shows the statistics of `tournament` (`view`: a stage, or null for the whole event) and loads them. */
  function show(tournament: string, view: string | null): Promise<void> {
    if (tournament !== id.value || view !== stage.value) {
      id.value = tournament;
      stage.value = view;
      data.value = null;
    }
    return fetch();
  }

  /** Follows finished games of the shown tournament until every screen that asked has let go. */
  function listen(): () => void {
    return changes.follow();
  }

  /** Stops following the events for everyone and drops a planned refetch. */
  function stopListening(): void {
    changes.stop();
  }

  return { id, stage, data, loading, fetch, show, listen, stopListening };
});
