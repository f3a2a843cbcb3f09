import { describe, expect, it } from 'vitest';
import { textProblems, translator } from '../../test/helpers/board-texts.ts';
import { gameOver, seatLabel, seatName } from './board-view.ts';
import type { GameEnd } from './end.ts';
import { lessTexts } from './less/texts.ts';
import { message, type Message } from './message.ts';

const seat = (s: number): Message => seatName(lessTexts, s);
const english = translator('less', lessTexts, 'en');
const dutch = translator('less', lessTexts, 'nl');

/** One ending of every kind. */
const ENDS: readonly GameEnd[] = [
  { kind: 'all-home' },
  { kind: 'turn-limit-rush' },
  { kind: 'stuck-rush', seat: 2 },
  { kind: 'stuck-cutoff', seat: 1 },
  { kind: 'move-cutoff', moves: 80 },
  { kind: 'move-limit', moves: 1000 },
  { kind: 'no-valid-move', seat: 0 },
  { kind: 'all-passed' },
  { kind: 'out-of-reach', seat: 3 },
];

describe('gameOver', () => {
  it('describes every kind of ending with texts in English and Dutch', () => {
    const messages = ENDS.map((end) => gameOver(end, seat));
    expect(textProblems('less', lessTexts, messages)).toEqual([]);
    expect(messages.map(english)).toEqual([
      'Game over: all pieces reached their target corners',
      'Game over: turn limit reached; unfinished players rushed home',
      'Game over: White had no legal move; unfinished players rushed home',
      'Game over: Black had no legal move; remaining distances were added',
      'Game over: cut off after 80 moves; remaining distances were added',
      'Game over: move limit of 1000 reached',
      'Game over: Yellow had no valid move',
      'Game over: all four bots did not move in a row',
      'Game over: Red could no longer be caught',
    ]);
    expect(dutch(messages[6]!)).toBe('Partij afgelopen: Geel had geen geldige zet');
    expect(dutch(messages[4]!)).toBe(
      'Partij afgelopen: afgebroken na 80 zetten; de resterende afstanden zijn opgeteld',
    );
  });
});

describe('seat names', () => {
  it('adds the player after the seat unless it is missing, empty or the seat name itself', () => {
    const yellow = message('game.less.seat.yellow');
    expect(seatLabel(yellow, 'Yellow', 'ann')).toEqual({
      key: 'board.seatWithPlayer',
      values: { seat: yellow, player: 'ann' },
    });
    expect([undefined, '', 'Yellow'].map((player) => seatLabel(yellow, 'Yellow', player))).toEqual([
      yellow,
      yellow,
      yellow,
    ]);
    expect(dutch(seatLabel(yellow, 'Yellow', 'ann'))).toBe('Geel · ann');
  });

  it('names a seat the game does not have by its number', () => {
    expect(seatName(lessTexts, 1)).toEqual({ key: 'game.less.seat.black' });
    expect(seatName(lessTexts, 5)).toEqual({ key: 'board.seat', values: { n: 6 } });
    expect([english(seatName(lessTexts, 5)), dutch(seatName(lessTexts, 5))]).toEqual(['seat 6', 'plaats 6']);
  });
});
