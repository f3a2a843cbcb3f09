import { deriveSeed, Prng, type Seed } from '../../../random/prng.ts';
import { ProtocolError, SampleSession, seatOf } from '../../sample-session.ts';
import { CELLS, cellAt, SIZE } from '../board.ts';
import { formatMove, SEAT_NAMES } from '../protocol.ts';
import type { FlitChooser } from './strategies.ts';

/**
 * A Flit bot's side of the protocol (docs/rules/flit.md): its own number 1–4, then updates `x y c` of
 * single cells (its own moves too: the judge tells every bot every change) and `M` when it must move.
 * The game has no last line: the judge closes standard input, and the runner exits at its end.
 *
 * The session keeps its own board from the updates only. It never applies its own move: a reply that
 * came too late is discarded by the judge, and the updates are then the only truth.
 */
export class FlitSession extends SampleSession {
  private readonly choose: FlitChooser;
  private readonly seed: Seed;
  private readonly board = new Uint8Array(CELLS);
  private colour = 0;
  private rng: Prng | null = null;

  /** A session that picks its moves with `choose`, its random choices seeded from `seed` and its number. */
  constructor(choose: FlitChooser, seed: Seed) {
    super();
    this.choose = choose;
    this.seed = seed;
  }

  /** Flit has no last line: the session is done only when its input ends. */
  get done(): boolean {
    return false;
  }

  /** See {@link SampleSession.answer}. */
  protected answer(line: string): readonly string[] {
    if (this.colour === 0) {
      const text = line.trim();
      this.colour = seatOf(SEAT_NAMES, text) + 1;
      this.rng = Prng.fromSeed(deriveSeed(this.seed, text));
      return [];
    }
    if (line.trim() === 'M') return [formatMove(this.choose(this.board, this.colour, this.rng as Prng))];
    this.update(line);
    return [];
  }

  /** Applies one update `x y c`. */
  private update(line: string): void {
    const fields = line.trim().split(/\s+/);
    const [x, y, c] = fields.map(Number) as [number, number, number];
    if (fields.length !== 3 || !isIn(x, SIZE) || !isIn(y, SIZE) || !isIn(c, 6)) {
      throw new ProtocolError(`expected an update "x y c" or M, got ${JSON.stringify(line)}`);
    }
    this.board[cellAt(x, y)] = c;
  }
}

function isIn(value: number, limit: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < limit;
}
