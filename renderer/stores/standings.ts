import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { EventPayload, Request, Response } from '../../shared/ipc/contract.ts';
import type { Ranking } from '../../shared/tournament/ranking/index.ts';
import { isDesktop, jury } from '../bridge/index.ts';
import {
  DEFAULT_SORT,
  leaderboardColumns,
  nextSort,
  sortRows,
  type SortState,
} from '../logic/standings-table.ts';
import { useNotices } from './notices.ts';
import { newestAnswer, sharedSubscription, throttledRefetch } from './refetch.ts';

/**
 * The answer of `tournament.standings`: the leaderboard (`ranking`, the engine's `rankEvent` for the
 * view asked), its crosstable and the stages, all from the running totals (the seat and time statistics
 * and points per round are `tournament.statistics`, stores/statistics.ts).
 */
export type Standings = Response<'tournament.standings'>;
/** The export formats. */
export type ExportKind = Request<'tournament.export'>['kind'];
/** An exported file. */
export type ExportFile = Response<'tournament.export'>;

/** What became of an export: saved by the desktop app, cancelled in its dialog, or downloaded. */
export type ExportOutcome =
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'downloaded'; readonly fileName: string };

/** At most one refetch per this many ms while games finish (a fast tournament finishes many a second). */
export const STANDINGS_REFETCH_MS = 1000;

/** The events after which the standings may differ. */
const REASONS: ReadonlySet<EventPayload<'tournament.changed'>['reason']> = new Set([
  'game-finished',
  'game-reset',
  'scheduled',
  'state',
]);

/** Hands a file to the browser as a download (a Blob behind an object URL, clicked through an `<a>`). */
export function downloadFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; give the browser a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The standings of one tournament (the whole event or one stage, as the engine ranks it), sorted as the
 * user clicked, kept up to date while games finish (refetched at most once a second), and the
 * tournament's exports.
 */
export const useStandingsStore = defineStore('standings', () => {
  const id = ref<string | null>(null);
  /** The stage shown; null: the whole event. */
  const stage = ref<string | null>(null);
  const data = ref<Standings | null>(null);
  const loading = ref(false);
  const sort = ref<SortState>(DEFAULT_SORT);
  /** The export under way, if any. */
  const exporting = ref<ExportKind | null>(null);
  const newest = newestAnswer(loading);
  const refetch = throttledRefetch(fetch, STANDINGS_REFETCH_MS);
  /**
   * Follows finished games of the shown tournament while any screen asks (screens come and go in
   * either order when the route changes); stopping drops a planned refetch.
   */
  const changes = sharedSubscription(
    () =>
      jury().onTournamentChanged((event) => {
        if (event.id === id.value && REASONS.has(event.reason)) refetch.soon();
      }),
    () => refetch.cancel(),
  );

  /** The leaderboard of the view shown, as the engine ranked it. */
  const ranking = computed<Ranking | null>(() => data.value?.ranking ?? null);
  /** Its columns (per stage for a multi-stage event, the ratings the game has). */
  const columns = computed(() => (ranking.value ? leaderboardColumns(ranking.value) : []));
  /** The sort in force: the user's, or the ranking order when its column is not in this view. */
  const activeSort = computed(() =>
    columns.value.some((c) => c.id === sort.value.column) ? sort.value : DEFAULT_SORT,
  );
  /** The rows in the order shown. */
  const rows = computed(() =>
    ranking.value ? sortRows(ranking.value.rows, columns.value, activeSort.value) : [],
  );
  /** The views a user can pick besides the whole event: every stage of the schedule, in event order. */
  const stages = computed(() => data.value?.stages ?? []);

  /** Reads the standings afresh; an answer overtaken by a newer request is dropped. */
  async function fetch(): Promise<void> {
    const current = id.value;
    if (current === null) return;
    refetch.fetched();
    const request = stage.value === null ? { id: current } : { id: current, stage: stage.value };
    await newest(
      () => jury().tournamentStandings(request),
      (answer) => (data.value = answer),
    );
  }

  /** Shows tournament `tournament` (keeping the stage and sort when it is the same one). */
  function load(tournament: string): Promise<void> {
    if (tournament !== id.value) {
      id.value = tournament;
      stage.value = null;
      data.value = null;
      sort.value = DEFAULT_SORT;
    }
    return fetch();
  }

  /** Shows one stage, or the whole event (null). */
  function setStage(next: string | null): Promise<void> {
    stage.value = next;
    return fetch();
  }

  /** Sorts by a column, by id (a second click on the same column reverses it). */
  function sortBy(column: string): void {
    const picked = columns.value.find((c) => c.id === column);
    if (picked) sort.value = nextSort(activeSort.value, picked);
  }

  /** Follows finished games of the shown tournament until every screen that asked has let go. */
  function listen(): () => void {
    return changes.follow();
  }

  /** Stops following the events for everyone and drops a planned refetch. */
  function stopListening(): void {
    changes.stop();
  }

  /**
   * Exports the tournament: in the desktop app through the native save dialog, in a browser as a
   * download. Null when it failed (the notice says why).
   */
  async function exportAs(tournament: string, kind: ExportKind): Promise<ExportOutcome | null> {
    exporting.value = kind;
    try {
      const file = await jury().tournamentExport({ id: tournament, kind });
      if (!isDesktop()) {
        downloadFile(file);
        return { kind: 'downloaded', fileName: file.fileName };
      }
      const path = await jury().dialogSaveFile(file);
      return path === null ? { kind: 'cancelled' } : { kind: 'saved', path };
    } catch (cause) {
      useNotices().error(cause);
      return null;
    } finally {
      exporting.value = null;
    }
  }

  return {
    id,
    stage,
    data,
    loading,
    sort,
    activeSort,
    ranking,
    columns,
    rows,
    stages,
    exporting,
    load,
    fetch,
    setStage,
    sortBy,
    listen,
    stopListening,
    exportAs,
  };
});
