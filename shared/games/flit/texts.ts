import { message, type GameTexts, type SameTexts, type TextPath } from '../message.ts';

/**
 * Flit's texts in English and Dutch, under `game.flit.` in the renderer: the bots' numbers, the board's
 * status line and legend (board-view.ts). The end of a game is described by the shared texts.
 */

const en = {
  // A seat is its bot's number; within a sentence it is "bot 2".
  seat: '{n}',
  bot: 'bot {n}',
  status: { toMove: 'Bot {n} to move, turn {turn} of {of}, {neutral} neutral' },
  legend: { pieces: '{n} piece | {n} pieces', frozen: '{pieces}, frozen' },
} as const;

const nl: SameTexts<typeof en> = {
  seat: '{n}',
  bot: 'bot {n}',
  status: { toMove: 'Bot {n} aan zet, beurt {turn} van {of}, {neutral} neutraal' },
  legend: { pieces: '{n} stuk | {n} stukken', frozen: '{pieces}, bevroren' },
};

/** The full key of one of Flit's texts (`game.flit.status.toMove`), checked against the English texts. */
export function flitKey(path: TextPath<typeof en>): string {
  return `game.flit.${path}`;
}

/** Flit's texts, attached to its module as `texts`. */
export const flitTexts: GameTexts = {
  en,
  nl,
  seats: [1, 2, 3, 4].map((n) => message(flitKey('seat'), { n })),
};
