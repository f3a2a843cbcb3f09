import { describeEnd } from '../../shared/games/end.ts';
import { lessGame, type LessState } from '../../shared/games/less/index.ts';
import { SEAT_NAMES, SIZE, TARGET_SQUARES, TURN_LIMIT } from '../../shared/games/less/facts.ts';
import { parseSquare } from '../../shared/games/walls/grid.ts';
import { seatColours } from './palette.ts';
import { plural, seatLabel, type BoardResult, type LegendEntry } from './view-types.ts';
import {
  areaAround,
  highlightMarks,
  pieceMarks,
  stepMarks,
  wallSegments,
  type SquareStep,
  type WallBoardView,
} from './wall-view.ts';

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
 * others faded, since it rushes alone), and the squares and steps of `lastMove`. `players` are the names
 * of the players in seat order, for the legend. Fails with `lessGame.fromJson`'s error.
 */
export function lessView(
  json: unknown,
  lastMove?: string | null,
  players: readonly string[] = [],
): BoardResult<WallBoardView> {
  const loaded = lessGame.fromJson(json);
  if (!loaded.ok) return loaded;
  const state = loaded.value;
  const colours = seatColours('less');
  const rusher = state.rush?.queue[0];
  const pieces = pieceMarks(SIZE, state.pieces, colours, (seat) => rusher !== undefined && seat !== rusher);
  // Later elements are drawn on top: the rusher's pieces last.
  pieces.sort((a, b) => Number(a.seat === rusher) - Number(b.seat === rusher));
  const steps = parseLessLine(lastMove);
  const ply = sum(state.turns) + sum(state.rushMoves);
  return {
    ok: true,
    value: {
      label: `Less board, ply ${ply}`,
      status: status(state),
      legend: legend(state, colours, players),
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

function status(state: LessState): string {
  const end = lessGame.end(state);
  if (end !== null) return `Game over: ${describeEnd(end, SEAT_NAMES)}`;
  const seat = lessGame.toAct(state) ?? 0;
  const name = SEAT_NAMES[seat] ?? '';
  if (state.rush) return `Final rush: ${name} is rushing home`;
  return `${name} to move, turn ${(state.turns[seat] ?? 0) + 1} of ${TURN_LIMIT}`;
}

function legend(state: LessState, colours: readonly string[], players: readonly string[]): LegendEntry[] {
  const actor = lessGame.toAct(state);
  return SEAT_NAMES.map((seatName, seat) => {
    const target = TARGET_SQUARES[seat] ?? [];
    const home = (state.pieces[seat] ?? []).filter((sq) => target.includes(sq)).length;
    const rush = state.rushPoints[seat] ?? 0;
    const points = plural(state.charged[seat] ?? 0, 'point') + (rush > 0 ? ` + ${rush} rush` : '');
    return {
      seat,
      colour: colours[seat] ?? '',
      name: seatLabel(seatName, players[seat]),
      detail: `${points}, ${home}/4 home${state.rushFailed[seat] ? ', rush failed' : ''}`,
      toAct: actor === seat,
    };
  });
}
