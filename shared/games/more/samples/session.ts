import type { Prng, Seed } from '../../../random/prng.ts';
import type { Seat } from '../../types.ts';
import { followMove, ProtocolError, TrackingSession } from '../../sample-session.ts';
import { moreGame, type MoreState } from '../index.ts';
import { BLACK, SEAT_NAMES, WHITE } from '../state.ts';
import type { MoreChooser } from './strategies.ts';

/**
 * A More player's side of the protocol (docs/rules/more.md): the board string; then White reads `Start`
 * while Black's first line is White's first move; then each line is the opponent's move (answered with
 * ours), or `Nil` once the opponent is home (answered with ours too), and `Quit` at the end. The
 * session keeps the game state with the game module, applying both players' moves.
 */
export class MoreSession extends TrackingSession {
  private readonly choose: MoreChooser;
  private state: MoreState | null = null;
  private seat: Seat | null = null;

  /** A session that picks its moves with `choose`, its random choices seeded from `seed` and its colour. */
  constructor(choose: MoreChooser, seed: Seed) {
    super(seed);
    this.choose = choose;
  }

  /** See {@link SampleSession.answer}. */
  protected answer(line: string): readonly string[] {
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
      this.seedFor(SEAT_NAMES[this.seat] as string);
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
    this.state = followMove(moreGame, state, text).state;
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
