import {
  boardLabel,
  gameOver,
  seatLabel,
  seatName,
  type BoardOptions,
  type BoardResult,
  type LegendEntry,
} from '../board-view.ts';
import { message, type Message } from '../message.ts';
import type { Seat } from '../types.ts';
import {
  areaAround,
  highlightMarks,
  pieceMarks,
  stepMarks,
  wallSegments,
  type SquareStep,
  type WallBoardView,
} from '../walls/board-view.ts';
import { parseSquare } from '../walls/grid.ts';
import { SEAT_NAMES, SIZE, TARGET_SQUARES, TURN_LIMIT } from './facts.ts';
import { lessFromJson } from './json.ts';
import { actorOf, endOf, type LessState } from './state.ts';
import { lessKey, lessTexts } from './texts.ts';

/** One to three moves such as `h1f1`, separated by colons, exactly as docs/rules/less.md writes a turn. */
const TURN_LINE = /^[a-h][1-8][a-h][1-8](?::[a-h][1-8][a-h][1-8]){0,2}$/;

/**
 * The steps of a Less move line (`h1f1:g1g3:h2f2`, or one rush move `h1f1`), or none when the line is
 * not a move (`Nil`, `Move`, `Quit`, garbage). This is a regular expression over the documented syntax
 * rather than the game's `parseReply`, which refuses every line once the game is over and several moves
 * in the rush: the last move of a game would then never be shown.
 */
export function parseLessLine(line: string | null | undefined): SquareStep[] {
  const text = line?.trim() ?? '';
  if (!TURN_LINE.test(text)) return [];
  return text.split(':').map((part) => ({
    from: parseSquare(SIZE, part.slice(0, 2)) ?? 0,
    to: parseSquare(SIZE, part.slice(2)) ?? 0,
  }));
}

/**
 * The drawing of a stored Less state (`lessGame.toJson`): walls, the four target corners tinted in the
 * colour of the seat that must reach them, the pieces (in the final rush the rusher's on top and the
 * others faded, since it rushes alone), and the squares and steps of `lastMove`; the texts as messages
 * under `game.less.` and `board.`. Fails with `lessGame.fromJson`'s error.
 */
export function lessView(json: unknown, options: BoardOptions): BoardResult<WallBoardView> {
  const loaded = lessFromJson(json);
  if (!loaded.ok) return loaded;
  const state = loaded.value;
  const colours = options.colours.seats;
  const rusher = state.rush?.queue[0];
  const pieces = pieceMarks(SIZE, state.pieces, colours, (seat) => rusher !== undefined && seat !== rusher);
  // Later elements are drawn on top: the rusher's pieces last.
  pieces.sort((a, b) => Number(a.seat === rusher) - Number(b.seat === rusher));
  const steps = parseLessLine(options.lastMove);
  const ply = sum(state.turns) + sum(state.rushMoves);
  return {
    ok: true,
    value: {
      label: boardLabel('Less', ply),
      status: status(state),
      legend: legend(state, colours, options.players ?? []),
      size: SIZE,
      walls: wallSegments(state.grid),
      areas: TARGET_SQUARES.map((squares, seat) => areaAround(SIZE, squares, seat, colours[seat] ?? '')),
      pieces,
      highlights: highlightMarks(SIZE, steps),
      steps: stepMarks(SIZE, steps),
    },
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function seatOf(seat: Seat): Message {
  return seatName(lessTexts, seat);
}

function status(state: LessState): Message {
  const end = endOf(state);
  if (end !== null) return gameOver(end, seatOf);
  const seat = actorOf(state) ?? 0;
  if (state.rush) return message(lessKey('status.rush'), { seat: seatOf(seat) });
  const turn = (state.turns[seat] ?? 0) + 1;
  return message(lessKey('status.toMove'), { seat: seatOf(seat), turn, of: TURN_LIMIT });
}

function legend(state: LessState, colours: readonly string[], players: readonly string[]): LegendEntry[] {
  const actor = actorOf(state);
  return SEAT_NAMES.map((name, seat) => {
    const target = TARGET_SQUARES[seat] ?? [];
    const home = (state.pieces[seat] ?? []).filter((sq) => target.includes(sq)).length;
    const rush = state.rushPoints[seat] ?? 0;
    const charged = state.charged[seat] ?? 0;
    const counted = message(lessKey('legend.points'), { n: charged }, charged);
    const points = rush > 0 ? message(lessKey('legend.pointsWithRush'), { points: counted, rush }) : counted;
    const detail = state.rushFailed[seat] ? 'legend.detailRushFailed' : 'legend.detail';
    return {
      seat,
      colour: colours[seat] ?? '',
      name: seatLabel(seatOf(seat), name, players[seat]),
      detail: message(lessKey(detail), { points, home, of: 4 }),
      toAct: actor === seat,
    };
  });
}
