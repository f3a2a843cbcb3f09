import { isTranscriptState, type TranscriptState } from '../../shared/games/packages/transcript.ts';

/**
 * View maths of a package game's transcript board: each line's time as seconds with milliseconds, and
 * who wrote or read it (program 0 is the referee, k is player k, named by its seat when known).
 */

/** One row of the transcript as the board shows it. */
export interface TranscriptRow {
  readonly time: string;
  /** 0 for the referee, else the player's number. */
  readonly program: number;
  readonly dir: 'in' | 'out';
  readonly text: string;
}

/** `ms` as seconds with three decimals (`1.250`). */
export function transcriptTime(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** The rows of a transcript state, or null when `state` is not one. */
export function transcriptRows(state: unknown): TranscriptRow[] | null {
  if (!isTranscriptState(state)) return null;
  return state.lines.map((l) => ({
    time: transcriptTime(l.ms),
    program: l.program,
    dir: l.dir,
    text: l.text,
  }));
}

/** The state as a transcript, or null. */
export function asTranscript(state: unknown): TranscriptState | null {
  return isTranscriptState(state) ? state : null;
}
