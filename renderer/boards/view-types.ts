/**
 * The props every game's board component shares. The view models the boards draw live in each game's
 * folder (`shared/games/<id>/board-view.ts`) and return their texts as messages, which the components
 * translate (translate.ts).
 */
export type { BoardHeader, LegendEntry } from '../../shared/games/board-view.ts';

/** The props of every game's board component (GameBoard adds which game). */
export interface BoardProps {
  /** The stored state, exactly as the game's `toJson` made it. */
  readonly state: unknown;
  /** The last move line as the bot wrote it; lines that are not moves (`Nil`, `Quit`) highlight nothing. */
  readonly lastMove?: string | null;
  /** The players' names in seat order, shown in the legend beside the game's seat names. */
  readonly seatNames?: readonly string[];
  /** The board's width and height in pixels (default 320). */
  readonly size?: number;
}
