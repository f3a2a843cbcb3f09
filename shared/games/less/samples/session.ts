import type { Prng, Seed } from '../../../random/prng.ts';
import type { Seat } from '../../types.ts';
import { followMove, ProtocolError, seatOf, TrackingSession } from '../../sample-session.ts';
import { lessGame, type LessMove, type LessState } from '../index.ts';
import { SEAT_NAMES } from '../facts.ts';
import { nextActive } from '../state.ts';
import { rushLines, type LessChooser } from './strategies.ts';

/**
 * A Less player's side of the protocol (docs/rules/less.md): the board string, the colour word, then
 * the other players' turns, `Nil` for each finished player's turn, `Move` to start the final rush and
 * `Quit` at the end. The session keeps the whole game state with the game module: every turn line it
 * reads is parsed, checked and applied exactly as the judge does, with the seat to act as the mover.
 *
 * When to answer: the player is prompted by the last line before its turn. After a turn by seat s, every
 * busy player reads one `Nil` for each finished seat skipped before the next one, so the session counts
 * the `Nil` lines still due and answers only when it is to act and none is left.
 */
export class LessSession extends TrackingSession {
  private readonly choose: LessChooser;
  private state: LessState | null = null;
  private seat: Seat | null = null;
  private nilsDue = 0;

  /** A session that picks its turns with `choose`, its random choices seeded from `seed` and its colour. */
  constructor(choose: LessChooser, seed: Seed) {
    super(seed);
    this.choose = choose;
  }

  /** See {@link SampleSession.answer}. */
  protected answer(line: string): readonly string[] {
    const text = line.trim();
    if (this.state === null) {
      const setup = lessGame.setup({ seed: 0, board: text });
      if (!setup.ok) throw new ProtocolError(`expected the board string: ${setup.error.message}`);
      this.state = setup.value;
      return [];
    }
    if (this.seat === null) {
      this.seat = seatOf(SEAT_NAMES, text);
      this.seedFor(text);
      return this.play(this.state, this.seat);
    }
    switch (text) {
      case 'Quit':
        this.finished = true;
        return [];
      case 'Nil':
        if (this.nilsDue === 0) throw new ProtocolError('read Nil where a turn was expected');
        this.nilsDue--;
        return this.play(this.state, this.seat);
      case 'Move':
        // Our rush: the others' boards are separate, so only our own pieces matter. If our prompt was
        // left out for the rush, the turn we missed was an opponent's, which never moves our pieces.
        return rushLines(this.state, this.seat);
      default:
        this.follow(this.state, text);
        return this.play(this.state, this.seat);
    }
  }

  /** Applies another player's turn line, as the seat to act in our copy of the game. */
  private follow(state: LessState, text: string): void {
    if (this.nilsDue > 0) throw new ProtocolError(`expected Nil, got ${JSON.stringify(text)}`);
    const mover = lessGame.toAct(state) as Seat;
    const { state: after } = followMove(lessGame, state, text);
    this.state = after;
    this.nilsDue = skippedAfter(after, mover);
  }

  /** Our turn, if it is ours now and no `Nil` is still due; nothing otherwise (and in the rush). */
  private play(state: LessState, seat: Seat): string[] {
    if (state.rush !== null || this.nilsDue > 0 || lessGame.toAct(state) !== seat) return [];
    const move = this.choose(state, this.rng as Prng);
    this.advance(state, move);
    return [lessGame.formatMove(move)];
  }

  private advance(state: LessState, move: LessMove): void {
    const mover = lessGame.toAct(state) as Seat;
    const after = lessGame.apply(state, move);
    this.state = after;
    this.nilsDue = skippedAfter(after, mover);
  }
}

/** The finished seats between `mover` and the next player: one `Nil` each for every busy player. */
function skippedAfter(after: LessState, mover: Seat): number {
  const next = nextActive(after.pieces, mover);
  if (next === null) return 0;
  return (next - mover + 3) % 4;
}
