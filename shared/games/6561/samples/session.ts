import type { Prng, Seed } from '../../../random/prng.ts';
import type { Seat } from '../../types.ts';
import { followMove, ProtocolError, seatOf, TrackingSession } from '../../sample-session.ts';
import { game6561, type State6561 } from '../index.ts';
import { SEAT_NAMES } from '../protocol.ts';
import type { Chooser6561 } from './strategies.ts';

/**
 * A 6561 player's side of the protocol (docs/rules/6561.md): `A` or `B` first (A moves at once); then
 * each line is the partner's move, answered with ours, until `Quit`. The session keeps the game state
 * with the game module, applying both players' moves.
 */
export class Session6561 extends TrackingSession {
  private readonly choose: Chooser6561;
  private state: State6561 = initial();
  private seat: Seat | null = null;

  /** A session that picks its moves with `choose`, its random choices seeded from `seed` and its letter. */
  constructor(choose: Chooser6561, seed: Seed) {
    super(seed);
    this.choose = choose;
  }

  /** See {@link SampleSession.answer}. */
  protected answer(line: string): readonly string[] {
    const text = line.trim();
    if (this.seat === null) {
      this.seat = seatOf(SEAT_NAMES, text);
      this.seedFor(text);
      return this.seat === 0 ? this.play(this.seat) : [];
    }
    if (text === 'Quit') {
      this.finished = true;
      return [];
    }
    this.state = followMove(game6561, this.state, text).state;
    return this.play(this.seat);
  }

  /** Our move, which it must be whenever we read the partner's move. */
  private play(seat: Seat): string[] {
    if (game6561.toAct(this.state) !== seat) {
      throw new ProtocolError(
        `prompted to move, but by our count it is not ${SEAT_NAMES[seat] as string}'s turn`,
      );
    }
    const move = this.choose(this.state, this.rng as Prng);
    this.state = game6561.apply(this.state, move);
    return [game6561.formatMove(move)];
  }
}

function initial(): State6561 {
  const setup = game6561.setup({ seed: 0 });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}
