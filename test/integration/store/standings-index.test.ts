import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { SEAT_TOTALS_FROM_ROWS_SQL } from '../../../electron/engine/store/queries.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { sampleParticipants } from './samples.ts';

const GAMES = 100_000;
const PLAYERS = 120;

/**
 * Fills a store with `GAMES` finished 2-player games straight through SQL (the API validates every record,
 * which is the benchmark's business, not this test's): schedule, results, seat rows and running totals.
 */
function bigStore(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'jury-standings-')), 'big.sqlite');
  TournamentStore.create(path, { seed: 1, participants: sampleParticipants(PLAYERS) }).close();
  const db = new DatabaseSync(path);
  db.exec(`
    BEGIN;
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${GAMES})
    INSERT INTO scheduled_games SELECT i, iif(i % 5 = 0, 'final', 'swiss'), 1 + i / 60,
      json_array('p' || (i % ${PLAYERS}), 'p' || ((i * 7 + 1) % ${PLAYERS})), i, NULL, 'm', '' FROM n;
    INSERT INTO results SELECT idx, '{}', '', idx + 1 FROM scheduled_games;
    INSERT INTO results_seats SELECT g.idx, s.key, s.value, g.stage, g.round, (g.idx + s.key) % 21,
      iif(g.idx % 97 = 0, 'TIMEOUT', 'OK'), 1000.0 + g.idx, 10.0, 20 FROM scheduled_games g, json_each(g.seats) s;
    INSERT INTO totals SELECT participant, stage, count(*), total(score), total(status = 'OK'),
      total(status = 'TIMEOUT'), 0, 0, 0, total(charged_us), max(max_move_us), total(moves)
      FROM results_seats GROUP BY participant, stage;
    COMMIT;`);
  db.close();
  return path;
}

describe('standings aggregation (benchmark hook)', () => {
  it('reads only the covering index, in participant order, with no sort', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jury-standings-')), 'plan.sqlite');
    TournamentStore.create(path, { seed: 1 }).close();
    const db = new DatabaseSync(path);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${SEAT_TOTALS_FROM_ROWS_SQL}`)
      .all('swiss')
      .map((row) => String(row['detail']))
      .join('\n');
    db.close();
    expect(plan).toMatch(/USING COVERING INDEX results_seats_standings/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  // Speed belongs to `npm run bench` (the leaderboard part); this checks the running totals' values.
  it(
    `the running seat totals of ${GAMES} games equal the sums of their seat rows`,
    { timeout: 120_000 },
    () => {
      const store = TournamentStore.open(bigStore(), { readOnly: true });
      const totals = store.seatTotals();
      expect(totals).toEqual(store.seatTotals(undefined, true));
      expect(store.seatTotals('swiss')).toEqual(store.seatTotals('swiss', true));
      const swiss = store.seatTotals('swiss');
      store.close();
      expect(totals).toHaveLength(PLAYERS);
      expect(totals.reduce((s, t) => s + t.games, 0)).toBe(2 * GAMES);
      expect(swiss.reduce((s, t) => s + t.games, 0)).toBe(2 * (GAMES - GAMES / 5));
    },
  );
});
