/**
 * The live boards of every game, for the live view, the game viewer and the report: `GameBoard` draws
 * any game's stored state (a game without a board component of its own as text, with `TextBoard`); the
 * palette gives every seat its colour (the standings chart uses it too).
 */
export { default as GameBoard } from './GameBoard.vue';
export { default as TextBoard } from './TextBoard.vue';
export {
  NAMED_COLOURS,
  NEUTRAL_COLOUR,
  SEAT_PALETTE,
  TILE_COLOURS,
  seatColour,
  seatColours,
} from './palette.ts';
export type { BoardProps, LegendEntry } from './view-types.ts';
