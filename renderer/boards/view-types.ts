import type { InputError, Result } from '../../shared/games/result.ts';

/**
 * What every board view has besides its drawing: an accessible label, a one-line status and a legend.
 * The per-game helpers (less-view.ts, more-view.ts, view-6561.ts, flit-view.ts) return these inside a
 * {@link BoardResult}, so that a stored state that does not load shows its error instead of throwing.
 */

/** One seat in a board's legend. */
export interface LegendEntry {
  readonly seat: number;
  /** The seat's colour, from palette.ts. */
  readonly colour: string;
  /** The seat's name in the game (`Yellow`, `A`, `1`) and, when known, the player's name after it. */
  readonly name: string;
  /** A short status: points, pieces home, pieces on the board. */
  readonly detail: string;
  /** Whether this seat acts next. */
  readonly toAct: boolean;
}

/** The parts of a board view every game has. */
export interface BoardHeader {
  /** For the SVG's aria-label and title, such as `Less board, ply 12`. */
  readonly label: string;
  /** Who is to act, or how the game ended. */
  readonly status: string;
  readonly legend: readonly LegendEntry[];
}

/** A board view, or the reason the stored state could not be loaded. */
export type BoardResult<V> = Result<V, InputError>;

/**
 * The legend name of a seat: the game's seat name, followed by the player's name when one is given and
 * differs from it (`Yellow · alice`).
 */
export function seatLabel(seatName: string, player: string | undefined): string {
  return player === undefined || player === '' || player === seatName ? seatName : `${seatName} · ${player}`;
}

/** `n` with the singular or plural of a noun: `1 point`, `3 points`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

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
