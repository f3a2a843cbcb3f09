import { describe, expect, it } from 'vitest';
import { knockoutBracket, stageOverview, summarizeMatches, type BracketMatch } from './bracket.ts';
import type { GameRow } from './game-filter.ts';

/** A game row: a finished one when scores are given, else `state`. */
function game(
  index: number,
  match: string,
  seats: string[],
  scores: number[] | null,
  state: GameRow['state'] = scores ? 'finished' : 'scheduled',
): GameRow {
  const [stage = '', r = 'r1'] = match.split('/');
  const round = Number(/\d+/.exec(r)?.[0] ?? 1);
  return {
    index,
    stage,
    round,
    match,
    seats,
    state,
    scores,
    statuses: scores ? seats.map(() => 'OK' as const) : null,
    end: scores ? 'move-limit' : null,
    durationMs: scores ? 1000 : null,
  };
}

/** A bracket match as `[top, bottom, state, winner]`. */
const brief = (m: BracketMatch): [string | null, string | null, string, string | null] => [
  m.top.name,
  m.bottom.name,
  m.state,
  m.winner,
];

describe('summarizeMatches', () => {
  it('totals a match over its finished games and names the leader once all are in', () => {
    const rows = [
      game(0, 'main/r1/g1', ['a', 'b', 'c', 'd'], [5, 9, 2, 0]),
      game(1, 'main/r1/g1', ['b', 'c', 'd', 'a'], [1, 4, 0, 3]),
      game(2, 'main/r1/g2', ['e', 'f', 'g', 'h'], [1, 1, 1, 1]),
      game(3, 'main/r1/g2', ['f', 'g', 'h', 'e'], null, 'running'),
    ];
    const [g1, g2] = summarizeMatches(rows);
    expect(g1).toMatchObject({ bots: ['a', 'b', 'c', 'd'], points: [8, 10, 6, 0], finished: 2, total: 2 });
    expect(g1!.leader).toBe('b');
    expect(g1!.games).toEqual([0, 1]);
    expect(g2).toMatchObject({ finished: 1, total: 2, running: true, leader: null });
  });

  it('has no leader on a shared top', () => {
    const [m] = summarizeMatches([
      game(0, 'swiss/r1/m1', ['a', 'b'], [1, 0]),
      game(1, 'swiss/r1/m1', ['b', 'a'], [1, 0]),
    ]);
    expect(m!.points).toEqual([1, 1]);
    expect(m!.leader).toBeNull();
  });
});

describe('stageOverview', () => {
  it('groups stages in schedule order, rounds ascending', () => {
    const rows = [
      game(0, 'swiss/r1/m1', ['a', 'b'], [1, 0]),
      game(1, 'swiss/r1/m1', ['b', 'a'], [0, 1]),
      game(2, 'swiss/r1/m2', ['c', 'd'], [0, 1]),
      game(3, 'swiss/r2/m1', ['a', 'd'], null, 'running'),
      game(4, 'final/c1/a|d', ['a', 'd'], null),
    ];
    const overview = stageOverview(rows);
    expect(
      overview.map((s) => [s.stage, s.rounds.map((r) => [r.round, r.matches.map((m) => m.key)])]),
    ).toEqual([
      [
        'swiss',
        [
          [1, ['swiss/r1/m1', 'swiss/r1/m2']],
          [2, ['swiss/r2/m1']],
        ],
      ],
      ['final', [[1, ['final/c1/a|d']]]],
    ]);
    expect(overview[0]!.rounds[0]!.matches[0]!.leader).toBe('a');
  });
});

describe('knockoutBracket', () => {
  // Five bots a–e seeded in that order: a bracket of 8, byes for a, b and c; d–e is the only first
  // round match. e won it; b–c is half played; a–e is scheduled.
  const rows = [
    game(0, 'knockout/r1/m2', ['d', 'e'], [0, 1]),
    game(1, 'knockout/r1/m2', ['e', 'd'], [1, 0]),
    game(2, 'knockout/r2/m2', ['b', 'c'], [1, 0]),
    game(3, 'knockout/r2/m2', ['c', 'b'], null, 'running'),
    game(4, 'knockout/r2/m1', ['a', 'e'], null),
    game(5, 'knockout/r2/m1', ['e', 'a'], null),
  ];

  it('lays out every round with byes, live matches and pending ones', () => {
    const bracket = knockoutBracket(rows, { participants: 5 });
    expect(bracket.rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(bracket.rounds[0]!.map(brief)).toEqual([
      ['a', null, 'bye', 'a'],
      ['d', 'e', 'decided', 'e'],
      ['b', null, 'bye', 'b'],
      ['c', null, 'bye', 'c'],
    ]);
    expect(bracket.rounds[1]!.map(brief)).toEqual([
      ['a', 'e', 'playing', null],
      ['b', 'c', 'playing', null],
    ]);
    expect(bracket.rounds[2]!.map(brief)).toEqual([[null, null, 'pending', null]]);
    expect(bracket.champion).toBeNull();
    const live = bracket.rounds[1]![1]!;
    expect([live.top.points, live.bottom.points]).toEqual([1, 0]);
    expect(live.match?.running).toBe(true);
    expect(bracket.rounds[0]![1]!.bottom.winner).toBe(true);
  });

  it('guesses the size from the match keys without the number of bots', () => {
    expect(knockoutBracket(rows).rounds.map((r) => r.length)).toEqual([4, 2, 1]);
  });

  it('advances a winner into the next round before that match is scheduled', () => {
    const upset = [
      game(0, 'knockout/r1/m1', ['a', 'd'], [0, 1]),
      game(1, 'knockout/r1/m2', ['b', 'c'], [1, 0]),
    ];
    const bracket = knockoutBracket(upset, { participants: 4 });
    expect(bracket.rounds[1]!.map(brief)).toEqual([['d', 'b', 'pending', null]]);
  });

  it('places the next match by where its bots came from, and crowns the champion', () => {
    const rows4 = [
      game(0, 'knockout/r1/m1', ['a', 'd'], [0, 1]),
      game(1, 'knockout/r1/m2', ['b', 'c'], [1, 0]),
      // b is the better seed, so it sits first, but d came from the upper match.
      game(2, 'knockout/r2/m1', ['b', 'd'], [0, 1]),
    ];
    const bracket = knockoutBracket(rows4, { participants: 4 });
    expect(bracket.rounds[1]!.map(brief)).toEqual([['d', 'b', 'decided', 'd']]);
    expect(bracket.rounds[1]![0]!.top.points).toBe(1);
    expect(bracket.champion).toBe('d');
  });

  it('gives a match still tied after its decider to the higher seed once the schedule is complete', () => {
    const tied = [
      game(0, 'knockout/r1/m1', ['x', 'y'], [1, 0]),
      game(1, 'knockout/r1/m1', ['y', 'x'], [1, 0]),
      game(2, 'knockout/r1/m1', ['y', 'x'], [0, 0]),
    ];
    expect(knockoutBracket(tied, { participants: 2 }).champion).toBeNull();
    expect(knockoutBracket(tied, { participants: 2 }).rounds[0]![0]!.state).toBe('playing');
    expect(knockoutBracket(tied, { participants: 2, complete: true }).champion).toBe('x');
  });

  it('shows an unscheduled bracket as pending', () => {
    const bracket = knockoutBracket([], { participants: 3 });
    expect(bracket.rounds.map((r) => r.map((m) => m.state))).toEqual([['pending', 'pending'], ['pending']]);
  });
});
