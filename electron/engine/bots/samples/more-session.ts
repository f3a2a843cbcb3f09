import { deriveSeed, Prng, type Seed } from '../../../../shared/random/prng.ts';
import type { Seat } from '../../../../shared/games/types.ts';
import { moreGame, type MoreState } from '../../../../shared/games/more/index.ts';
import { BLACK, SEAT_NAMES, WHITE } from '../../../../shared/games/more/state.ts';
import { ProtocolError, type BotSession } from './session.ts';
import type { MoreChooser } from './more-strategies.ts';

/**
 * A More player's side of the protocol (docs/rules/more.md): the board string; then White reads `Start`
 * while Black's first line is White's first move; then each line is the opponent's move (answered with
 * ours), or `Nil` once the opponent is home (answered with ours too), and `Quit` at the end. The
 * session keeps the game state with the game module, applying both players' moves.
 */
export class MoreSession implements BotSession {
  private readonly choose: MoreChooser;
  private readonly seed: Seed;
  private state: MoreState | null = null;
  private seat: Seat | null = null;
  private rng: Prng | null = null;
  private finished = false;

  /** A session that picks its moves with `choose`, its random choices seeded from `seed` and its colour. */
  constructor(choose: MoreChooser, seed: Seed) {
    this.choose = choose;
    this.seed = seed;
  }

  /** See {@link BotSession.done}. */
  get done(): boolean {
    return this.finished;
  }

  /** See {@link BotSession.feed}. */
  feed(line: string): readonly string[] {
    const text = line.trim();
    if (this.state === null) {
      const setup = moreGame.setup({ seed: 0, board: text });
      if (!setup.ok) throw new ProtocolError(`expected the board string: ${setup.error.message}`);
      this.state = setup.value;
      return [];
    }
    if (this.seat === null) {
      // White is told to start; Black learns its colour from reading White's first move instead.
      this.seat = text === 'Start' ? WHITE : BLACK;
      this.rng = Prng.fromSeed(deriveSeed(this.seed, SEAT_NAMES[this.seat] as string));
      if (text === 'Start') return this.play(this.state, this.seat);
    } else if (text === 'Quit') {
      this.finished = true;
      return [];
    } else if (text === 'Nil') {
      return this.play(this.state, this.seat);
    }
    this.follow(this.state, text);
    return this.play(this.state as MoreState, this.seat);
  }

  /** Applies the opponent's move line. */
  private follow(state: MoreState, text: string): void {
    const move = moreGame.parseReply(state, text);
    if (!move.ok)
      throw new ProtocolError(`cannot read the move ${JSON.stringify(text)}: ${move.error.message}`);
    const reason = moreGame.checkMove(state, move.value);
    if (reason !== null) throw new ProtocolError(`cannot follow the move ${JSON.stringify(text)}: ${reason}`);
    this.state = moreGame.apply(state, move.value);
  }

  /** Our move, which it must be whenever we are prompted. */
  private play(state: MoreState, seat: Seat): string[] {
    if (moreGame.toAct(state) !== seat) {
      throw new ProtocolError(
        `prompted to move, but by our count it is not ${SEAT_NAMES[seat] as string}'s turn`,
      );
    }
    const move = this.choose(state, this.rng as Prng);
    this.state = moreGame.apply(state, move);
    return [moreGame.formatMove(move)];
  }
}
