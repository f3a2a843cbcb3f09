import { message, type GameTexts, type SameTexts, type TextPath } from '../message.ts';

/**
 * Less's texts in English and Dutch, under `game.less.` in the renderer: the seats' colour names and the
 * board's status line and legend (board-view.ts). The end of a game is described by the shared texts.
 */

const en = {
  seat: { yellow: 'Yellow', black: 'Black', white: 'White', red: 'Red' },
  status: {
    toMove: '{seat} to move, turn {turn} of {of}',
    rush: 'Final rush: {seat} is rushing home',
  },
  legend: {
    points: '{n} point | {n} points',
    pointsWithRush: '{points} + {rush} rush',
    detail: '{points}, {home}/{of} home',
    detailRushFailed: '{points}, {home}/{of} home, rush failed',
  },
} as const;

const nl: SameTexts<typeof en> = {
  seat: { yellow: 'Geel', black: 'Zwart', white: 'Wit', red: 'Rood' },
  status: {
    toMove: '{seat} aan zet, beurt {turn} van {of}',
    rush: 'Eindsprint: {seat} gaat rechtstreeks naar huis',
  },
  legend: {
    points: '{n} punt | {n} punten',
    pointsWithRush: '{points} + {rush} in de eindsprint',
    detail: '{points}, {home}/{of} thuis',
    detailRushFailed: '{points}, {home}/{of} thuis, eindsprint mislukt',
  },
};

/** The full key of one of Less's texts (`game.less.status.toMove`), checked against the English texts. */
export function lessKey(path: TextPath<typeof en>): string {
  return `game.less.${path}`;
}

/** Less's texts, attached to its module as `texts`. */
export const lessTexts: GameTexts = {
  en,
  nl,
  seats: (['yellow', 'black', 'white', 'red'] as const).map((seat) => message(lessKey(`seat.${seat}`))),
};
