import { describe, expect, it } from 'vitest';
import { games as registry } from '../../games/registry.ts';
import { knockout } from '../formats/knockout.ts';
import { testContext } from '../formats/simulate.ts';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { rankEvent } from './rank.ts';
import { addOutcome, emptyTotals } from './totals.ts';
import type { EventTotals } from './types.ts';

const more = registry.more.info;

/**
 * Plays a whole knockout with the real scheduler: in every game the bot with the higher strength scores
 * 15 against 5 (equal strengths: 10 each). Returns the totals, in schedule order.
 */
function play(n: number, k: number, strength: (id: string) => number): EventTotals {
  const context = testContext(n, 2);
  const scheduler = knockout({ gamesPerMatch: k });
  const scheduled: ScheduledGame[] = [];
  const outcomes = new Map<number, GameOutcome>();
  const totals = emptyTotals();
  for (;;) {
    const answer = scheduler.next(context, { scheduled, outcomes });
    if (answer.kind !== 'games') break;
    for (const game of answer.games) {
      const [a = '', b = ''] = game.seats;
      const d = strength(a) - strength(b);
      const scores = d > 0 ? [15, 5] : d < 0 ? [5, 15] : [10, 10];
      const o: GameOutcome = {
        index: game.index,
        seats: game.seats,
        scores,
        statuses: ['OK', 'OK'],
        end: 'all-home',
        times: [],
        budgetUs: 1,
      };
      scheduled.push(game);
      outcomes.set(game.index, o);
      addOutcome(totals, o, game, more);
    }
  }
  return totals;
}

const places = (totals: EventTotals, n: number, gamesPerMatch?: number) =>
  rankEvent(totals, { participants: testContext(n, 2).participants, shape: more, gamesPerMatch }).rows.map(
    (r) => [r.id, r.place, r.placeTo, r.knockout?.champion ?? null],
  );

describe('rankEvent: knockout placements', () => {
  // p1 is the strongest, p8 the weakest; seeds follow the participants' order.
  const strength = (id: string): number => 100 - Number(id.slice(1));

  it('names the champion and the runner-up, then shares places by the round lost (3–4, 5–8)', () => {
    const totals = play(8, 2, strength);
    const rows = places(totals, 8, 2);
    expect(rows.slice(0, 2)).toEqual([
      ['p1', 1, 1, true],
      ['p2', 2, 2, false],
    ]);
    expect(rows.slice(2, 4).map((r) => r.slice(1))).toEqual([
      [3, 4, false],
      [3, 4, false],
    ]);
    expect(new Set(rows.slice(2, 4).map((r) => r[0]))).toEqual(new Set(['p3', 'p4']));
    expect(rows.slice(4).map((r) => [r[1], r[2]])).toEqual([
      [5, 8],
      [5, 8],
      [5, 8],
      [5, 8],
    ]);
    const r = rankEvent(totals, {
      participants: testContext(8, 2).participants,
      shape: more,
      gamesPerMatch: 2,
    });
    expect(r.stages[0]!.knockout).toBe(true);
    expect(r.rows[1]!.decidedBy).toBe('knockout');
    expect(r.rows.every((row) => row.stage === 'knockout')).toBe(true);
    // The same in the stage view.
    expect(places(totals, 8, 2)).toEqual(
      rankEvent(totals, {
        participants: testContext(8, 2).participants,
        shape: more,
        gamesPerMatch: 2,
        view: { stage: 'knockout' },
      }).rows.map((x) => [x.id, x.place, x.placeTo, x.knockout?.champion ?? null]),
    );
  });

  it('places a field of 5 with byes: 1, 2, 3–4 and the one first-round loser fifth', () => {
    const rows = places(play(5, 1, strength), 5, 1);
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
      [3, 4],
      [5, 5],
    ]);
    expect(rows[0]![0]).toBe('p1');
    expect(rows[4]![0]).toBe('p5');
  });

  it('follows the decider, and names no champion without the games per match', () => {
    // Equal strengths: two drawn games, a drawn decider, so the higher seed (p1) goes on.
    const totals = play(2, 2, () => 1);
    expect(places(totals, 2, 2)).toEqual([
      ['p1', 1, 1, true],
      ['p2', 2, 2, false],
    ]);
    expect(places(totals, 2)).toEqual([
      ['p1', 1, 2, false],
      ['p2', 1, 2, false],
    ]);
  });

  it('keeps bots still in above the eliminated while the bracket runs', () => {
    const context = testContext(4, 2);
    const first = knockout({ gamesPerMatch: 1 }).next(context, { scheduled: [], outcomes: new Map() });
    if (first.kind !== 'games') throw new Error('expected games');
    const totals = emptyTotals();
    const game = first.games[0]!;
    addOutcome(
      totals,
      {
        index: game.index,
        seats: game.seats,
        scores: [5, 15],
        statuses: ['OK', 'OK'],
        end: 'all-home',
        times: [],
        budgetUs: 1,
      },
      game,
      more,
    );
    const rows = places(totals, 4, 1);
    // One semi-final played: its loser is out (place 4); the three others are still in (1–3).
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      [1, 3],
      [1, 3],
      [1, 3],
      [4, 4],
    ]);
    expect(rows[3]![0]).toBe(game.seats[0]);
  });
});
