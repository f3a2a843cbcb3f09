import {
  boardLabel,
  gameOver,
  seatLabel,
  seatName,
  type BoardColours,
  type BoardHeader,
  type BoardOptions,
  type BoardResult,
  type LegendEntry,
} from '../board-view.ts';
import { message, type Message } from '../message.ts';
import type { Seat } from '../types.ts';
import { boardSum, fieldIndex, SIZE, type Colour, type Direction } from './board.ts';
import { parseReply, SEAT_NAMES } from './protocol.ts';
import { MOVE_LIMIT, rhythmStep } from './rhythm.ts';
import { gameEnd, toAct } from './rules.ts';
import { stateFromJson, type Move6561, type State6561 } from './state.ts';
import { key6561, texts6561 } from './texts.ts';

/** The colours of a 6561 board: the seats' and one per colour of piece (blue, red, gray). */
export interface Colours6561 extends BoardColours {
  readonly tiles: Readonly<Record<Colour, string>>;
}

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
  /** `Sum 3 · best 3`, shown under the board. */
  readonly sums: Message;
}

/**
 * The last move, read with the game's own codec (`parseReply`, which does not depend on the
 * position): a field `rk` or a slide `U`, `D`, `L`, `R`; `null` for anything else (`A`, `Quit`).
 */
export function parse6561Line(state: State6561, line: string | null | undefined): Move6561 | null {
  if (line === null || line === undefined) return null;
  const move = parseReply(state, line);
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
 * when the rhythm's last move was a slide; the texts as messages under `game.6561.` and `board.`. Fails
 * with `game6561.fromJson`'s error.
 */
export function view6561(json: unknown, options: BoardOptions<Colours6561>): BoardResult<View6561> {
  const loaded = stateFromJson(json);
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
      fill: options.colours.tiles[piece.colour],
      value: piece.value,
      fontSize: Math.min(0.42, 1.3 / digits),
    });
  });
  const move = parse6561Line(state, options.lastMove);
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
      label: boardLabel('6561', state.moves),
      status: status(state),
      legend: legend(state, options.colours.seats, options.players ?? []),
      tiles,
      placed,
      slide,
      sum: boardSum(state.board),
      maxSum: state.maxSum,
      sums: message(key6561('sums'), { sum: boardSum(state.board), best: state.maxSum }),
    },
  };
}

function seatOf(seat: Seat): Message {
  return seatName(texts6561, seat);
}

function status(state: State6561): Message {
  const end = gameEnd(state);
  if (end !== null) return gameOver(end, seatOf);
  const step = rhythmStep(state.moves);
  const values = { seat: seatOf(state.moves % 2), move: state.moves + 1, of: MOVE_LIMIT };
  if (step.kind === 'slide') return message(key6561('status.slide'), values);
  return message(key6561(`status.place.${step.colour}`), values);
}

function legend(state: State6561, colours: readonly string[], players: readonly string[]): LegendEntry[] {
  const actor = toAct(state);
  // A makes the odd-numbered moves, B the even-numbered ones.
  const made = [Math.ceil(state.moves / 2), Math.floor(state.moves / 2)];
  return SEAT_NAMES.map((name, seat) => {
    const n = made[seat] ?? 0;
    return {
      seat,
      colour: colours[seat] ?? '',
      name: seatLabel(seatOf(seat), name, players[seat]),
      detail: message(key6561('legend.moves'), { n }, n),
      toAct: actor === seat,
    };
  });
}
