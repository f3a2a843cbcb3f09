import { describe, expect, it } from 'vitest';
import { games as registry } from '../../games/registry.ts';
import { parseTotals, totalsEntries, totalsFromEntries } from './entries.ts';
import { rankEvent } from './rank.ts';
import { skillMatch } from './skill.ts';
import { fromOutcomes } from './totals.ts';
import { games, type Played } from '../../../test/helpers/ranking-games.ts';
import type { GameShape } from '../results/results.ts';

const more = registry.more.info;
const people = (ids: readonly string[]) => ids.map((id) => ({ id, name: id }));
const totalsOf = (all: readonly Played[], shape: GameShape = more) =>
  fromOutcomes(
    all.map((p) => p.outcome),
    all.map((p) => p.game),
    shape,
  );

describe('EventTotals', () => {
  it('keeps per stage per bot and per ordered pair totals, W/D/L by seatResults', () => {
    const g = games();
    g.play('swiss', ['A', 'B'], [15, 5]);
    g.play('swiss', ['B', 'A'], [9, 9]);
    g.play('final', ['A', 'B'], [12, 3], { statuses: ['OK', 'CRASH'] });
    const t = totalsOf(g.all);
    expect(t.games).toBe(3);
    expect(t.stages['swiss']!.bots['A']).toEqual({
      games: 2,
      points: 24,
      wins: 1,
      draws: 1,
      losses: 0,
      irregular: { TIMEOUT: 0, ILLEGAL: 0, CRASH: 0, EXIT: 0 },
    });
    expect(t.stages['final']!.bots['B']).toMatchObject({ losses: 1, irregular: { CRASH: 1 } });
    expect(t.stages['swiss']!.pairs['B']!['A']).toEqual({
      meetings: 2,
      opposed: 2,
      for: 14,
      against: 24,
      wins: 0,
      draws: 1,
      losses: 1,
    });
    expect([t.stages['swiss']!.first, t.stages['final']!.first]).toEqual([0, 2]);
  });

  it('counts Less partners as met but not opposed, and 6561 partners as opponents', () => {
    const g = games();
    g.play('main', ['A', 'B', 'C', 'D'], [15, 5, 12, 5]);
    const less = totalsOf(g.all, registry.less.info).stages['main']!;
    expect(less.pairs['A']!['C']).toMatchObject({ meetings: 1, opposed: 0 });
    expect(less.pairs['A']!['B']).toMatchObject({ meetings: 1, opposed: 1, wins: 1 });
    const h = games();
    h.play('main', ['A', 'B'], [40, 40]);
    const coop = totalsOf(h.all, registry['6561'].info);
    expect(coop.stages['main']!.pairs['A']!['B']).toMatchObject({ opposed: 1, draws: 1 });
    expect(Object.keys(coop.skill)).toEqual([]);
  });

  it('takes ids such as __proto__ and constructor as plain keys, through JSON and entries', () => {
    const ids = ['__proto__', 'constructor', 'toString'];
    const g = games();
    g.play('main', ['__proto__', 'constructor'], [15, 5]);
    g.play('main', ['toString', '__proto__'], [10, 10]);
    const t = totalsOf(g.all);
    expect(Object.keys(t.stages['main']!.bots).sort()).toEqual([...ids].sort());
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    const parsed = parseTotals(JSON.parse(JSON.stringify(t)));
    const entries = totalsFromEntries(totalsEntries(t).map(([k, v]) => [k, JSON.parse(JSON.stringify(v))]));
    expect(parsed.ok && entries.ok).toBe(true);
    const ctx = { participants: people(ids), shape: more };
    const r = rankEvent(t, ctx);
    expect(r.rows.map((row) => [row.id, row.points])).toEqual(
      [
        ['__proto__', 25],
        ['constructor', 5],
        ['toString', 10],
      ].sort((a, b) => (b[1] as number) - (a[1] as number)),
    );
    expect(parsed.ok && rankEvent(parsed.value, ctx)).toEqual(r);
    expect(entries.ok && rankEvent(entries.value, ctx)).toEqual(r);
  });

  it('refuses malformed or foreign entries with an InputError, never a throw', () => {
    expect(totalsFromEntries([['["event"]', { version: 99, games: 0, stages: {} }]])).toMatchObject({
      ok: false,
      error: { code: 'bad-totals' },
    });
    expect(totalsFromEntries([['["bot","main","A"]', { games: -1 }]]).ok).toBe(false);
    expect(totalsFromEntries([['not json', 1]]).ok).toBe(false);
    expect(totalsFromEntries([['["nothing"]', 1]]).ok).toBe(false);
    expect(parseTotals(null).ok).toBe(false);
    expect(parseTotals({ stages: { main: { bots: 1 } }, skill: {} }).ok).toBe(false);
  });
});

describe('openskill: an irregular loss is last place', () => {
  it('rates a bot that crashed every game below one that never failed', () => {
    const g = games();
    // The same scores every time: before, a crash with equal scores counted as a tie.
    for (let i = 0; i < 6; i++) {
      g.play('main', i % 2 ? ['A', 'B'] : ['B', 'A'], [10, 10], {
        statuses: i % 2 ? ['CRASH', 'OK'] : ['OK', 'CRASH'],
      });
    }
    const r = rankEvent(totalsOf(g.all), { participants: people(['A', 'B']), shape: more });
    const skill = Object.fromEntries(r.rows.map((row) => [row.id, row.skill!]));
    expect(skill['A']!.mu).toBeLessThan(25);
    expect(skill['B']!.mu).toBeGreaterThan(25);
    expect(skill['A']!.conservative).toBeLessThan(skill['B']!.conservative);
    // Elo and W/D/L agree: all six are losses for A.
    expect(r.rows.find((row) => row.id === 'A')!.wdl).toEqual({ wins: 0, draws: 0, losses: 6 });
    expect(r.rows.find((row) => row.id === 'A')!.elo!.elo).toBeLessThan(1500);
  });

  it('puts a failed seat last while its Less partner keeps the team result', () => {
    const g = games();
    // Team A+C scores 15 (C crashed, scoring 0); team B+D scores 5.
    const { outcome } = g.play('main', ['A', 'B', 'C', 'D'], [15, 5, 0, 5], {
      statuses: ['OK', 'OK', 'CRASH', 'OK'],
    });
    const match = skillMatch(outcome, [0, 1, 0, 1]);
    expect(match).toEqual({ sides: [[0], [1], [2], [3]], ranks: [1, 2, 3, 2] });
    expect(skillMatch({ ...outcome, statuses: ['OK', 'OK', 'OK', 'OK'] }, [0, 1, 0, 1])).toEqual({
      sides: [
        [0, 2],
        [1, 3],
      ],
      ranks: [1, 2],
    });
    const flit = skillMatch(
      { ...outcome, scores: [0, 1, 0, 0], statuses: ['OK', 'OK', 'TIMEOUT', 'EXIT'] },
      [0, 1, 2, 3],
    );
    expect(flit).toEqual({ sides: [[0], [1], [2], [3]], ranks: [2, 1, 3, 3] });
    const r = rankEvent(totalsOf(g.all, registry.less.info), {
      participants: people(['A', 'B', 'C', 'D']),
      shape: registry.less.info,
    });
    const mu = Object.fromEntries(r.rows.map((row) => [row.id, row.skill!.mu]));
    expect(mu['A']!).toBeGreaterThan(25);
    expect(mu['C']!).toBeLessThan(mu['B']!);
    expect(mu['B']).toBeCloseTo(mu['D']!, 12);
  });

  it('takes published results (an imported CodeCup game) before the scores: W/D/L and openskill', () => {
    const g = games();
    // WIN against WIN as published: two wins. openskill orders by the published result first, then by
    // the score: a DRAW with 100 above a LOSE with 200.
    const { outcome } = g.play('swiss', ['A', 'B'], [140, 160]);
    const both = { ...outcome, results: ['WIN', 'WIN'] as const };
    expect(skillMatch(both, [0, 1])).toEqual({ sides: [[0], [1]], ranks: [2, 1] });
    const drawn = { ...outcome, scores: [100, 200], results: ['DRAW', 'LOSE'] as const };
    expect(skillMatch(drawn, [0, 1])?.ranks).toEqual([1, 2]);
    // Box: LOSE with 93 against a TIMEOUT with 0; DRAW with 150 against one.
    const lose = { ...outcome, scores: [0, 93], statuses: ['TIMEOUT', 'OK'] as const };
    expect(skillMatch({ ...lose, results: ['LOSE', 'LOSE'] }, [0, 1])?.ranks).toEqual([2, 1]);
    const t = fromOutcomes(
      [both, { ...lose, index: 1, seats: ['C', 'D'], results: ['LOSE', 'LOSE'] }],
      [g.all[0]!.game, { ...g.all[0]!.game, index: 1, seats: ['C', 'D'] }],
      more,
    );
    expect(t.stages['swiss']?.bots['A']).toMatchObject({ wins: 1, losses: 0 });
    expect(t.stages['swiss']?.bots['B']).toMatchObject({ wins: 1, losses: 0 });
    expect(t.stages['swiss']?.bots['D']).toMatchObject({ points: 93, wins: 0, losses: 1 });
  });
});
