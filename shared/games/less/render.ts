import { describeEnd } from '../end.ts';
import { wallBetween } from '../walls/grid.ts';
import { SEAT_LETTERS, SEAT_NAMES, SIZE, TARGET_SQUARES, TEAMS, TURN_LIMIT } from './facts.ts';
import { teamTotal } from './scores.ts';
import { actorOf, endOf, isHome, moverOf, ownerMap, type LessState } from './state.ts';

const VERTICAL = [' ', '|', '#'];
const HORIZONTAL = ['   ', '---', '==='];

/**
 * A text picture of the position: the board with walls (`|` and `---` single, `#` and `===` double) and
 * pieces (Y, B, W, R; `.` empty), then who is to act, each seat's turns and points, and the team totals.
 */
export function renderLess(state: LessState): string {
  // In the rush pieces of different colours may share a square (each player rushes alone): show the
  // rushing player's on top.
  const rusher = state.rush?.queue[0];
  const owner = ownerMap(state.pieces);
  if (rusher !== undefined) for (const sq of state.pieces[rusher] ?? []) owner[sq] = rusher;
  const border = `   +${'---+'.repeat(SIZE)}`;
  const lines = [`     ${[...Array(SIZE).keys()].map((c) => String(c + 1)).join('   ')}`, border];
  for (let row = 0; row < SIZE; row++) {
    let text = ` ${String.fromCharCode(97 + row)} |`;
    for (let col = 0; col < SIZE; col++) {
      const sq = row * SIZE + col;
      const who = owner[sq] as number;
      text += ` ${who === -1 ? '.' : SEAT_LETTERS[who]} `;
      text += col === SIZE - 1 ? '|' : VERTICAL[wallBetween(state.grid, sq, sq + 1)];
    }
    lines.push(text);
    if (row === SIZE - 1) break;
    let under = '   +';
    for (let col = 0; col < SIZE; col++) {
      const sq = row * SIZE + col;
      under += `${HORIZONTAL[wallBetween(state.grid, sq, sq + SIZE)]}+`;
    }
    lines.push(under);
  }
  lines.push(border, status(state));
  for (let seat = 0; seat < 4; seat++) {
    let text = `${SEAT_NAMES[seat]?.padEnd(6)}  turns ${String(state.turns[seat]).padStart(2)}/${TURN_LIMIT}  points ${String(state.charged[seat]).padStart(2)}`;
    if (state.rush || (state.rushMoves[seat] as number) > 0) {
      text += `  rush ${state.rushMoves[seat]} moves ${state.rushPoints[seat]} points`;
    }
    text += isHome(state.pieces, seat) ? '  home' : `  ${countHome(state, seat)}/4 home`;
    if (state.rushFailed[seat]) text += '  RUSH FAILED';
    lines.push(text);
  }
  lines.push(
    TEAMS.map((team, t) => `${team.map((s) => SEAT_NAMES[s]).join('+')} ${teamTotal(state, t)}`).join(
      '  ·  ',
    ),
  );
  return lines.join('\n');
}

function countHome(state: LessState, seat: number): number {
  const target = TARGET_SQUARES[seat] as readonly number[];
  return (state.pieces[seat] as readonly number[]).filter((sq) => target.includes(sq)).length;
}

function status(state: LessState): string {
  const end = endOf(state);
  if (end) return `Game over: ${describeEnd(end, SEAT_NAMES)}.`;
  const seat = actorOf(state) as number;
  if (state.rush) {
    const why =
      state.rush.cause.kind === 'stuck' ? `${SEAT_NAMES[state.rush.cause.seat]} was stuck` : 'turn limit';
    return `Final rush (${why}): ${SEAT_NAMES[seat]} is rushing home; then ${
      state.rush.queue
        .slice(1)
        .map((s) => SEAT_NAMES[s])
        .join(', ') || 'nobody'
    }.`;
  }
  const mover = moverOf(state.pieces, seat);
  const whose = mover === seat ? '' : ` (moving ${SEAT_NAMES[mover]}'s pieces)`;
  return `${SEAT_NAMES[seat]} to move: turn ${(state.turns[seat] as number) + 1} of ${TURN_LIMIT}, 3 points${whose}.`;
}
