import { describe, expect, it } from 'vitest';
import { games as registry } from '../../games/registry.ts';
import { fromOutcomes } from './totals.ts';
import { rankEvent } from './rank.ts';
import { games, type Played } from '../../../test/helpers/ranking-games.ts';
import type { GameShape } from '../results/results.ts';

const more = registry.more.info;
const flit = registry.flit.info;
const people = (ids: readonly string[]) => ids.map((id) => ({ id, name: id }));
const totalsOf = (all: readonly Played[], shape: GameShape = more) =>
  fromOutcomes(
    all.map((p) => p.outcome),
    all.map((p) => p.game),
    shape,
  );
const view = (r: ReturnType<typeof rankEvent>) => r.rows.map((x) => [x.place, x.id, x.stage, x.decidedBy]);

describe('rankEvent: Swiss then final (CodeCup)', () => {
  const g = games();
  // Swiss, every bot 2 games: D 35, C 19, B 20, A 16, E 6. Final between C and D: C wins.
  g.play('swiss', ['D', 'C'], [15, 5]);
  g.play('swiss', ['B', 'A'], [12, 8]);
  g.play('swiss', ['E', 'D'], [0, 20]);
  g.play('swiss', ['C', 'E'], [14, 6]);
  g.play('swiss', ['A', 'B'], [8, 8]);
  g.play('final', ['C', 'D'], [11, 9]);
  g.play('final', ['D', 'C'], [10, 10]);
  const totals = totalsOf(g.all);
  const ctx = { participants: people(['A', 'B', 'C', 'D', 'E']), shape: more };

  it('puts the finalists first by the final, then every other bot by its Swiss result', () => {
    const r = rankEvent(totals, ctx);
    expect(view(r)).toEqual([
      [1, 'C', 'final', null],
      [2, 'D', 'final', 'points'],
      [3, 'B', 'swiss', 'stage'],
      [4, 'A', 'swiss', 'points'],
      [5, 'E', 'swiss', 'points'],
    ]);
    expect(r.basis).toBe('points');
    expect(r.stages).toEqual([
      { stage: 'swiss', games: 5, participants: 5, basis: 'points', knockout: false },
      { stage: 'final', games: 2, participants: 2, basis: 'points', knockout: false },
    ]);
    const c = r.rows[0]!;
    expect([c.games, c.points, c.average]).toEqual([2, 21, 10.5]);
    expect(c.stages).toEqual([
      { stage: 'swiss', games: 2, points: 19, average: 9.5, wins: 1, draws: 0, losses: 1, irregularTotal: 0 },
      {
        stage: 'final',
        games: 2,
        points: 21,
        average: 10.5,
        wins: 1,
        draws: 1,
        losses: 0,
        irregularTotal: 0,
      },
    ]);
    // W/D/L over the view (the whole event), ratings from every game.
    expect(c.wdl).toEqual({ wins: 2, draws: 1, losses: 1 });
  });

  it('has a Swiss view (everyone by the Swiss) and a final view (finalists, then the rest without games)', () => {
    expect(view(rankEvent(totals, { ...ctx, view: { stage: 'swiss' } }))).toEqual([
      [1, 'D', 'swiss', null],
      [2, 'B', 'swiss', 'points'],
      [3, 'C', 'swiss', 'points'],
      [4, 'A', 'swiss', 'points'],
      [5, 'E', 'swiss', 'points'],
    ]);
    const final = rankEvent(totals, { ...ctx, view: { stage: 'final' } });
    expect(view(final)).toEqual([
      [1, 'C', 'final', null],
      [2, 'D', 'final', 'points'],
      [3, 'A', null, 'games'],
      [4, 'B', null, 'name'],
      [5, 'E', null, 'name'],
    ]);
    expect(final.rows[2]!.stages).toEqual([
      { stage: 'final', games: 0, points: 0, average: 0, wins: 0, draws: 0, losses: 0, irregularTotal: 0 },
    ]);
  });

  it('shows the same ratings in every view, from every game', () => {
    const ratings = (v: Parameters<typeof rankEvent>[1]['view']) =>
      Object.fromEntries(rankEvent(totals, { ...ctx, view: v }).rows.map((r) => [r.id, [r.elo, r.skill]]));
    expect(ratings({ stage: 'final' })).toEqual(ratings('event'));
    expect(ratings({ stage: 'swiss' })).toEqual(ratings('event'));
    // Rated from every game: the ratings average 1500 and follow the wins.
    const rows = rankEvent(totals, ctx).rows;
    const elos = rows.map((r) => r.elo!.elo);
    expect(elos.reduce((a, b) => a + b, 0) / elos.length).toBeCloseTo(1500, 6);
    for (const row of rows) expect(row.elo!.se).toBeGreaterThan(0);
  });

  it('ranks a scheduled finalist with the finalists before its first final game finishes', () => {
    const h = games();
    h.play('swiss', ['A', 'B'], [20, 0]);
    h.play('swiss', ['C', 'D'], [15, 5]);
    h.play('final', ['A', 'C'], [5, 15]);
    const members = { final: ['A', 'C', 'B'] };
    const r = rankEvent(totalsOf(h.all), {
      participants: people(['A', 'B', 'C', 'D']),
      shape: more,
      stageMembers: members,
    });
    expect(view(r)).toEqual([
      [1, 'C', 'final', null],
      // B has no final game yet: ranked with the finalists, by average (0 games), below those who played.
      [2, 'A', 'final', 'average'],
      [3, 'B', 'final', 'average'],
      [4, 'D', 'swiss', 'stage'],
    ]);
  });
});

describe('rankEvent: fair comparison', () => {
  it('ranks by average per game when game counts differ, and says so', () => {
    const g = games();
    // A: 1 game of 20 (average 20); B: 3 games, 30 points (average 10); C: 2 games, 24 (average 12).
    g.play('main', ['A', 'B'], [20, 0]);
    g.play('main', ['B', 'C'], [15, 12]);
    g.play('main', ['C', 'B'], [12, 15]);
    const r = rankEvent(totalsOf(g.all), { participants: people(['A', 'B', 'C']), shape: more });
    expect(r.rows.map((x) => [x.id, x.games, x.points, x.decidedBy])).toEqual([
      ['A', 1, 20, null],
      ['C', 2, 24, 'average'],
      ['B', 3, 30, 'average'],
    ]);
    expect(r.basis).toBe('average');
    expect(r.stages[0]!.basis).toBe('average');
  });

  it("ranks the issue's 5-bot groups case by average: 24 games at 13.3 above 48 games at 6.7", () => {
    const g = games();
    for (let i = 0; i < 12; i++) g.play('main', ['E', 'A', 'B', 'C'], [20, 5, 5, 10]);
    for (let i = 0; i < 12; i++) g.play('main', ['E', 'A', 'B', 'D'], [20, 5, 5, 10]);
    for (let i = 0; i < 24; i++) g.play('main', ['A', 'B', 'C', 'D'], [10, 10, 0, 0]);
    const r = rankEvent(totalsOf(g.all, flit), {
      participants: people(['A', 'B', 'C', 'D', 'E']),
      shape: flit,
    });
    // E: 24 games, 480 points (20); A and B: 48 games, 360 points (7.5); C and D: 36 games, 120 (3.3).
    expect(r.rows.map((x) => [x.id, x.games])).toEqual([
      ['E', 24],
      ['A', 48],
      ['B', 48],
      ['C', 36],
      ['D', 36],
    ]);
    expect(r.basis).toBe('average');
  });

  it('ranks by total points when every bot played as often', () => {
    const g = games();
    g.play('main', ['A', 'B'], [11, 9]);
    g.play('main', ['B', 'A'], [10, 9]);
    const r = rankEvent(totalsOf(g.all), { participants: people(['A', 'B']), shape: more });
    expect(r.basis).toBe('points');
    expect(r.rows.map((x) => [x.id, x.points, x.decidedBy])).toEqual([
      ['A', 20, null],
      ['B', 19, 'points'],
    ]);
  });
});

describe('rankEvent: tie-breaks (points, irregular, head-to-head, opponents, name)', () => {
  it('applies each criterion only among bots equal on all before it', () => {
    const g = games();
    // A round robin of five, four games each. A, C and D score 20, A with a timeout; C beat D. E and F
    // score 12, drew each other and met opponents of equal averages: the name decides.
    g.play('main', ['A', 'C'], [0, 0], { statuses: ['TIMEOUT', 'OK'] });
    g.play('main', ['A', 'D'], [0, 0]);
    g.play('main', ['A', 'E'], [10, 0]);
    g.play('main', ['A', 'F'], [10, 0]);
    g.play('main', ['C', 'D'], [11, 9]);
    g.play('main', ['C', 'E'], [9, 6]);
    g.play('main', ['C', 'F'], [0, 0]);
    g.play('main', ['D', 'E'], [0, 0]);
    g.play('main', ['D', 'F'], [11, 6]);
    g.play('main', ['E', 'F'], [6, 6]);
    const r = rankEvent(totalsOf(g.all), { participants: people(['A', 'C', 'D', 'E', 'F']), shape: more });
    expect(r.rows.map((x) => [x.id, x.points, x.irregularTotal, x.headToHead, x.decidedBy])).toEqual([
      ['C', 20, 0, 11, null],
      ['D', 20, 0, 9, 'head-to-head'],
      ['A', 20, 1, 0, 'irregular'],
      ['E', 12, 0, 6, 'points'],
      ['F', 12, 0, 6, 'name'],
    ]);
    expect(r.rows[3]!.opponentAverage).toBeCloseTo(r.rows[4]!.opponentAverage, 12);
  });

  it('breaks a remaining tie by the opponents met', () => {
    const g = games();
    g.play('main', ['S', 'X'], [10, 5]);
    g.play('main', ['W', 'Y'], [0, 5]);
    g.play('main', ['S', 'W'], [10, 0]);
    g.play('main', ['X', 'Y'], [5, 5]);
    const r = rankEvent(totalsOf(g.all), { participants: people(['W', 'X', 'Y', 'S']), shape: more });
    expect(r.rows.map((x) => [x.id, x.opponentAverage, x.decidedBy])).toEqual([
      ['S', 2.5, null],
      ['X', 7.5, 'points'],
      ['Y', 2.5, 'opponents'],
      ['W', 7.5, 'points'],
    ]);
  });
});
