import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  refuses,
  sampleOutcome,
  sampleParticipants,
  sampleRecord,
  sampleSchedule,
} from '../../../test/integration/store/samples.ts';
import { TournamentStore } from './store.ts';

function newStore(): TournamentStore {
  const path = join(mkdtempSync(join(tmpdir(), 'jury-games-')), 't.sqlite');
  return TournamentStore.create(path, { seed: 7, participants: sampleParticipants(4) });
}

function finish(store: TournamentStore, index: number): void {
  const game = sampleSchedule(index, 1)[0]!;
  store.finishGame(index, sampleOutcome(game), sampleRecord(game));
}

/** Everything a test can observe, to prove that a refused write changed nothing. */
function snapshot(store: TournamentStore): string {
  return JSON.stringify([
    store.history().scheduled,
    store.outcomes(),
    store.seatRows(),
    store.participants(),
  ]);
}

describe('TournamentStore: schedule', () => {
  it('stores games before they start and lists them as unfinished', () => {
    const store = newStore();
    expect(store.addScheduled(sampleSchedule(0, 3))).toEqual(sampleSchedule(0, 3));
    store.addScheduled(sampleSchedule(3, 2));
    store.addScheduled([]);
    expect(store.scheduled()).toEqual(sampleSchedule(0, 5));
    expect(store.unfinished()).toEqual(sampleSchedule(0, 5));
    expect(store.counts()).toEqual({ scheduled: 5, finished: 0, unfinished: 5 });
  });

  it('refuses gaps, repeats, unknown players and bad fields, changing nothing', () => {
    const store = newStore();
    store.addScheduled(sampleSchedule(0, 2));
    const before = snapshot(store);
    refuses(() => store.addScheduled(sampleSchedule(1, 2)), 'conflict', /index 1, expected 2.*games 0 to 1/);
    refuses(() => store.addScheduled(sampleSchedule(3, 1)), 'conflict', /index 3, expected 2/);
    const [a, b] = sampleSchedule(2, 2);
    refuses(
      () => store.addScheduled([a, { ...b!, seats: ['p0', 'ghost'] }]),
      'conflict',
      /game 3: no participant "ghost"/,
    );
    refuses(() => store.addScheduled([a, { ...b!, stage: '' }]), 'invalid', /scheduled game 2 of 2: stage/);
    expect(snapshot(store)).toBe(before);
  });
});

describe('TournamentStore: finished games', () => {
  it('stores the outcome, the full record and the seat rows together', () => {
    const store = newStore();
    const games = sampleSchedule(0, 4);
    store.addScheduled(games);
    finish(store, 2);
    finish(store, 0);
    expect(store.record(2)).toEqual(sampleRecord(games[2]!));
    expect(store.record(1)).toBeNull();
    expect(store.outcomes()).toEqual([sampleOutcome(games[0]!), sampleOutcome(games[2]!)]);
    const history = store.history();
    expect(history.scheduled).toEqual(games);
    expect([...history.outcomes.keys()]).toEqual([0, 2]);
    expect(store.unfinished().map((g) => g.index)).toEqual([1, 3]);
    expect(store.counts()).toEqual({ scheduled: 4, finished: 2, unfinished: 2 });
    const o = sampleOutcome(games[2]!);
    expect(store.seatRows().filter((r) => r.index === 2)).toEqual(
      o.seats.map((participant, seat) => ({
        index: 2,
        seat,
        participant,
        stage: games[2]!.stage,
        round: games[2]!.round,
        score: o.scores[seat],
        status: o.statuses[seat],
        chargedUs: o.times[seat]!.chargedUs,
        maxMoveUs: o.times[seat]!.maxMoveUs,
        moves: o.times[seat]!.moves,
      })),
    );
  });

  it('never stores a game twice and refuses mismatches, changing nothing', () => {
    const store = newStore();
    const [g0, g1] = sampleSchedule(0, 2);
    store.addScheduled([g0!, g1!]);
    finish(store, 0);
    const before = snapshot(store);
    refuses(() => finish(store, 0), 'already-finished', /game 0 is already finished \(stored .*\)/);
    refuses(() => finish(store, 5), 'conflict', /game 5 is not in the schedule/);
    const o1 = sampleOutcome(g1!);
    const r1 = sampleRecord(g1!);
    refuses(
      () => store.finishGame(1, { ...o1, seats: ['p3', 'p0'] }, r1),
      'invalid',
      /game 1: the outcome seats/,
    );
    refuses(() => store.finishGame(1, o1, { ...r1, seed: 1 }), 'invalid', /game 1: the record has seed 1/);
    refuses(() => store.finishGame(1, o1, { ...r1, lines: 'x' }), 'invalid', /game 1: record: lines/);
    // A batch is all or none: the good first game is not kept when the second is refused.
    refuses(
      () =>
        store.finishGames([
          { index: 1, outcome: o1, record: r1 },
          { index: 0, outcome: sampleOutcome(g0!), record: sampleRecord(g0!) },
        ]),
      'already-finished',
      /game 0/,
    );
    expect(snapshot(store)).toBe(before);
  });

  it('checks the board of games that have one', () => {
    const store = newStore();
    const game = { ...sampleSchedule(0, 1)[0]!, board: 'abc' };
    store.addScheduled([game]);
    refuses(
      () => store.finishGame(0, sampleOutcome(game), { ...sampleRecord(game), board: 'xyz' }),
      'invalid',
      /another board/,
    );
    store.finishGame(0, sampleOutcome(game), sampleRecord(game));
  });

  it('aggregates standings totals per participant and stage', () => {
    const store = newStore();
    const games = sampleSchedule(0, 40);
    store.addScheduled(games);
    store.finishGames(
      games.map((g) => ({ index: g.index, outcome: sampleOutcome(g), record: sampleRecord(g) })),
    );
    for (const stage of [undefined, 'swiss', 'final']) {
      const rows = store.seatRows(stage);
      const totals = store.seatTotals(stage);
      expect(totals).toEqual(store.seatTotals(stage, true));
      expect(totals.map((t) => t.participant)).toEqual([...new Set(rows.map((r) => r.participant))].sort());
      for (const t of totals) {
        const mine = rows.filter((r) => r.participant === t.participant);
        expect(t.games).toBe(mine.length);
        expect(t.points).toBe(mine.reduce((s, r) => s + r.score, 0));
        expect(t.statuses.TIMEOUT).toBe(mine.filter((r) => r.status === 'TIMEOUT').length);
        expect(
          t.statuses.OK + t.statuses.CRASH + t.statuses.ILLEGAL + t.statuses.EXIT + t.statuses.TIMEOUT,
        ).toBe(mine.length);
        expect(t.chargedUs).toBe(mine.reduce((s, r) => s + r.chargedUs, 0));
        expect(t.maxMoveUs).toBe(Math.max(...mine.map((r) => r.maxMoveUs)));
        expect(t.moves).toBe(mine.reduce((s, r) => s + r.moves, 0));
      }
    }
    expect(store.seatTotals('nothing')).toEqual([]);
  });
});

describe('TournamentStore: reopening games', () => {
  function finishedStore(count: number): TournamentStore {
    const store = newStore();
    const games = sampleSchedule(0, count);
    store.addScheduled(games);
    store.finishGames(
      games.map((g) => ({ index: g.index, outcome: sampleOutcome(g), record: sampleRecord(g) })),
    );
    return store;
  }

  function expectTotalsConsistent(store: TournamentStore): void {
    for (const stage of [undefined, 'swiss', 'final']) {
      expect(store.seatTotals(stage)).toEqual(store.seatTotals(stage, true));
    }
  }

  it('lists the finished games a participant sat in', () => {
    const store = newStore();
    const games = sampleSchedule(0, 12);
    store.addScheduled(games);
    for (const g of games.slice(0, 8)) finish(store, g.index);
    const mine = games.filter((g) => g.index < 8 && g.seats.includes('p1')).map((g) => g.index);
    expect(mine.length).toBeGreaterThan(0);
    expect(store.gamesOf('p1')).toEqual(mine);
    refuses(() => store.gamesOf('ghost'), 'conflict', /no participant "ghost"/);
  });

  it("makes one participant's games unfinished, keeps the schedule and the totals consistent", () => {
    const store = finishedStore(40);
    const scheduled = store.scheduled();
    const mine = store.gamesOf('p2');
    expect(store.reopenGames([...mine, mine[0]!])).toBe(mine.length); // a repeat counts once
    expect(store.scheduled()).toEqual(scheduled);
    expect(store.unfinished().map((g) => g.index)).toEqual(mine);
    expect(store.counts()).toEqual({ scheduled: 40, finished: 40 - mine.length, unfinished: mine.length });
    expect(store.gamesOf('p2')).toEqual([]);
    for (const index of mine) expect(store.record(index)).toBeNull();
    expect(store.seatRows().some((r) => mine.includes(r.index))).toBe(false);
    expect(store.seatTotals().some((t) => t.participant === 'p2')).toBe(false);
    expectTotalsConsistent(store);

    // Played again, the games are stored as before and the totals match a straight run's.
    store.finishGames(
      scheduled
        .filter((g) => mine.includes(g.index))
        .map((g) => ({ index: g.index, outcome: sampleOutcome(g), record: sampleRecord(g) })),
    );
    expectTotalsConsistent(store);
    const straight = finishedStore(40);
    expect(store.seatTotals()).toEqual(straight.seatTotals());
    expect(store.seatRows()).toEqual(straight.seatRows());
  });

  it('rebuilds the maximum move time from the games that are left', () => {
    const store = finishedStore(10);
    // Seat 1 has the larger maximum (101); reopening every game where p0 sat second leaves only 100.
    const second = store
      .seatRows()
      .filter((r) => r.participant === 'p0' && r.seat === 1)
      .map((r) => r.index);
    expect(second.length).toBeGreaterThan(0);
    store.reopenGames(second);
    expect(store.seatTotals().find((t) => t.participant === 'p0')?.maxMoveUs).toBe(100);
    expectTotalsConsistent(store);
  });

  it('refuses unknown and unfinished games, naming them, and changes nothing', () => {
    const store = newStore();
    store.addScheduled(sampleSchedule(0, 6));
    for (const index of [0, 1, 2, 4]) finish(store, index);
    const before = snapshot(store);
    const totals = JSON.stringify(store.seatTotals());
    refuses(() => store.reopenGames([0, 3, 9]), 'conflict', /not in the schedule: 9; not finished: 3/);
    refuses(() => store.reopenGames([1, 5]), 'conflict', /not finished: 5/);
    refuses(() => store.reopenGames([2, 12, 10]), 'conflict', /not in the schedule: 10, 12\)/);
    refuses(() => store.reopenGames([-1]), 'invalid', /the games to reopen/);
    refuses(() => store.reopenGames([1.5]), 'invalid', /the games to reopen/);
    expect(snapshot(store)).toBe(before);
    expect(JSON.stringify(store.seatTotals())).toBe(totals);
    expect(store.counts().finished).toBe(4);
    expect(store.reopenGames([])).toBe(0);
    expect(snapshot(store)).toBe(before);
  });
});
