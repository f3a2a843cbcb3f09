/**
 * A game package's game as the app shows it: its protocol transcript (the lines between the referee and
 * the players, with times) instead of a board. Pure data: the engine's live boards build it from the
 * host's events, the renderer's transcript board draws it (live frames and the game viewer alike).
 */

/** One line of the dialogue: `program` 0 is the referee, k is player k; `dir` as the program sees it. */
export interface TranscriptLine {
  /** Milliseconds since the game started. */
  readonly ms: number;
  readonly program: number;
  /** `in`: written to the program; `out`: read from it. */
  readonly dir: 'in' | 'out';
  readonly text: string;
}

/** The state of a package game's board: its last lines and the tags its players got. */
export interface TranscriptState {
  readonly kind: 'transcript';
  readonly players: number;
  readonly lines: readonly TranscriptLine[];
  /** The first `<caiaio:…>` tag each failed player's failure made the referee receive. */
  readonly failures: readonly { readonly player: number; readonly tag: string }[];
  /** How many earlier lines were left out (a live board keeps only the last ones). */
  readonly omitted: number;
}

/** How many lines a live transcript keeps. */
export const LIVE_TRANSCRIPT_LINES = 80;

/** An empty transcript of a game of `players` players. */
export function emptyTranscript(players: number): TranscriptState {
  return { kind: 'transcript', players, lines: [], failures: [], omitted: 0 };
}

/** `state` with `line` added, keeping at most `keep` lines (the oldest go first). */
export function addTranscriptLine(
  state: TranscriptState,
  line: TranscriptLine,
  keep = LIVE_TRANSCRIPT_LINES,
): TranscriptState {
  const lines = [...state.lines, line];
  const drop = Math.max(0, lines.length - keep);
  return { ...state, lines: lines.slice(drop), omitted: state.omitted + drop };
}

/** `state` with player `player`'s failure tag noted. */
export function addTranscriptFailure(state: TranscriptState, player: number, tag: string): TranscriptState {
  return { ...state, failures: [...state.failures, { player, tag }] };
}

/** Whether a frame's or replay's JSON state is a transcript (a package game's), not a board. */
export function isTranscriptState(state: unknown): state is TranscriptState {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { kind?: unknown }).kind === 'transcript' &&
    Array.isArray((state as { lines?: unknown }).lines)
  );
}
