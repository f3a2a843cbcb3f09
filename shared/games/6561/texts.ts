import { message, type GameTexts, type SameTexts, type TextPath } from '../message.ts';

/**
 * 6561's texts in English and Dutch, under `game.6561.` in the renderer: the seats A and B, the board's
 * status line (which piece to place, or a slide), the legend and the line with the board sums
 * (board-view.ts). The end of a game is described by the shared texts.
 */

const en = {
  seat: { a: 'A', b: 'B' },
  status: {
    // One text per colour: Dutch inflects the colour word ("een blauwe 1").
    place: {
      blue: '{seat} to place a blue 1, move {move} of {of}',
      red: '{seat} to place a red 1, move {move} of {of}',
      gray: '{seat} to place a gray 1, move {move} of {of}',
    },
    slide: '{seat} to slide, move {move} of {of}',
  },
  legend: { moves: '{n} move | {n} moves' },
  sums: 'Sum {sum} · best {best}',
} as const;

const nl: SameTexts<typeof en> = {
  seat: { a: 'A', b: 'B' },
  status: {
    place: {
      blue: '{seat} moet een blauwe 1 plaatsen, zet {move} van {of}',
      red: '{seat} moet een rode 1 plaatsen, zet {move} van {of}',
      gray: '{seat} moet een grijze 1 plaatsen, zet {move} van {of}',
    },
    slide: '{seat} moet schuiven, zet {move} van {of}',
  },
  legend: { moves: '{n} zet | {n} zetten' },
  sums: 'Som {sum} · beste {best}',
};

/** The full key of one of 6561's texts (`game.6561.status.slide`), checked against the English texts. */
export function key6561(path: TextPath<typeof en>): string {
  return `game.6561.${path}`;
}

/** 6561's texts, attached to its module as `texts`. */
export const texts6561: GameTexts = {
  en,
  nl,
  seats: [message(key6561('seat.a')), message(key6561('seat.b'))],
};
