import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Competition, CompetitionGame } from '../../shared/event/competition.ts';
import type { ContestantStatus } from '../../shared/event/contestant.ts';
import type { Submission } from '../../shared/event/submission.ts';
import type { Ranking } from '../../shared/tournament/ranking/types.ts';
import { EventHttpError, eventHttp, type UploadInput } from '../bridge/event-http.ts';
import type { ContestantRecord } from '../logic/contestant-replay.ts';
import { anyPending } from '../logic/contestant-versions.ts';

/** How often the versions are asked for while a build or smoke test is under way (ms). */
export const POLL_MS = 2000;

/** Where the page is: finding out whether a session lives, asking for the code, or signed in. */
export type ContestantPhase = 'checking' | 'signed-out' | 'signed-in';

/** A competition opened on the page: its standings and the contestant's own games in it. */
export interface OpenCompetition {
  readonly id: string;
  readonly standings: Ranking | null;
  readonly games: readonly CompetitionGame[];
}

function lineOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * The contestant page's state (renderer/contestant.html): the session, the status (lock, deadline,
 * which version plays), the versions (polled while any is being built), the upload, and the
 * competitions with their standings and the contestant's own games. Every refusal keeps the server's
 * one line where the page shows it; a 401 anywhere means the session is gone: back to the sign-in.
 */
export const useContestantStore = defineStore('contestant', () => {
  const phase = ref<ContestantPhase>('checking');
  const status = ref<ContestantStatus | null>(null);
  const versions = ref<Submission[]>([]);
  const signInError = ref<string | null>(null);
  const signingIn = ref(false);
  const uploadError = ref<string | null>(null);
  const uploading = ref(false);
  const chooseError = ref<string | null>(null);
  const competitions = ref<Competition[]>([]);
  const competitionError = ref<string | null>(null);
  const open = ref<OpenCompetition | null>(null);
  const game = ref<{ readonly index: number; readonly record: ContestantRecord } | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;

  const locked = computed(() => status.value?.lock.state === 'locked');
  const lockReason = computed(() =>
    status.value?.lock.state === 'locked' ? status.value.lock.reason : null,
  );
  const polling = computed(() => phase.value === 'signed-in' && anyPending(versions.value));

  function stopPolling(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** Polls while a version is on its way; stops by itself once none is. */
  function schedulePoll(): void {
    if (timer !== null || !polling.value) return;
    timer = setTimeout(() => {
      timer = null;
      void refresh().then(schedulePoll);
    }, POLL_MS);
  }

  function reset(message: string | null): void {
    stopPolling();
    phase.value = 'signed-out';
    status.value = null;
    versions.value = [];
    competitions.value = [];
    open.value = null;
    game.value = null;
    signInError.value = message;
  }

  /** A refusal of a call: a lost session signs out (with its line), anything else is returned. */
  function refused(cause: unknown): string {
    if (cause instanceof EventHttpError && cause.status === 401) reset(cause.message);
    return lineOf(cause);
  }

  /** Reads the status and the versions; rejects with the refusal. */
  async function load(): Promise<void> {
    const [s, v] = await Promise.all([eventHttp.status(), eventHttp.versions()]);
    status.value = s;
    versions.value = v;
    phase.value = 'signed-in';
    schedulePoll();
  }

  /** The status and the versions again (after an upload, a choice, and while polling). */
  async function refresh(): Promise<void> {
    try {
      await load();
    } catch (cause) {
      refused(cause);
    }
  }

  /** Starts the page: signs in with the link's code if there is one, else resumes a live session. */
  async function start(code: string | null): Promise<void> {
    if (code !== null) return signIn(code);
    try {
      await load();
    } catch {
      reset(null);
      return;
    }
    void loadCompetitions();
  }

  /** Signs in with a join code as typed (the server forgives case, spaces and dashes). */
  async function signIn(code: string): Promise<void> {
    signingIn.value = true;
    signInError.value = null;
    try {
      await eventHttp.signIn(code.trim());
      await load();
      void loadCompetitions();
    } catch (cause) {
      reset(lineOf(cause));
    } finally {
      signingIn.value = false;
    }
  }

  async function signOut(): Promise<void> {
    try {
      await eventHttp.signOut();
    } catch {
      // A session that is gone already is signed out all the same.
    }
    reset(null);
  }

  /** Uploads a version; true when the server took it (its build then goes on, polled). */
  async function upload(input: UploadInput): Promise<boolean> {
    uploading.value = true;
    uploadError.value = null;
    try {
      const received = await eventHttp.upload(input);
      versions.value = [...versions.value.filter((v) => v.id !== received.id), received];
      await refresh();
      return true;
    } catch (cause) {
      uploadError.value = refused(cause);
      // A refusal for the lock: the status says so too, and the form closes.
      if (cause instanceof EventHttpError && cause.status === 423) await refresh();
      return false;
    } finally {
      uploading.value = false;
    }
  }

  /** Chooses the version that plays (null: the latest working one). */
  async function choose(version: string | null): Promise<void> {
    chooseError.value = null;
    try {
      status.value = await eventHttp.choose(version);
    } catch (cause) {
      chooseError.value = refused(cause);
    }
  }

  async function loadCompetitions(): Promise<void> {
    competitionError.value = null;
    try {
      competitions.value = await eventHttp.competitions();
    } catch (cause) {
      competitionError.value = refused(cause);
    }
  }

  /** Opens a competition: its standings and the contestant's own games. */
  async function openCompetition(id: string): Promise<void> {
    competitionError.value = null;
    game.value = null;
    try {
      const [standings, games] = await Promise.all([eventHttp.standings(id), eventHttp.games(id)]);
      open.value = { id, standings, games };
    } catch (cause) {
      open.value = { id, standings: null, games: [] };
      competitionError.value = refused(cause);
    }
  }

  /** Opens one of the contestant's games in the open competition, move by move. */
  async function openGame(index: number): Promise<void> {
    if (open.value === null) return;
    competitionError.value = null;
    try {
      game.value = { index, record: await eventHttp.game(open.value.id, index) };
    } catch (cause) {
      competitionError.value = refused(cause);
    }
  }

  return {
    phase,
    status,
    versions,
    signInError,
    signingIn,
    uploadError,
    uploading,
    chooseError,
    competitions,
    competitionError,
    open,
    game,
    locked,
    lockReason,
    polling,
    start,
    signIn,
    signOut,
    refresh,
    upload,
    choose,
    loadCompetitions,
    openCompetition,
    openGame,
    closeGame: () => (game.value = null),
    stopPolling,
  };
});
