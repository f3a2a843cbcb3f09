import type { BoardTextTree } from './board-texts.ts';
import { REFEREE_CAUSE_KEYS, type GameEnd } from './end.ts';
import { message, type GameTexts, type Message, type TextPath } from './message.ts';
import type { InputError, Result } from './result.ts';
import type { Seat } from './types.ts';

/**
 * What every game's board view model (`shared/games/<id>/board-view.ts`) has besides its drawing: an
 * accessible label, a one-line status and a legend, all as {@link Message}s for the renderer to
 * translate. The models are pure: the renderer gives them the colours to draw with ({@link BoardColours}).
 */

/** One seat in a board's legend. */
export interface LegendEntry {
  readonly seat: Seat;
  /** The seat's colour, from the {@link BoardColours} the caller gave. */
  readonly colour: string;
  /** The seat's name in the game (`Yellow`, `A`, `1`) and, when known, the player's name after it. */
  readonly name: Message;
  /** A short status: points, pieces home, pieces on the board. */
  readonly detail: Message;
  /** Whether this seat acts next. */
  readonly toAct: boolean;
}

/** The parts of a board view every game has. */
export interface BoardHeader {
  /** For the SVG's aria-label and title, such as `Less board, ply 12`. */
  readonly label: Message;
  /** Who is to act, or how the game ended. */
  readonly status: Message;
  readonly legend: readonly LegendEntry[];
}

/** A board view, or the reason the stored state could not be loaded (the game's `fromJson` error). */
export type BoardResult<V> = Result<V, InputError>;

/**
 * The colours a board is drawn with; the renderer owns the palette. `seats` has one colour per seat, in
 * seat order; `neutral` is for pieces of nobody and for a seat without a colour.
 */
export interface BoardColours {
  readonly seats: readonly string[];
  readonly neutral: string;
}

/** What a board view model needs besides the stored state. */
export interface BoardOptions<C extends BoardColours = BoardColours> {
  readonly colours: C;
  /** The last move line as the bot wrote it; lines that are not moves (`Nil`, `Quit`) highlight nothing. */
  readonly lastMove?: string | null | undefined;
  /** The players' names in seat order, shown in the legend after the seats' names. */
  readonly players?: readonly string[] | undefined;
}

/** The full key of a shared board text (`board.over`); the path is checked against the English texts. */
export function boardKey(path: TextPath<BoardTextTree>): string {
  return `board.${path}`;
}

/** The board's label: `Less board, ply 12`. `title` is the game's title, which is a name everywhere. */
export function boardLabel(title: string, ply: number): Message {
  return message(boardKey('label'), { game: title, ply });
}

/** The name of `seat` from a game's texts; `seat 3` for a seat the game does not have. */
export function seatName(texts: GameTexts, seat: Seat): Message {
  return texts.seats[seat] ?? message(boardKey('seat'), { n: seat + 1 });
}

/**
 * The legend name of a seat: the seat's name (`seat`), followed by the player's name when one is given
 * and differs from the seat's protocol name `seatName` (`Yellow · alice`).
 */
export function seatLabel(seat: Message, seatName: string, player: string | undefined): Message {
  if (player === undefined || player === '' || player === seatName) return seat;
  return message(boardKey('seatWithPlayer'), { seat, player });
}

/** `Game over: …`, how the game ended; `seat` names a seat in the game's words (`Yellow`, `bot 2`). */
export function gameOver(end: GameEnd, seat: (seat: Seat) => Message): Message {
  return message(boardKey('over'), { end: endMessage(end, seat) });
}

/** How a game ended, one text per kind; the compiler lists this switch when a kind is added. */
function endMessage(end: GameEnd, seat: (seat: Seat) => Message): Message {
  switch (end.kind) {
    case 'all-home':
      return message(boardKey('end.allHome'));
    case 'turn-limit-rush':
      return message(boardKey('end.turnLimitRush'));
    case 'stuck-rush':
      return message(boardKey('end.stuckRush'), { seat: seat(end.seat) });
    case 'stuck-cutoff':
      return message(boardKey('end.stuckCutoff'), { seat: seat(end.seat) });
    case 'move-cutoff':
      return message(boardKey('end.moveCutoff'), { moves: end.moves });
    case 'move-limit':
      return message(boardKey('end.moveLimit'), { moves: end.moves });
    case 'no-valid-move':
      return message(boardKey('end.noValidMove'), { seat: seat(end.seat) });
    case 'all-passed':
      return message(boardKey('end.allPassed'));
    case 'out-of-reach':
      return message(boardKey('end.outOfReach'), { seat: seat(end.seat) });
    case 'referee-report':
      return message(boardKey('end.refereeReport'), { message: end.message });
    case 'referee-failed':
      return message(boardKey(`end.refereeFailed.${REFEREE_CAUSE_KEYS[end.cause]}`));
  }
}
