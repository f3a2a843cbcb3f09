import { message, type GameTexts, type SameTexts, type TextPath } from '../message.ts';

/**
 * More's texts in English and Dutch, under `game.more.` in the renderer: the seats' colour names and the
 * board's status line and legend (board-view.ts). The end of a game is described by the shared texts.
 */

const en = {
  seat: { white: 'White', black: 'Black' },
  status: { toMove: '{seat} to move, move {move} of {of} (fewest penalty points wins)' },
  legend: { points: '{n} penalty point | {n} penalty points', home: '{points}, home' },
} as const;

const nl: SameTexts<typeof en> = {
  seat: { white: 'Wit', black: 'Zwart' },
  status: { toMove: '{seat} aan zet, zet {move} van {of} (de minste strafpunten wint)' },
  legend: { points: '{n} strafpunt | {n} strafpunten', home: '{points}, thuis' },
};

/** The full key of one of More's texts (`game.more.status.toMove`), checked against the English texts. */
export function moreKey(path: TextPath<typeof en>): string {
  return `game.more.${path}`;
}

/** More's texts, attached to its module as `texts`. */
export const moreTexts: GameTexts = {
  en,
  nl,
  seats: [message(moreKey('seat.white')), message(moreKey('seat.black'))],
};
