import { describe, expect, it } from 'vitest';
import { games } from '../../games/registry.ts';
import type { GameOutcome, SeatStatus } from '../types.ts';
import { computeStandings } from './standings.ts';

const more = games.more.info;
let next = 0;
/** A finished game with default statuses and times. */
function g(seats: string[], scores: number[], statuses?: SeatStatus[]): GameOutcome {
  const times = seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 }));
  return {
    index: next++,
    seats,
    scores,
    statuses: statuses ?? seats.map(() => 'OK'),
    end: 'all-home',
    times,
    budgetUs: 1,
  };
}
const people = (...ids: string[]) => ids.map((id) => ({ id, name: id }));

describe('computeStandings', () => {
  it('sums points, games, averages, W/D/L and irregular losses by kind', () => {
    const rows = computeStandings(
      people('A', 'B'),
      [g(['A', 'B'], [15, 5]), g(['B', 'A'], [10, 10]), g(['A', 'B'], [0, 20], ['TIMEOUT', 'OK'])],
      more,
    );
    expect(rows.map((r) => [r.rank, r.id, r.points, r.games, r.average])).toEqual([
      [1, 'B', 35, 3, 35 / 3],
      [2, 'A', 25, 3, 25 / 3],
    ]);
    const a = rows[1]!;
    expect(a.wdl).toEqual({ wins: 1, draws: 1, losses: 1 });
    expect(a.irregular).toEqual({ TIMEOUT: 1, ILLEGAL: 0, CRASH: 0, EXIT: 0 });
    expect(a.irregularTotal).toBe(1);
    expect(rows[0]!.wdl).toEqual({ wins: 1, draws: 1, losses: 1 });
  });

  it('breaks a points tie by fewer irregular losses', () => {
    const rows = computeStandings(
      people('A', 'B', 'C'),
      [g(['A', 'C'], [0, 20], ['EXIT', 'OK']), g(['B', 'C'], [0, 20]), g(['A', 'B'], [10, 10])],
      more,
    );
    expect(rows.map((r) => [r.id, r.points, r.irregularTotal, r.decidedBy])).toEqual([
      ['C', 40, 0, null],
      ['B', 10, 0, 'points'],
      ['A', 10, 1, 'irregular'],
    ]);
  });

  it('then by head-to-head points among the tied', () => {
    const rows = computeStandings(
      people('A', 'B', 'C', 'D'),
      [g(['A', 'B'], [12, 8]), g(['A', 'D'], [8, 12]), g(['B', 'C'], [12, 8])],
      more,
    );
    expect(rows.map((r) => [r.id, r.points, r.headToHead, r.decidedBy])).toEqual([
      ['A', 20, 12, null],
      ['B', 20, 8, 'head-to-head'],
      ['D', 12, 0, 'points'],
      ['C', 8, 0, 'points'],
    ]);
  });

  it('then by the average points of the opponents met, then by name', () => {
    const rows = computeStandings(
      people('A', 'B', 'C', 'D', 'E', 'y', 'x'),
      [g(['A', 'C'], [10, 10]), g(['B', 'D'], [10, 10]), g(['C', 'E'], [20, 0]), g(['D', 'E'], [5, 15])],
      more,
    );
    expect(rows.map((r) => [r.id, r.points, r.opponentAverage, r.decidedBy])).toEqual([
      ['C', 30, 8.75, null],
      ['E', 15, 11.25, 'points'],
      ['D', 15, 8.75, 'head-to-head'],
      ['A', 10, 15, 'points'],
      ['B', 10, 7.5, 'opponents'],
      ['x', 0, 0, 'points'],
      ['y', 0, 0, 'name'],
    ]);
  });

  it('counts Less by team and gives 6561 no W/D/L', () => {
    const less = computeStandings(
      people('A', 'B', 'C', 'D'),
      [g(['A', 'B', 'C', 'D'], [15, 5, 0, 5], ['OK', 'OK', 'CRASH', 'OK'])],
      games.less.info,
    );
    expect(Object.fromEntries(less.map((r) => [r.id, r.wdl?.wins ?? -1]))).toEqual({
      A: 1,
      B: 0,
      C: 0,
      D: 0,
    });
    expect(less.find((r) => r.id === 'C')!.irregular.CRASH).toBe(1);
    const coop = computeStandings(people('A', 'B'), [g(['A', 'B'], [512, 512])], games['6561'].info);
    expect(coop.map((r) => [r.points, r.wdl])).toEqual([
      [512, null],
      [512, null],
    ]);
  });
});
