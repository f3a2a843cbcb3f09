import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Response } from '../../shared/ipc/contract.ts';
import { jury } from '../bridge/index.ts';
import { clampStep, navigate, type NavAction } from '../logic/replay-nav.ts';
import { messageOf, useNotices } from './notices.ts';

/** A finished game, move by move (`tournament.replay` and `tournament.rerun`). */
export type GameReplay = Response<'tournament.replay'>;
/** One step of a replay: the position after a move (step 0: the opening position). */
export type ReplayStep = GameReplay['steps'][number];

/** How a re-run compares with the stored game. */
export interface ReplayComparison {
  /** Same scores, statuses and ending. */
  readonly sameResult: boolean;
  /** Same moves, in the same order. */
  readonly sameMoves: boolean;
  /** The ply of the first move that differs (or where one game went on), null when the moves agree. */
  readonly firstDifference: number | null;
}

/** Compares a re-run with the stored game (the moves by their protocol lines). */
export function compareReplays(stored: GameReplay, rerun: GameReplay): ReplayComparison {
  const sameResult =
    JSON.stringify(stored.end) === JSON.stringify(rerun.end) &&
    stored.seats.length === rerun.seats.length &&
    stored.seats.every((s, i) => s.score === rerun.seats[i]?.score && s.status === rerun.seats[i]?.status);
  const moves = Math.max(stored.steps.length, rerun.steps.length);
  let firstDifference: number | null = null;
  for (let i = 0; i < moves; i++) {
    const a = stored.steps[i];
    const b = rerun.steps[i];
    if (a?.line !== b?.line || a?.seat !== b?.seat) {
      firstDifference = a?.ply ?? b?.ply ?? i;
      break;
    }
  }
  return { sameResult, sameMoves: firstDifference === null, firstDifference };
}

/**
 * The game viewer's replay: the stored game (loaded once per game), the step shown, and a re-run from
 * the same seed and board (not stored) to compare with it.
 */
export const useReplayStore = defineStore('replay', () => {
  const replay = ref<GameReplay | null>(null);
  /** The game shown (or being loaded). */
  const key = ref<{ id: string; index: number } | null>(null);
  const step = ref(0);
  const loading = ref(false);
  /** Why the game could not be loaded (not finished yet, gone), or null. */
  const error = ref<string | null>(null);
  const rerun = ref<GameReplay | null>(null);
  const rerunning = ref(false);
  let sequence = 0;

  const count = computed(() => replay.value?.steps.length ?? 0);
  const current = computed<ReplayStep | null>(() => replay.value?.steps[step.value] ?? null);
  const comparison = computed(() =>
    replay.value && rerun.value ? compareReplays(replay.value, rerun.value) : null,
  );

  /**
   * Loads game `index` of tournament `id` and shows its opening position; `read` reads it elsewhere
   * (an event's competition: {@link loadEventGame}).
   */
  async function load(
    id: string,
    index: number,
    read: () => Promise<GameReplay> = () => jury().tournamentReplay({ id, index }),
  ): Promise<void> {
    const mine = ++sequence;
    key.value = { id, index };
    replay.value = null;
    rerun.value = null;
    error.value = null;
    step.value = 0;
    loading.value = true;
    try {
      const answer = await read();
      if (mine === sequence) replay.value = answer;
    } catch (cause) {
      if (mine === sequence) error.value = messageOf(cause);
    } finally {
      if (mine === sequence) loading.value = false;
    }
  }

  /** Shows step `to` (held inside the game). */
  function go(to: number): void {
    step.value = clampStep(to, count.value);
  }

  /** First, previous, next or last step. */
  function act(action: NavAction): void {
    step.value = navigate(step.value, count.value, action);
  }

  /** Plays the game again from its seed and board; the result stays beside the stored one. */
  async function runAgain(): Promise<void> {
    const shown = key.value;
    if (shown === null || rerunning.value) return;
    const mine = sequence;
    rerunning.value = true;
    try {
      const answer = await jury().tournamentRerun(shown);
      if (mine === sequence) rerun.value = answer;
    } catch (cause) {
      if (mine === sequence) useNotices().error(cause);
    } finally {
      rerunning.value = false;
    }
  }

  /** Loads game `index` of an event's competition (the organiser's `event.replay`). */
  function loadEventGame(competition: string, index: number): Promise<void> {
    return load(competition, index, () => jury().eventReplay({ competition, index }));
  }

  return {
    loadEventGame,
    replay,
    key,
    step,
    loading,
    error,
    rerun,
    rerunning,
    count,
    current,
    comparison,
    load,
    go,
    act,
    runAgain,
  };
});
