import { Prng, deriveSeed, type Seed } from '../../shared/random/prng.ts';
import type { AnyGameModule, Delivery, Json } from '../../shared/games/types.ts';
import type { GameEnd } from '../../shared/games/end.ts';

/** One complete game played in memory, as the conformance suite and the golden recorder see it. */
export interface Playout {
  readonly seed: Seed;
  readonly board?: string;
  /** Every reply line, in order, as the acting program would have written it. */
  readonly replies: readonly string[];
  /** Every line written to a seat, in order, as `seat:line` (a trailing `!` marks a last line). */
  readonly transcript: readonly string[];
  readonly end: GameEnd;
  readonly scores: readonly number[];
  readonly plies: number;
}

/** A transcript entry of a delivery: `seat:line`, with `!` after the seat for a last line. */
export function transcriptEntry(d: Delivery): string {
  return `${d.seat}${d.last ? '!' : ''}:${d.line}`;
}

/**
 * Plays a whole game in memory: at every ply the acting seat plays either the takeover move or a
 * uniformly random legal move (chosen by a Prng seeded from `seed`), checking nothing. Returns `null`
 * when the game did not end within `maxPlies`.
 */
export function playOut(
  game: AnyGameModule,
  seed: Seed,
  options: { board?: string; randomShare?: number; maxPlies?: number } = {},
): Playout | null {
  const setup = game.setup(options.board === undefined ? { seed } : { seed, board: options.board });
  if (!setup.ok) throw new Error(`setup failed: ${setup.error.message}`);
  let state: unknown = setup.value;
  const chooser = Prng.fromSeed(deriveSeed(seed, 'playout'));
  const replies: string[] = [];
  const transcript = game.opening(state).map(transcriptEntry);
  const maxPlies = options.maxPlies ?? 100_000;
  let plies = 0;
  while (game.toAct(state) !== null) {
    if (plies++ >= maxPlies) return null;
    const random = chooser.float() < (options.randomShare ?? 0.5);
    const move = random
      ? chooser.pick(game.legalMoves(state))
      : game.takeover(state, deriveSeed(seed, plies));
    replies.push(game.formatMove(move));
    const next = game.apply(state, move);
    transcript.push(...game.afterMove(state, move, next).map(transcriptEntry));
    state = next;
  }
  const end = game.end(state);
  if (end === null) throw new Error('toAct is null but end is null');
  const failed = new Array<boolean>(game.info.seats).fill(false);
  return {
    seed,
    ...(options.board === undefined ? {} : { board: options.board }),
    replies,
    transcript,
    end,
    scores: game.scores(state, failed),
    plies,
  };
}

/** Plain JSON of a value (strips undefined, normalises arrays) for deep comparisons of states. */
export function plain(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
