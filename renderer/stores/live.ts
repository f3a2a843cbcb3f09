import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import type { TournamentDraft } from '../logic/draft.ts';
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
 * At most this many boards are drawn anew per animation frame, and of them at most
 * {@link NEW_BOARDS_PER_FRAME} new ones. Drawing a board (its view, its SVG, the layout and paint around
 * it) is the costliest thing the wall does: when the page has been kept waiting (a busy machine), all 8
 * boards had news at once, and the frames of 8 games made one task of 60 to 70 ms of CPU, above the 50 ms
 * that keeps a page responsive. The others are drawn in the next frames, with their newest frame by then;
 * the waiting list holds one frame per game, so it never grows.
 */
export const BOARDS_PER_FRAME = 4;
/** At most this many boards join the wall per animation frame (mounting one costs the most). */
export const NEW_BOARDS_PER_FRAME = 2;

/** A frame older than what is shown: fewer plies, or a running frame after the game's final one. */
function isStale(frame: GameFrame, shown: GameFrame | undefined): boolean {
  if (!shown) return false;
  return frame.ply < shown.ply || (shown.done && !frame.done);
}

/**
 * The live wall of one tournament: the latest frame of every running game, keyed by game index. Frames
 * arrive fast (up to ~10 per second per board, 8 boards), so they are kept in a `shallowRef` map that is
 * replaced, never deeply observed (a game state is big and only the board reads it), and all frames
 * that arrived during one animation frame are applied in one update (at most
 * {@link BOARDS_PER_FRAME} boards per frame, {@link NEW_BOARDS_PER_FRAME} of them new). A finished game's final frame
 * stays {@link FINISHED_LINGER_MS} and then leaves; late frames of it are ignored.
 */
export const useLiveStore = defineStore('live', () => {
  const tournamentId = ref<string | null>(null);
  const frames = shallowRef<ReadonlyMap<number, GameFrame>>(new Map());
  /** The draft of the open tournament (for the seat clocks' budget), once loaded. */
  const draft = shallowRef<TournamentDraft | null>(null);
  let pending = new Map<number, GameFrame>();
  let cancelFlush: (() => void) | null = null;
  const removals = new Map<number, ReturnType<typeof setTimeout>>();
  const gone = new Set<number>();
  let unsubscribe: (() => void) | null = null;

  /** The frames in game order. */
  const ordered = computed(() => [...frames.value.values()].sort((a, b) => a.game - b.game));

  function flush(): void {
    cancelFlush = null;
    if (pending.size === 0) return;
    const next = new Map(frames.value);
    const later = new Map<number, GameFrame>();
    let drawn = 0;
    let joined = 0;
    // In the order they have waited (a Map keeps a game's first place when its frame is replaced).
    for (const [game, frame] of pending) {
      if (gone.has(game) || isStale(frame, next.get(game))) continue;
      const isNew = !next.has(game);
      if (drawn >= BOARDS_PER_FRAME || (isNew && joined >= NEW_BOARDS_PER_FRAME)) {
        later.set(game, frame);
        continue;
      }
      drawn++;
      if (isNew) joined++;
      next.set(game, frame);
      if (frame.done) scheduleRemoval(game);
    }
    pending = later;
    frames.value = next;
    if (later.size > 0) cancelFlush = nextFrame(flush);
  }

  function scheduleRemoval(game: number): void {
    if (removals.has(game)) return;
    const timer = setTimeout(() => {
      removals.delete(game);
      gone.add(game);
      const next = new Map(frames.value);
      next.delete(game);
      frames.value = next;
    }, FINISHED_LINGER_MS);
    removals.set(game, timer);
  }

  /** Takes one frame (from the event or the first fetch); it shows at the next animation frame. */
  function receive(frame: GameFrame): void {
    if (frame.tournament !== tournamentId.value || gone.has(frame.game)) return;
    if (isStale(frame, pending.get(frame.game) ?? frames.value.get(frame.game))) return;
    pending.set(frame.game, frame);
    cancelFlush ??= nextFrame(flush);
  }

  /** Clears the wall (aborted games are killed and will start again from their first move). */
  function clear(): void {
    cancelFlush?.();
    cancelFlush = null;
    pending = new Map();
    for (const timer of removals.values()) clearTimeout(timer);
    removals.clear();
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

  return { tournamentId, frames, ordered, draft, open, close, receive, flush };
});
