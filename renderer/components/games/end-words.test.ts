import { describe, expect, it } from 'vitest';
import type { GameEnd } from '../../../shared/games/end.ts';
import { createJuryI18n } from '../../i18n/index.ts';
import { END_KINDS, endKindKey, endWords, formatDuration, isEndKind, judgeFromSteps } from './end-words.ts';

describe('end words', () => {
  const i18n = createJuryI18n('en');

  it('has a short text for every kind in both languages', () => {
    for (const locale of ['en', 'nl'] as const) {
      i18n.global.locale.value = locale;
      for (const kind of END_KINDS) {
        const key = endKindKey(kind);
        expect(i18n.global.te(key), `${locale} ${key}`).toBe(true);
      }
    }
    i18n.global.locale.value = 'en';
    expect(i18n.global.t(endKindKey('move-limit'))).toBe('Move limit');
  });

  it('names the seat or the move count in the full text', () => {
    const names = ['ann', 'bob'];
    const say = (end: GameEnd): string => {
      const w = endWords(end, names);
      return i18n.global.t(w.key, w.params);
    };
    expect(say({ kind: 'no-valid-move', seat: 1 })).toBe('bob had no valid move.');
    expect(say({ kind: 'move-limit', moves: 1000 })).toBe('The move limit of 1000 was reached.');
    expect(say({ kind: 'out-of-reach', seat: 3 })).toBe('#4 could no longer be caught.');
    expect(say({ kind: 'all-home' })).toBe('Every piece reached its target corner.');
  });

  it('does not blame a crashed bot for the lack of a valid move on a turn the judge was playing', () => {
    // 6561: Crasher (seat 0) crashed at move 3; the judge made its moves from then on.
    const steps = [
      { ply: 0, seat: null, by: null },
      { ply: 1, seat: 0, by: 'bot' },
      { ply: 2, seat: 1, by: 'bot' },
      { ply: 3, seat: 0, by: 'takeover' },
      { ply: 4, seat: 1, by: 'bot' },
      { ply: 5, seat: 0, by: 'takeover' },
    ];
    expect(judgeFromSteps(steps, 0)).toBe(3);
    expect(judgeFromSteps(steps, 1)).toBeNull();
    const end: GameEnd = { kind: 'no-valid-move', seat: 0 };
    const w = endWords(end, ['Crasher', 'Greedy'], (seat) => judgeFromSteps(steps, seat));
    expect(i18n.global.t(w.key, w.params)).toBe(
      'No valid move was left on Crasher’s turn, which the judge was playing since move 3 (the bot had failed).',
    );
    const nl = createJuryI18n('nl');
    expect(nl.global.t(w.key, w.params)).toBe(
      'Er was geen geldige zet meer voor de beurt van Crasher, die de jury sinds zet 3 speelde (de bot was uitgevallen).',
    );
  });

  it('recognises the kinds the engine sends', () => {
    expect(isEndKind('stuck-rush')).toBe(true);
    expect(isEndKind('resigned')).toBe(false);
  });
});

describe('formatDuration', () => {
  it('writes ms (a decimal below 10), seconds with one decimal, then minutes', () => {
    expect(formatDuration(0.43)).toBe('0.4 ms');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_440)).toBe('12.4 s');
    expect(formatDuration(12_440, 'nl')).toBe('12,4 s');
    expect(formatDuration(187_000)).toBe('3:07');
    expect(formatDuration(null)).toBe('–');
  });
});
