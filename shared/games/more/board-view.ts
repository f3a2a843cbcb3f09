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
import { stateFromJson } from './json.ts';
import { parseReply } from './protocol.ts';
import { isHome, MOVE_LIMIT, points, SEAT_NAMES, SIZE, TARGET_SQUARES, type MoreState } from './state.ts';
import { moreKey, moreTexts } from './texts.ts';

/**
 * The step of a More move line such as `a1c1`, read with the game's own codec (`parseReply`,
 * which does not depend on the position), or none when the line is not a move (`Nil`, `Start`, `Quit`).
 */
export function parseMoreLine(state: MoreState, line: string | null | undefined): SquareStep[] {
  if (line === null || line === undefined) return [];
  const move = parseReply(state, line);
  return move.ok ? [move.value] : [];
}

/**
 * The drawing of a stored More state (`moreGame.toJson`): walls, both target corners tinted in the colour
 * of the seat that must reach them, the stones, and the squares and step of `lastMove`; the texts as
 * messages under `game.more.` and `board.`. Fails with `moreGame.fromJson`'s error.
 */
export function moreView(json: unknown, options: BoardOptions): BoardResult<WallBoardView> {
  const loaded = stateFromJson(json);
  if (!loaded.ok) return loaded;
  const state = loaded.value;
  const colours = options.colours.seats;
  const steps = parseMoreLine(state, options.lastMove);
  return {
    ok: true,
    value: {
      label: boardLabel('More', state.moves[0] + state.moves[1]),
      status: status(state),
      legend: legend(state, colours, options.players ?? []),
      size: SIZE,
      walls: wallSegments(state.grid),
      areas: TARGET_SQUARES.map((squares, seat) => areaAround(SIZE, squares, seat, colours[seat] ?? '')),
      pieces: pieceMarks(SIZE, state.stones, colours),
      highlights: highlightMarks(SIZE, steps),
      steps: stepMarks(SIZE, steps),
    },
  };
}

function seatOf(seat: Seat): Message {
  return seatName(moreTexts, seat);
}

function status(state: MoreState): Message {
  if (state.end !== null) return gameOver(state.end, seatOf);
  const move = state.moves[0] + state.moves[1] + 1;
  return message(moreKey('status.toMove'), { seat: seatOf(state.toAct ?? 0), move, of: MOVE_LIMIT });
}

function legend(state: MoreState, colours: readonly string[], players: readonly string[]): LegendEntry[] {
  return SEAT_NAMES.map((name, seat) => {
    const n = points(state, seat);
    const counted = message(moreKey('legend.points'), { n }, n);
    return {
      seat,
      colour: colours[seat] ?? '',
      name: seatLabel(seatOf(seat), name, players[seat]),
      detail: isHome(state.stones, seat) ? message(moreKey('legend.home'), { points: counted }) : counted,
      toAct: state.toAct === seat,
    };
  });
}
