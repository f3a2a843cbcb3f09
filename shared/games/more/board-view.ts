import { describeEnd } from '../../shared/games/end.ts';
import { moreGame, type MoreState } from '../../shared/games/more/index.ts';
import {
  isHome,
  MOVE_LIMIT,
  points,
  SEAT_NAMES,
  SIZE,
  TARGET_SQUARES,
} from '../../shared/games/more/state.ts';
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

/**
 * The step of a More move line such as `a1c1`, read with the game's own codec (`moreGame.parseReply`,
 * which does not depend on the position), or none when the line is not a move (`Nil`, `Start`, `Quit`).
 */
export function parseMoreLine(state: MoreState, line: string | null | undefined): SquareStep[] {
  if (line === null || line === undefined) return [];
  const move = moreGame.parseReply(state, line);
  return move.ok ? [move.value] : [];
}

/**
 * The drawing of a stored More state (`moreGame.toJson`): walls, both target corners tinted in the colour
 * of the seat that must reach them, the stones, and the squares and step of `lastMove`. `players` are the
 * players' names in seat order, for the legend. Fails with `moreGame.fromJson`'s error.
 */
export function moreView(
  json: unknown,
  lastMove?: string | null,
  players: readonly string[] = [],
): BoardResult<WallBoardView> {
  const loaded = moreGame.fromJson(json);
  if (!loaded.ok) return loaded;
  const state = loaded.value;
  const colours = seatColours('more');
  const steps = parseMoreLine(state, lastMove);
  return {
    ok: true,
    value: {
      label: `More board, ply ${state.moves[0] + state.moves[1]}`,
      status: status(state),
      legend: legend(state, colours, players),
      size: SIZE,
      walls: wallSegments(state.grid),
      areas: TARGET_SQUARES.map((squares, seat) => areaAround(SIZE, squares, seat, colours[seat] ?? '')),
      pieces: pieceMarks(SIZE, state.stones, colours),
      highlights: highlightMarks(SIZE, steps),
      steps: stepMarks(SIZE, steps),
    },
  };
}

function status(state: MoreState): string {
  if (state.end !== null) return `Game over: ${describeEnd(state.end, SEAT_NAMES)}`;
  const seat = state.toAct ?? 0;
  return `${SEAT_NAMES[seat] ?? ''} to move, move ${state.moves[0] + state.moves[1] + 1} of ${MOVE_LIMIT}`;
}

function legend(state: MoreState, colours: readonly string[], players: readonly string[]): LegendEntry[] {
  return SEAT_NAMES.map((seatName, seat) => ({
    seat,
    colour: colours[seat] ?? '',
    name: seatLabel(seatName, players[seat]),
    detail: plural(points(state, seat), 'point') + (isHome(state.stones, seat) ? ', home' : ''),
    toAct: state.toAct === seat,
  }));
}
