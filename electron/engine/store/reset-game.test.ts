import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../../../test/helpers/bad-stores.ts';
import {
  refuses,
  sampleOutcome,
  sampleParticipants,
  sampleRecord,
  sampleSchedule,
} from '../../../test/integration/store/samples.ts';
import { resetStoredGame } from './reset-game.ts';
import { TournamentStore, type StoreInit } from './store.ts';

const HOLDER = { holder: 'the Jury app' };
const now = (): Date => new Date('2026-01-01T00:00:00.000Z');

/** A closed store file with games 0..count-1 scheduled and all but `skip` finished, in index order. */
function storeFile(count: number, skip: readonly number[] = [], init: Partial<StoreInit> = {}): string {
  const path = join(mkdtempSync(join(tmpdir(), 'jury-reset-')), 't.sqlite');
  const store = TournamentStore.create(
    path,
    { seed: 7, participants: sampleParticipants(4), ...init },
    { now },
  );
  const games = sampleSchedule(0, count);
  store.addScheduled(games);
  store.finishGames(
    games
      .filter((g) => !skip.includes(g.index))
      .map((g) => ({ index: g.index, outcome: sampleOutcome(g), record: sampleRecord(g) })),
  );
  store.close();
  return path;
}

/** What the store's readers see: schedule, outcomes, seat rows and every running total. */
function observed(path: string) {
  const store = TournamentStore.open(path, { now });
  try {
    return {
      scheduled: store.scheduled(),
      unfinished: store.unfinished().map((g) => g.index),
      outcomes: store.outcomes(),
      seatRows: store.seatRows(),
      seatTotals: store.seatTotals(),
      finalTotals: store.seatTotals('final'),
      ranking: store.totals(),
      counts: store.counts(),
      record4: store.record(4),
    };
  } finally {
    store.close();
  }
}

describe('resetStoredGame: playing a finished game again', () => {
  it('removes the result and record and leaves totals equal to a store where it never finished', () => {
    const path = storeFile(12);
    const before = observed(path);
    expect(before.counts).toEqual({ scheduled: 12, finished: 12, unfinished: 0 });
    resetStoredGame(path, 4, HOLDER);
    const after = observed(path);
    const never = observed(storeFile(12, [4]));
    expect(after).toEqual(never);
    expect(after.counts).toEqual({ scheduled: 12, finished: 11, unfinished: 1 });
    expect(after.unfinished).toEqual([4]);
    expect(after.record4).toBeNull();
    expect(after.scheduled).toEqual(before.scheduled);
    // The totals did change: game 4 counted before.
    expect(after.ranking).not.toEqual(before.ranking);
    expect(after.seatTotals).not.toEqual(before.seatTotals);
    // The run lock went with the reset.
    expect(Object.keys(snapshot(dirname(path)))).toEqual(['t.sqlite']);
  });

  it('plays the game again into the same totals as a straight run', () => {
    const path = storeFile(12);
    const straight = observed(path);
    resetStoredGame(path, 4, HOLDER);
    const store = TournamentStore.open(path, { now });
    const game = store.unfinished()[0]!;
    store.finishGame(game.index, sampleOutcome(game), sampleRecord(game));
    store.close();
    const again = observed(path);
    expect(again.seatTotals).toEqual(straight.seatTotals);
    expect(again.seatRows).toEqual(straight.seatRows);
    expect(again.outcomes).toEqual(straight.outcomes);
    expect(again.counts).toEqual(straight.counts);
  });

  it('refuses while a run holds the lock, naming it, and leaves the file unchanged', () => {
    const path = storeFile(6);
    const run = TournamentStore.open(path, { lock: 'jury run club.json' });
    const before = snapshot(dirname(path));
    refuses(
      () => resetStoredGame(path, 2, HOLDER),
      'locked',
      new RegExp(
        `^cannot play game #3 again: t\\.sqlite is being run by jury run club\\.json \\(pid ${process.pid}, ` +
          'since [^)]+\\); stop the run first; nothing was changed$',
      ),
    );
    expect(snapshot(dirname(path))).toEqual(before);
    run.close();
    expect(observed(path).counts.finished).toBe(6);
  });

  it('refuses an imported event, an unfinished game and an unknown one, leaving the file unchanged', () => {
    const imported = storeFile(6, [], { imported: { source: 'codecup', games: [1, 2, 3, 4, 5, 6] } });
    const before = snapshot(dirname(imported));
    refuses(
      () => resetStoredGame(imported, 1, HOLDER),
      'conflict',
      /^cannot play game #2 again: this tournament is imported and read-only; nothing was changed$/,
    );
    expect(snapshot(dirname(imported))).toEqual(before);

    const path = storeFile(6, [3]);
    const plain = snapshot(dirname(path));
    refuses(
      () => resetStoredGame(path, 3, HOLDER),
      'conflict',
      /^game #4 has not finished: it has no result to delete; nothing was changed$/,
    );
    refuses(() => resetStoredGame(path, 9, HOLDER), 'conflict', /^there is no game #10 in the schedule/);
    refuses(() => resetStoredGame(path, -1, HOLDER), 'invalid', /the game index -1 is not a game/);
    expect(snapshot(dirname(path))).toEqual(plain);
  });
});
