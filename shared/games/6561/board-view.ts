import { boardSum, fieldIndex, SIZE, type Colour, type Direction } from '../../shared/games/6561/board.ts';
import { game6561, type Move6561, type State6561 } from '../../shared/games/6561/index.ts';
import { SEAT_NAMES } from '../../shared/games/6561/protocol.ts';
import { MOVE_LIMIT, rhythmStep } from '../../shared/games/6561/rhythm.ts';
import { describeEnd } from '../../shared/games/end.ts';
import { seatColours, TILE_COLOURS } from './palette.ts';
import { plural, seatLabel, type BoardHeader, type BoardResult, type LegendEntry } from './view-types.ts';

/** One piece on the 4×4 board; `x` is the column and `y` the row, both 0-based from the top left. */
export interface TileMark {
  /** The field index `(row - 1) * 4 + (column - 1)`. */
  readonly key: number;
  readonly x: number;
  readonly y: number;
  readonly colour: Colour;
  readonly fill: string;
  readonly value: number;
  /** Font size in squares, smaller for longer values so that `177147` still fits. */
  readonly fontSize: number;
}

/** The edge of the board the last slide tilted toward, as a line in squares. */
export interface SlideMark {
  readonly direction: Direction;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Everything a 6561 board draws. The viewBox is `0 0 4 4`. */
export interface View6561 extends BoardHeader {
  readonly tiles: readonly TileMark[];
  /** The field the last move placed a piece on, or `null`. */
  readonly placed: { readonly x: number; readonly y: number } | null;
  /** The edge the last move slid the board toward, or `null`. */
  readonly slide: SlideMark | null;
  readonly sum: number;
  readonly maxSum: number;
}

/**
 * The last move, read with the game's own codec (`game6561.parseReply`, which does not depend on the
 * position): a field `rk` or a slide `U`, `D`, `L`, `R`; `null` for anything else (`A`, `Quit`).
 */
export function parse6561Line(state: State6561, line: string | null | undefined): Move6561 | null {
  if (line === null || line === undefined) return null;
  const move = game6561.parseReply(state, line);
  return move.ok ? move.value : null;
}

const EDGES: Readonly<Record<Direction, readonly [number, number, number, number]>> = {
  U: [0, 0, SIZE, 0],
  D: [0, SIZE, SIZE, SIZE],
  L: [0, 0, 0, SIZE],
  R: [SIZE, 0, SIZE, SIZE],
};

/**
 * The drawing of a stored 6561 state (`game6561.toJson`): every piece as a tile in its colour with its
 * value, the field of the last placement, or the edge the last slide tilted toward. The highlight is
 * shown only where the state agrees with `lastMove`: a placement when that field holds a piece, a slide
 * when the rhythm's last move was a slide. Fails with `game6561.fromJson`'s error.
 */
export function view6561(
  json: unknown,
  lastMove?: string | null,
  players: readonly string[] = [],
): BoardResult<View6561> {
  const loaded = game6561.fromJson(json);
  if (!loaded.ok) return loaded;
  const state = loaded.value;
  const tiles: TileMark[] = [];
  state.board.forEach((piece, key) => {
    if (piece === null) return;
    const digits = String(piece.value).length;
    tiles.push({
      key,
      x: key % SIZE,
      y: Math.floor(key / SIZE),
      colour: piece.colour,
      fill: TILE_COLOURS[piece.colour],
      value: piece.value,
      fontSize: Math.min(0.42, 1.3 / digits),
    });
  });
  const move = parse6561Line(state, lastMove);
  let placed: View6561['placed'] = null;
  let slide: SlideMark | null = null;
  if (move?.kind === 'place' && state.board[fieldIndex(move.row, move.column)] != null) {
    placed = { x: move.column - 1, y: move.row - 1 };
  } else if (move?.kind === 'slide' && state.moves > 0 && rhythmStep(state.moves - 1).kind === 'slide') {
    const [x1, y1, x2, y2] = EDGES[move.direction];
    slide = { direction: move.direction, x1, y1, x2, y2 };
  }
  return {
    ok: true,
    value: {
      label: `6561 board, ply ${state.moves}`,
      status: status(state),
      legend: legend(state, players),
      tiles,
      placed,
      slide,
      sum: boardSum(state.board),
      maxSum: state.maxSum,
    },
  };
}

function status(state: State6561): string {
  const end = game6561.end(state);
  if (end !== null) return `Game over: ${describeEnd(end, SEAT_NAMES)}`;
  const step = rhythmStep(state.moves);
  const seat = SEAT_NAMES[state.moves % 2] ?? '';
  const what = step.kind === 'place' ? `place a ${step.colour} 1` : 'slide';
  return `${seat} to ${what}, move ${state.moves + 1} of ${MOVE_LIMIT}`;
}

function legend(state: State6561, players: readonly string[]): LegendEntry[] {
  const colours = seatColours('6561');
  const actor = game6561.toAct(state);
  // A makes the odd-numbered moves, B the even-numbered ones.
  const made = [Math.ceil(state.moves / 2), Math.floor(state.moves / 2)];
  return SEAT_NAMES.map((seatName, seat) => ({
    seat,
    colour: colours[seat] ?? '',
    name: seatLabel(seatName, players[seat]),
    detail: plural(made[seat] ?? 0, 'move'),
    toAct: actor === seat,
  }));
}
