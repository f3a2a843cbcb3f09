import type { Colour } from '../../shared/games/6561/board.ts';
import type { BoardColours } from '../../shared/games/board-view.ts';
import { isBuiltInGameId, type BuiltInGameId } from '../../shared/games/registry.ts';
import type { GameId } from '../../shared/games/types.ts';

/**
 * The seat colours of Jury's boards and charts. Pieces are also drawn with an outline
 * (`--board-piece-stroke`), so that the named white and black pieces show on any background.
 */

/**
 * Four seat colours for seats that have no colour of their own (Flit's bots 1–4, 6561's A and B, the
 * standings chart): blue, orange, green and magenta after the Okabe–Ito palette, which stays apart for
 * the common colour-vision deficiencies. Each is a mid tone with a contrast of at least 3:1 against white
 * and against a dark background (#121212), so it reads in the light and the dark theme alike.
 */
export const SEAT_PALETTE: readonly string[] = ['#1f82d2', '#c98400', '#009e73', '#cc5fa0'];

/** Pieces that belong to nobody (Flit's neutral pieces), and anything else without a seat. */
export const NEUTRAL_COLOUR = '#8f8f8f';

/** The piece colours of games whose seats are named after colours, by seat name. */
export const NAMED_COLOURS: Readonly<Record<string, string>> = {
  Yellow: '#f2c230',
  Black: '#262626',
  White: '#f7f7f2',
  Red: '#d8343b',
};

/** The colours of 6561's pieces (blue, red and gray, as the rules name them). */
export const TILE_COLOURS: Readonly<Record<Colour, string>> = {
  blue: '#2f6fd0',
  red: '#d13b3b',
  gray: '#7a7a7a',
};

const named = (names: readonly string[]): string[] => names.map((n) => NAMED_COLOURS[n] ?? NEUTRAL_COLOUR);

/**
 * The seat colours of every built-in game, in seat order (the compiler checks that no game is missing).
 * Less (Yellow, Black, White, Red) and More (White, Black) use the colours their seats are named after,
 * so the board matches the protocol's colour words; 6561 and Flit use {@link SEAT_PALETTE}.
 */
const GAME_COLOURS: Readonly<Record<BuiltInGameId, readonly string[]>> = {
  less: named(['Yellow', 'Black', 'White', 'Red']),
  more: named(['White', 'Black']),
  '6561': SEAT_PALETTE.slice(0, 2),
  flit: SEAT_PALETTE,
};

/**
 * The colour of each seat of `game`, in seat order: its own colours for a built-in game, and
 * {@link SEAT_PALETTE} for a game added with `registerGame`.
 */
export function seatColours(game: GameId): readonly string[] {
  return isBuiltInGameId(game) ? GAME_COLOURS[game] : SEAT_PALETTE;
}

/** The colour of one seat of `game`; {@link NEUTRAL_COLOUR} for a seat the game does not have. */
export function seatColour(game: GameId, seat: number): string {
  return seatColours(game)[seat] ?? NEUTRAL_COLOUR;
}

/** The colours a game's board view model draws with (`shared/games/<id>/board-view.ts`). */
export function boardColours(game: GameId): BoardColours {
  return { seats: seatColours(game), neutral: NEUTRAL_COLOUR };
}
