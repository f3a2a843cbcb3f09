import { defineStore } from 'pinia';
import { ref } from 'vue';
import { inTournament, unplayedMessage } from '../../shared/games/failure-texts.ts';
import type { EventPayload, Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import type { TournamentDraft } from '../logic/draft.ts';
import type { FieldIssue } from '../logic/draft-issues.ts';
import { messageOf, noticeErrors, useNotices } from './notices.ts';
import { throttledRefetch } from './refetch.ts';

/** A tournament in the list. */
export type TournamentSummary = Response<'tournaments.list'>[number];
/** A CodeCup import's answer: the new tournament's summary and what the import noticed. */
export type CodecupImport = Response<'tournaments.importCodecup'>;
/** A run control of one tournament. */
export type RunAction = 'start' | 'pause' | 'resume' | 'stop' | 'abort';

/** At most one refetch of the list per this many ms, however many `changed` events arrive. */
export const REFETCH_THROTTLE_MS = 1000;

/**
 * The tournaments: the list (`tournaments.list`), kept up to date by the engine's events — `progress`
 * patches a tournament's counts and state in place, `changed` refetches the list at most once a second —
 * and every action on a tournament: create (then start), demo, import, remove, run controls, concurrency,
 * playing a finished game again. Every failure becomes a notice and the action answers null or false.
 */
export const useTournamentsStore = defineStore('tournaments', () => {
  const list = ref<TournamentSummary[]>([]);
  const loaded = ref(false);
  /** Ids with a control request under way (their buttons wait). */
  const busy = ref<string[]>([]);
  let unsubscribe: (() => void) | null = null;
  const refetch = throttledRefetch(fetch, REFETCH_THROTTLE_MS);

  /** Reads the list afresh. */
  async function fetch(): Promise<void> {
    refetch.fetched();
    const answer = await noticeErrors(() => jury().tournamentsList());
    if (answer) {
      list.value = answer;
      loaded.value = true;
    }
  }

  /** Replaces one tournament in the list with a newer summary (or adds it). */
  function put(summary: TournamentSummary): void {
    const at = list.value.findIndex((t) => t.id === summary.id);
    list.value = at === -1 ? [summary, ...list.value] : list.value.with(at, summary);
  }

  function onProgress(p: EventPayload<'tournament.progress'>): void {
    const current = list.value.find((t) => t.id === p.id);
    // Said once, when the run has stopped because of it.
    if (p.error !== null && p.state === 'aborted' && current?.state !== 'aborted')
      useNotices().error(`${current?.name ?? p.id}: ${p.error}`);
    // A warning of a run that goes on (a program changed since its games were played) comes in one event.
    else if (p.error !== null && p.state !== 'aborted')
      useNotices().info(`${current?.name ?? p.id}: ${p.error}`);
    // Bots that never played (every result a forfeit), said once when the run ends, worded by the toast.
    for (const bot of p.unplayed ?? [])
      useNotices().info(inTournament(current?.name ?? p.id, unplayedMessage(bot)));
    if (!current) return refetch.soon();
    const { state, finished, total, running, etaMs } = p;
    put({ ...current, state, finished, total, running, etaMs });
  }

  /** Follows the engine's events (once; later calls do nothing) and loads the list when not loaded. */
  function listen(): void {
    if (unsubscribe === null) {
      const api = jury();
      const offProgress = api.onTournamentProgress(onProgress);
      const offChanged = api.onTournamentChanged(() => refetch.soon());
      unsubscribe = () => {
        offProgress();
        offChanged();
      };
    }
    if (!loaded.value && !refetch.planned()) void fetch();
  }

  /** Stops following the events and drops a planned refetch. */
  function stopListening(): void {
    unsubscribe?.();
    unsubscribe = null;
    refetch.cancel();
  }

  /** One tournament of the list, if it is there. */
  function byId(id: string): TournamentSummary | undefined {
    return list.value.find((t) => t.id === id);
  }

  /** The engine's problems with a draft, by field path; null when the engine could not be asked. */
  function check(draft: unknown): Promise<FieldIssue[] | null> {
    return noticeErrors(() => jury().tournamentsCheck({ draft }));
  }

  /** Creates a tournament and starts it; its summary, or null when refused (the notice says why). */
  async function create(draft: TournamentDraft): Promise<TournamentSummary | null> {
    const created = await noticeErrors(() => jury().tournamentsCreate({ draft }));
    if (!created) return null;
    put(created);
    return (await control(created.id, 'start')) ?? created;
  }

  /** Creates and starts the demo tournament. */
  async function demo(): Promise<TournamentSummary | null> {
    const created = await noticeErrors(() => jury().tournamentsDemo());
    if (created) put(created);
    return created;
  }

  /**
   * The last CodeCup file the engine refused and why (its line and column), kept until dismissed or a
   * new file is chosen: a toast that vanishes is too short to read a file's fault.
   */
  const codecupRefusal = ref<{ readonly fileName: string; readonly reason: string } | null>(null);

  /**
   * Imports CodeCup's result file (its name and text) as a read-only tournament; its summary with the
   * import's notes, or null when refused (then {@link codecupRefusal} says why, not a notice).
   */
  async function importCodecup(fileName: string, text: string): Promise<CodecupImport | null> {
    codecupRefusal.value = null;
    let made: CodecupImport;
    try {
      made = await jury().tournamentsImportCodecup({ fileName, text });
    } catch (cause) {
      codecupRefusal.value = { fileName, reason: messageOf(cause) };
      return null;
    }
    const { notes: _notes, ...summary } = made;
    put(summary);
    return made;
  }

  /** Takes the refusal of a CodeCup file off the screen. */
  function dismissCodecupRefusal(): void {
    codecupRefusal.value = null;
  }

  /** Deletes a tournament that is not running. */
  async function remove(id: string): Promise<boolean> {
    // The engine answers null on success, so `noticeErrors` cannot tell; catch here.
    try {
      await jury().tournamentsRemove({ id });
    } catch (cause) {
      useNotices().error(cause);
      return false;
    }
    list.value = list.value.filter((t) => t.id !== id);
    return true;
  }

  async function withBusy(
    id: string,
    work: () => Promise<TournamentSummary>,
  ): Promise<TournamentSummary | null> {
    busy.value = [...busy.value, id];
    const summary = await noticeErrors(work);
    busy.value = busy.value.filter((b) => b !== id);
    if (summary) put(summary);
    return summary;
  }

  /** Starts, pauses, resumes, stops (after the running games) or aborts a tournament. */
  function control(id: string, action: RunAction): Promise<TournamentSummary | null> {
    const api = jury();
    const calls: Record<RunAction, () => Promise<TournamentSummary>> = {
      start: () => api.tournamentStart({ id }),
      pause: () => api.tournamentPause({ id }),
      resume: () => api.tournamentResume({ id }),
      stop: () => api.tournamentStop({ id }),
      abort: () => api.tournamentAbort({ id }),
    };
    return withBusy(id, calls[action]);
  }

  /** Sets how many games run at once. */
  function setConcurrency(id: string, concurrency: number): Promise<TournamentSummary | null> {
    return withBusy(id, () => jury().tournamentConcurrency({ id, concurrency }));
  }

  /**
   * Deletes a finished game's result so the next start plays it again (refused while the tournament
   * runs, for an imported one, for a game without a result: the notice says why); the new summary or null.
   */
  function resetGame(id: string, index: number): Promise<TournamentSummary | null> {
    return withBusy(id, () => jury().tournamentResetGame({ id, index }));
  }

  /** The draft a tournament was created from. */
  function draftOf(id: string): Promise<TournamentDraft | null> {
    return noticeErrors(() => jury().tournamentDraft({ id }));
  }

  /** Whether a control request of the tournament is under way. */
  function isBusy(id: string): boolean {
    return busy.value.includes(id);
  }

  return {
    list,
    loaded,
    busy,
    fetch,
    listen,
    stopListening,
    byId,
    check,
    create,
    demo,
    importCodecup,
    codecupRefusal,
    dismissCodecupRefusal,
    remove,
    control,
    setConcurrency,
    resetGame,
    draftOf,
    isBusy,
  };
});
