import {
  boardLabel,
  gameOver,
  seatLabel,
  seatName,
  type BoardHeader,
  type BoardOptions,
  type BoardResult,
  type LegendEntry,
} from '../board-view.ts';
import { message, type Message } from '../message.ts';
import { cellAt, EMPTY, NEUTRAL, SIZE, type Board } from './board.ts';
import { stateFromJson } from './json.ts';
import { parseReply, SEAT_NAMES } from './protocol.ts';
import { gameEnd, toAct } from './rules.ts';
import { BOTS, TURN_LIMIT, type FlitState, type Update } from './state.ts';
import { flitKey, flitTexts } from './texts.ts';

/** The cells of one colour as one SVG path. */
export interface FlitLayer {
  /** `seat-0` … `seat-3`, or `neutral`. */
  readonly key: string;
  readonly colour: string;
  /** Unit squares in cell coordinates (x the column, y the row), see {@link cellsPath}. */
  readonly d: string;
  readonly cells: number;
}

/** Everything a Flit board draws. The viewBox is `0 0 32 32`, one unit per cell. */
export interface FlitView extends BoardHeader {
  /** Always five layers, in the order seat 0–3, then the neutral pieces (an empty `d` draws nothing). */
  readonly layers: readonly FlitLayer[];
  /** The cells the last move came from and went to (a real move only, not a non-move). */
  readonly move: { readonly from: Cell; readonly to: Cell } | null;
  /** An outline around every cell the last turn changed (the state's `changes`), as one path. */
  readonly changed: string;
}

/** A cell by column `x` and row `y`. */
export interface Cell {
  readonly x: number;
  readonly y: number;
}

/**
 * The path of every cell of `board` holding `value`: each horizontal run of such cells in a row becomes
 * one rectangle `M x y h n v 1 h -n z`, so a whole colour is a single path element however many pieces
 * it has. The board does not wrap in the picture.
 */
export function cellsPath(board: Board, value: number): string {
  let d = '';
  for (let y = 0; y < SIZE; y++) {
    let x = 0;
    while (x < SIZE) {
      if (board[cellAt(x, y)] !== value) {
        x++;
        continue;
      }
      const start = x;
      while (x < SIZE && board[cellAt(x, y)] === value) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return d;
}

/** One unit square per update, for outlining the cells the last turn changed. */
export function changesPath(changes: readonly Update[]): string {
  return changes.map(({ x, y }) => `M${x} ${y}h1v1h-1z`).join('');
}

/**
 * The move of `lastMove`, read with the game's codec (`parseReply`, which does not depend on
 * the position); `null` for a non-move, a line that is not a move, or a move whose destination holds no
 * bot's piece in `state` (then the line does not belong to this state).
 */
export function parseFlitLine(state: FlitState, line: string | null | undefined): FlitView['move'] {
  if (line === null || line === undefined) return null;
  const parsed = parseReply(state, line);
  if (!parsed.ok) return null;
  const { x0, y0, x1, y1 } = parsed.value;
  const landed = state.board[cellAt(x1, y1)] ?? EMPTY;
  if ((x0 === x1 && y0 === y1) || landed === EMPTY || landed === NEUTRAL) return null;
  return { from: { x: x0, y: y0 }, to: { x: x1, y: y1 } };
}

/**
 * The drawing of a stored Flit state (`flitGame.toJson`): one path per bot's colour and one for the
 * neutral pieces, the last move's origin and destination, and the cells the last turn changed. The work
 * is one pass over the 1024 cells per colour; the texts are messages under `game.flit.` and `board.`. Fails
 * with `flitGame.fromJson`'s error.
 */
export function flitView(json: unknown, options: BoardOptions): BoardResult<FlitView> {
  const loaded = stateFromJson(json);
  if (!loaded.ok) return loaded;
  const state = loaded.value;
  const { seats: colours, neutral } = options.colours;
  const layers: FlitLayer[] = [];
  for (let seat = 0; seat < BOTS; seat++) {
    layers.push(layer(state, `seat-${seat}`, colours[seat] ?? neutral, seat + 1));
  }
  layers.push(layer(state, 'neutral', neutral, NEUTRAL));
  return {
    ok: true,
    value: {
      label: boardLabel('Flit', state.turns),
      status: status(state),
      legend: legend(state, options),
      layers,
      move: parseFlitLine(state, options.lastMove),
      changed: changesPath(state.changes),
    },
  };
}

function layer(state: FlitState, key: string, colour: string, value: number): FlitLayer {
  const cells = state.counts[value] ?? 0;
  return { key, colour, d: cells === 0 ? '' : cellsPath(state.board, value), cells };
}

function status(state: FlitState): Message {
  const end = gameEnd(state);
  if (end !== null) return gameOver(end, (seat) => message(flitKey('bot'), { n: seat + 1 }));
  const neutral = state.counts[NEUTRAL] ?? 0;
  const values = { n: state.next + 1, turn: state.turns + 1, of: TURN_LIMIT, neutral };
  return message(flitKey('status.toMove'), values);
}

function legend(state: FlitState, options: BoardOptions): LegendEntry[] {
  const actor = toAct(state);
  return SEAT_NAMES.map((name, seat) => {
    const n = state.counts[seat + 1] ?? 0;
    const pieces = message(flitKey('legend.pieces'), { n }, n);
    return {
      seat,
      colour: options.colours.seats[seat] ?? options.colours.neutral,
      name: seatLabel(seatName(flitTexts, seat), name, options.players?.[seat]),
      detail: state.seats[seat]?.frozen ? message(flitKey('legend.frozen'), { pieces }) : pieces,
      toAct: actor === seat,
    };
  });
}
