import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import type { TournamentDraft } from '../logic/draft.ts';
import { wallOrder } from '../logic/live-wall.ts';
import { useNotices } from './notices.ts';

/** The latest picture of one running game. */
export type GameFrame = EventPayload<'game.frame'>;

/** How long a finished game's final frame stays on the wall before its card leaves (ms). */
export const FINISHED_LINGER_MS = 4000;

/** Runs `work` before the next paint; a timer where there is no `requestAnimationFrame` (tests, Node). */
function nextFrame(work: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(work);
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(work, 16);
  return () => clearTimeout(handle);
}

/**
 * The wall draws one board per animation frame, and redraws a board already on it at most once per this
 * many milliseconds (new cards and final frames take the next animation frame). Drawing a board (its
 * view, its SVG, the style, layout and paint around it) costs the page's main thread several ms, and the
 * browser as much again to composite the frame. With 8 games at once on a machine whose cores the bots
 * hold, the browser gets a small share of them: frames of several boards made tasks of 20 to 70 ms of CPU,
 * and 20 frames a second waited for a core in turn, each task stretched past 50 ms (test/bench renderer).
 * One board a frame, at most 10 redraws a second for the whole wall, keeps every task small and the
 * browser's work within its share; each of 8 boards still moves about once a second. The waiting list
 * holds one frame per game (the newest), in the order they first waited, so none waits for long.
 */
export const REDRAW_GAP_MS = 100;

/** A frame older than what is shown: fewer plies, or a running frame after the game's final one. */
function isStale(frame: GameFrame, shown: GameFrame | undefined): boolean {
  if (!shown) return false;
  return frame.ply < shown.ply || (shown.done && !frame.done);
}

/**
 * The live wall of one tournament: the latest frame of every running game, keyed by game index. Frames
 * arrive fast (up to ~10 per second per board, 8 boards), so they are kept in a `shallowRef` map that is
 * replaced, never deeply observed (a game state is big and only the board reads it); they wait, the
 * newest per game, and are drawn one board per animation frame, redraws at most every
 * {@link REDRAW_GAP_MS}. A finished game's final frame stays {@link FINISHED_LINGER_MS} after the running
 * games (`ordered`, see wallOrder) and then leaves; late frames of it are ignored.
 */
export const useLiveStore = defineStore('live', () => {
  const tournamentId = ref<string | null>(null);
  const frames = shallowRef<ReadonlyMap<number, GameFrame>>(new Map());
  /** The draft of the open tournament (for the seat clocks' budget), once loaded. */
  const draft = shallowRef<TournamentDraft | null>(null);
  let pending = new Map<number, GameFrame>();
  /** Games whose card is out of sight (see {@link setSeen}). */
  const unseen = new Set<number>();
  /** The newest frame of each running game out of sight, drawn when its card comes back into view. */
  let held = new Map<number, GameFrame>();
  let cancelFlush: (() => void) | null = null;
  const removals = new Map<number, ReturnType<typeof setTimeout>>();
  /** Each finished game's turn among those on the wall (the order they finished in). */
  const finishedAt = new Map<number, number>();
  let finishes = 0;
  const gone = new Set<number>();
  let unsubscribe: (() => void) | null = null;

  /** The frames as the wall shows them: running games in game order, then finished ones (wallOrder). */
  const ordered = computed(() => wallOrder(frames.value.values(), finishedAt));
  /** How many of them are running (the wall sizes its boards for these). */
  const running = computed(() => ordered.value.filter((f) => !f.done).length);

  /** When the wall last redrew a board (Date.now()). */
  let drawnAt = -Infinity;

  /** Whether the planned flush waits for the redraw gap (a new card or final frame does not). */
  let plannedLate = false;

  /** Plans the next {@link flush}: at the next animation frame, or after the redraw gap if only redraws wait. */
  function plan(): void {
    if (pending.size === 0) return;
    const urgent = [...pending].some(([game, frame]) => frame.done || !frames.value.has(game));
    if (cancelFlush !== null && !(plannedLate && urgent)) return;
    cancelFlush?.();
    const wait = urgent ? 0 : drawnAt + REDRAW_GAP_MS - Date.now();
    plannedLate = wait > 0;
    if (wait <= 0) {
      cancelFlush = nextFrame(flush);
      return;
    }
    let cancelFrame: (() => void) | null = null;
    const timer = setTimeout(() => (cancelFrame = nextFrame(flush)), wait);
    cancelFlush = () => {
      clearTimeout(timer);
      cancelFrame?.();
    };
  }

  /** Draws one waiting frame: the first new card or final frame, else the longest waiting redraw. */
  function flush(): void {
    cancelFlush = null;
    const shown = frames.value;
    let pick: number | null = null;
    // In the order they have waited (a Map keeps a game's first place when its frame is replaced).
    for (const [game, frame] of [...pending]) {
      if (gone.has(game) || isStale(frame, shown.get(game))) {
        pending.delete(game);
      } else if (shown.has(game) && !frame.done && unseen.has(game)) {
        pending.delete(game);
        held.set(game, frame);
      } else if (frame.done || !shown.has(game)) {
        pick = game;
        break;
      } else if (pick === null && Date.now() >= drawnAt + REDRAW_GAP_MS) {
        pick = game;
      }
    }
    if (pick !== null) {
      const frame = pending.get(pick) as GameFrame;
      pending.delete(pick);
      if (shown.has(pick) && !frame.done) drawnAt = Date.now();
      frames.value = new Map(shown).set(pick, frame);
      if (frame.done) scheduleRemoval(pick);
    }
    plan();
  }

  function scheduleRemoval(game: number): void {
    if (removals.has(game)) return;
    finishedAt.set(game, finishes++);
    const timer = setTimeout(() => {
      removals.delete(game);
      finishedAt.delete(game);
      gone.add(game);
      unseen.delete(game);
      held.delete(game);
      const next = new Map(frames.value);
      next.delete(game);
      frames.value = next;
    }, FINISHED_LINGER_MS);
    removals.set(game, timer);
  }

  /** Takes one frame (from the event or the first fetch); it shows at the next animation frame. */
  function receive(frame: GameFrame): void {
    if (frame.tournament !== tournamentId.value || gone.has(frame.game)) return;
    const shown = pending.get(frame.game) ?? held.get(frame.game) ?? frames.value.get(frame.game);
    if (isStale(frame, shown)) return;
    pending.set(frame.game, frame);
    plan();
  }

  /**
   * Tells whether game `game`'s card is in sight (the wall watches its cards scroll in and out). A card
   * out of sight is not drawn anew: its running frames wait, the newest only, and the card shows it as
   * soon as it comes back into view. Its last frame and a new game's first still show, as they change
   * the wall's order. Every card counts as in sight until said otherwise.
   */
  function setSeen(game: number, seen: boolean): void {
    if (!seen) {
      unseen.add(game);
      return;
    }
    unseen.delete(game);
    const frame = held.get(game);
    if (frame === undefined) return;
    held.delete(game);
    if (!pending.has(game)) pending.set(game, frame);
    plan();
  }

  /** Clears the wall (aborted games are killed and will start again from their first move). */
  function clear(): void {
    cancelFlush?.();
    cancelFlush = null;
    drawnAt = -Infinity;
    pending = new Map();
    held = new Map();
    unseen.clear();
    for (const timer of removals.values()) clearTimeout(timer);
    removals.clear();
    finishedAt.clear();
    gone.clear();
    frames.value = new Map();
  }

  function onProgress(p: EventPayload<'tournament.progress'>): void {
    if (p.id === tournamentId.value && p.state === 'aborted') clear();
  }

  /** Shows the running games of tournament `id` and follows its frames until {@link close}. */
  async function open(id: string): Promise<void> {
    close();
    tournamentId.value = id;
    const api = jury();
    const offFrame = api.onGameFrame(receive);
    const offProgress = api.onTournamentProgress(onProgress);
    unsubscribe = () => {
      offFrame();
      offProgress();
    };
    // The draft only sizes the clocks' bars: the wall shows without it.
    const [latest, created] = await Promise.allSettled([
      api.tournamentLive({ id }),
      api.tournamentDraft({ id }),
    ]);
    if (tournamentId.value !== id) return;
    if (created.status === 'fulfilled') draft.value = created.value;
    if (latest.status === 'rejected') useNotices().error(latest.reason);
    else for (const frame of latest.value) receive(frame);
  }

  /** Stops following the tournament and empties the wall. */
  function close(): void {
    unsubscribe?.();
    unsubscribe = null;
    clear();
    tournamentId.value = null;
    draft.value = null;
  }

  return { tournamentId, frames, ordered, running, draft, open, close, receive, flush, setSeen };
});
