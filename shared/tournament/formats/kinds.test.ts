import { describe, expect, it } from 'vitest';
import {
  FORMAT_KINDS,
  cooperativeProblem,
  fitsSeats,
  formatMisfit,
  formatsFor,
  formatsForGame,
  seatProblem,
} from './kinds.ts';

describe('the seat rule of the formats', () => {
  it('pairs for round robin and knockout, 3 or more seats for groups, any game for Swiss and gauntlet', () => {
    const fitting = (seats: number) => FORMAT_KINDS.filter((kind) => fitsSeats(kind, seats));
    expect(fitting(2)).toEqual(['round-robin', 'swiss', 'knockout', 'gauntlet']);
    expect(fitting(3)).toEqual(['groups', 'swiss', 'gauntlet']);
    expect(fitting(4)).toEqual(['groups', 'swiss', 'gauntlet']);
    expect(fitting(6)).toEqual(['groups', 'swiss', 'gauntlet']);
  });

  it('formatsFor lists the fitting formats, the usual choice first', () => {
    expect(formatsFor(2)).toEqual(['round-robin', 'swiss', 'knockout', 'gauntlet']);
    expect(formatsFor(4)).toEqual(['groups', 'swiss', 'gauntlet']);
    expect(formatsFor(3)[0]).toBe('groups');
  });

  it('says why in one sentence naming the game, or null', () => {
    expect(seatProblem('round-robin', 4, 'Less')).toBe(
      'round robin is for 2-player games; Less has 4 seats (use groups)',
    );
    expect(seatProblem('knockout', 3)).toBe(
      'knockout is for 2-player games; this game has 3 seats (use groups)',
    );
    expect(seatProblem('groups', 2, '6561')).toBe(
      'groups are for games of 3 or more players; 6561 has 2 seats (use round robin)',
    );
    expect(seatProblem('groups', 3)).toBeNull();
    expect(seatProblem('swiss', 2)).toBeNull();
    expect(seatProblem('gauntlet', 4)).toBeNull();
  });
});

describe('formats a game can play', () => {
  it('leaves knockout out for a cooperative game, whose matches nobody wins', () => {
    expect(formatsForGame({ seats: 2, cooperative: true })).toEqual(['round-robin', 'swiss', 'gauntlet']);
    expect(formatsForGame({ seats: 2, cooperative: false })).toEqual(formatsFor(2));
    expect(formatMisfit('knockout', { seats: 2, cooperative: true })).toBe('cooperative');
    expect(formatMisfit('knockout', { seats: 4, cooperative: true })).toBe('seats');
    expect(cooperativeProblem('knockout', true, '6561')).toMatch(/^knockout needs matches that someone wins/);
    expect(cooperativeProblem('swiss', true, '6561')).toBeNull();
  });
});
