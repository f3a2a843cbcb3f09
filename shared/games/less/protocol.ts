import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import type { Delivery, Seat } from '../types.ts';
import { parseSquare } from '../walls/grid.ts';
import { SEAT_NAMES, SIZE, TEAMS } from './facts.ts';
import { formatStep } from './rules.ts';
import {
  actorOf,
  endOf,
  isActive,
  isTeamComplete,
  nextActive,
  type LessMove,
  type LessState,
} from './state.ts';

/** The line a finished player's turn is replaced with for the players still busy. */
export const NIL = 'Nil';
/** The line that starts a player's final rush. */
export const MOVE = 'Move';
/** The last line a player receives. */
export const QUIT = 'Quit';

/** A move as the acting program writes it: `h1f1:g1g3:h2f2` (a rush move is one step, `h1f1`). */
export function formatLessMove(move: LessMove): string {
  return move.steps.map(formatStep).join(':');
}

/**
 * Every seat first reads the board string, then its colour word. Yellow moves first, so its colour word
 * is its first prompt; the others are prompted by the turn lines that follow.
 */
export function lessOpening(state: LessState): readonly Delivery[] {
  return SEAT_NAMES.flatMap((name, seat) => [
    { seat, line: state.board },
    { seat, line: name },
  ]);
}

/**
 * One reply line of the acting seat: in normal play one to three moves separated by colons, each two
 * squares such as `h1f1`; in the rush exactly one move. Surrounding white space (such as the `\r` of a
 * Windows line end) is ignored; anything else that does not fit is an error naming the character.
 */
export function parseLessReply(state: LessState, line: string): Result<LessMove, InputError> {
  if (actorOf(state) === null) return inputError('game-over', 'the game is over; no reply is expected');
  const start = line.length - line.trimStart().length;
  const text = line.trim();
  if (text === '') return inputError('empty-reply', 'the reply is empty; expected moves such as h1f1:g1g3');
  const parts = text.split(':');
  if (state.rush && parts.length > 1) {
    return inputError(
      'rush-one-move',
      `in the rush each line holds exactly one move such as h1f1, not several; got ${quote(text)}`,
      start + (parts[0] as string).length,
    );
  }
  if (parts.length > 3) {
    return inputError(
      'too-many-moves',
      `a turn has at most three moves separated by ':'; got ${parts.length} in ${quote(text)}`,
    );
  }
  const steps = [];
  let offset = start;
  for (const [i, part] of parts.entries()) {
    const from = part.length === 4 ? parseSquare(SIZE, part.slice(0, 2)) : null;
    const to = part.length === 4 ? parseSquare(SIZE, part.slice(2)) : null;
    if (from === null || to === null) {
      const where = parts.length > 1 ? `move ${i + 1} of ${quote(text)}` : 'the reply';
      return inputError(
        'move-syntax',
        `${where} is ${quote(part)}; a move is two squares a1..h8 in lower case, such as h1f1`,
        offset,
      );
    }
    steps.push({ from, to });
    offset += part.length + 1;
  }
  return ok({ steps });
}

/**
 * The lines to write after `move` turned `before` into `after` (see the protocol in docs/rules/less.md):
 * - normal play: the turn to every other busy seat, then `Nil` to every busy seat for each finished seat
 *   skipped before the next player, whose last line is its prompt; `Quit` to a team that just completed;
 * - when the rush starts: the same, except that the line that would have prompted the next player is
 *   left out; then `Quit` to busy seats whose pieces are home and `Move` to the first rusher;
 * - in the rush: nothing while the rusher is busy; when it is done, `Quit` to it and `Move` to the next.
 */
export function lessAfterMove(before: LessState, move: LessMove, after: LessState): readonly Delivery[] {
  const seat = actorOf(before);
  if (seat === null) return [];
  if (before.rush) return afterRushStep(after, seat);
  const out: Delivery[] = [];
  TEAMS.forEach((team, t) => {
    if (isTeamComplete(after.pieces, t) && !isTeamComplete(before.pieces, t)) {
      for (const s of team) out.push({ seat: s, line: QUIT, last: true });
    }
  });
  if (endOf(after) !== null) return out;

  const next = nextActive(after.pieces, seat);
  if (next === null) return out;
  const busy = [0, 1, 2, 3].filter((s) => isActive(after.pieces, s));
  const lines: Delivery[] = busy
    .filter((s) => s !== seat)
    .map((s) => ({ seat: s, line: formatLessMove(move) }));
  for (let skipped = (seat + 1) % 4; skipped !== next; skipped = (skipped + 1) % 4) {
    for (const s of busy) lines.push({ seat: s, line: NIL });
  }
  if (!after.rush) return [...out, ...lines];

  // The rush replaces the next player's prompt with Move (or Quit when its pieces are home).
  const prompt = lines.map((d) => d.seat).lastIndexOf(next);
  out.push(...lines.filter((_, i) => i !== prompt));
  for (const s of busy) if (!after.rush.queue.includes(s)) out.push({ seat: s, line: QUIT, last: true });
  const first = after.rush.queue[0];
  if (first !== undefined) out.push({ seat: first, line: MOVE });
  return out;
}

function afterRushStep(after: LessState, seat: Seat): Delivery[] {
  const next = actorOf(after);
  if (next === seat) return [];
  return [{ seat, line: QUIT, last: true }, ...(next === null ? [] : [{ seat: next, line: MOVE }])];
}
