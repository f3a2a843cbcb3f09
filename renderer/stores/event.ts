import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import { noticeErrors } from './notices.ts';

/** The event this engine serves, as the organiser's screens show it (null: none). */
export type EventInfo = NonNullable<Response<'event.info'>>;
export type EventContestant = Response<'event.contestants'>[number];
export type EventSubmission = Response<'event.submissions'>[number];
export type EventCompetition = Response<'event.competitions'>[number];
export type EventRanking = Response<'event.standings'>;
export type EventGame = Response<'event.games'>[number];

/** How often the organiser's screens read the event again while they are shown. */
export const EVENT_REFRESH_MS = 3000;

/**
 * The event of `jury serve --event` for its organiser (the `event.*` channels): its settings and lock,
 * the contestants, every submission and the competitions, read on demand and every
 * {@link EVENT_REFRESH_MS} while a screen follows them. Join codes are stored hashed by the engine, so a
 * code exists only in the answer that made it: {@link codes} keeps those of this page, for the join sheet.
 */
export const useEventStore = defineStore('event', () => {
  const info = shallowRef<EventInfo | null>(null);
  const loaded = ref(false);
  const contestants = shallowRef<readonly EventContestant[]>([]);
  const submissions = shallowRef<readonly EventSubmission[]>([]);
  const competitions = shallowRef<readonly EventCompetition[]>([]);
  /** Join codes made on this page, by contestant id (never read back from the engine: it has none). */
  const codes = ref<Record<string, string>>({});
  /** A test competition or the final asked for here and not yet answered. */
  const playing = ref<'test' | 'final' | null>(null);
  /** The competition opened on the competitions tab, its standings and games (read with the rest). */
  const selected = ref<string | null>(null);
  const ranking = shallowRef<EventRanking | null>(null);
  const games = shallowRef<readonly EventGame[]>([]);
  let reading = false;
  let followers = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** Reads the event and, when there is one, its contestants, submissions and competitions. */
  async function load(): Promise<void> {
    if (reading) return;
    reading = true;
    try {
      const api = jury();
      const answer = await noticeErrors(() => api.eventInfo());
      info.value = answer;
      loaded.value = true;
      if (!answer) return;
      const [c, s, k] = await Promise.all([
        api.eventContestants(),
        api.eventSubmissions(),
        api.eventCompetitions(),
      ]);
      contestants.value = c;
      submissions.value = s;
      competitions.value = k;
      if (selected.value !== null) await readSelected(selected.value);
    } catch {
      // A failed read keeps the last answer; the next one tries again.
    } finally {
      reading = false;
    }
  }

  async function readSelected(competition: string): Promise<void> {
    const [r, g] = await Promise.all([
      jury().eventStandings({ competition }),
      jury().eventGames({ competition }),
    ]);
    if (selected.value !== competition) return;
    ranking.value = r;
    games.value = g;
  }

  /** Opens a competition: its standings and games, read now and with every later read. */
  async function select(competition: string): Promise<void> {
    selected.value = competition;
    ranking.value = null;
    games.value = [];
    await noticeErrors(() => readSelected(competition));
  }

  /** Reads the event now and every few seconds until the answered function is called. */
  function follow(): () => void {
    followers += 1;
    void load();
    timer ??= setInterval(() => void load(), EVENT_REFRESH_MS);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      followers -= 1;
      if (followers === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  }

  /** Adds contestants by name (all or none); keeps their new codes. Whether it worked. */
  async function addContestants(names: readonly string[]): Promise<boolean> {
    const issued = await noticeErrors(() => jury().eventAddContestants({ names: [...names] }));
    if (!issued) return false;
    for (const i of issued) codes.value[i.contestant.id] = i.code;
    await load();
    return true;
  }

  /** A new code for a contestant (the old one stops working); kept for the sheet. */
  async function newCode(id: string): Promise<void> {
    const issued = await noticeErrors(() => jury().eventNewCode({ id }));
    if (issued) codes.value[id] = issued.code;
  }

  /** Runs `work`, then reads the event again. */
  async function change(work: () => Promise<unknown>): Promise<void> {
    await noticeErrors(work);
    await load();
  }

  const disqualify = (id: string, reason: string) => change(() => jury().eventDisqualify({ id, reason }));
  const readmit = (id: string) => change(() => jury().eventReadmit({ id }));
  const setLocked = (locked: boolean) => change(() => jury().eventSetLocked({ locked }));

  /**
   * Opens (with `settings`: creates) the event in `folder` and serves it to the LAN on `port` (the
   * desktop app). Whether it worked; a refusal is a notice.
   */
  async function open(request: { folder: string; port: number; settings?: unknown }): Promise<boolean> {
    const opened = await noticeErrors(() => jury().eventOpen(request));
    if (!opened) return false;
    info.value = opened;
    codes.value = {};
    await load();
    return true;
  }

  /** Stops serving the event the app opened and closes it. */
  async function close(): Promise<void> {
    await noticeErrors(() => jury().eventClose());
    selected.value = null;
    await load();
  }

  /** Plays a test competition or the final; resolves when it has ended (or was refused: a notice). */
  async function play(kind: 'test' | 'final'): Promise<void> {
    if (playing.value) return;
    playing.value = kind;
    // Shown as running at once: the engine answers only when it has ended.
    setTimeout(() => void load(), 300);
    try {
      await change(() => (kind === 'test' ? jury().eventRunTest() : jury().eventRunFinal()));
    } finally {
      playing.value = null;
    }
  }

  return {
    info,
    loaded,
    contestants,
    submissions,
    competitions,
    codes,
    playing,
    selected,
    ranking,
    games,
    select,
    open,
    close,
    load,
    follow,
    addContestants,
    newCode,
    disqualify,
    readmit,
    setLocked,
    play,
  };
});
