import { findGameInfo } from '../../../shared/games/registry.ts';
import {
  addOutcome,
  emptyTotals,
  fromOutcomes,
  totalsEntries,
  totalsFromEntries,
  touchedKeys,
  type EventTotals,
} from '../../../shared/tournament/ranking/index.ts';
import type { GameShape } from '../../../shared/tournament/results/results.ts';
import type { GameOutcome, ScheduledGame } from '../../../shared/tournament/types.ts';
import { parseStoredJson, StoreError } from './errors.ts';
import { scheduledGames } from './queries.ts';
import { num, text, type Db } from './sqlite.ts';
import { gameOfRow } from './stored-record.ts';

// The ranking totals (shared/tournament/ranking) live in `ranking_totals` as keyed JSON entries (see
// entries.ts there): finishing a game rewrites only the entries it touches (the event entry, its stage's
// bots, its bots' pair rows, the ratings), in the same transaction that stores the game, so the cost per
// game does not grow with the number of games; `readRankingTotals` reads them all in one query.

const UPSERT_SQL =
  'INSERT INTO ranking_totals (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/** The shape of a registered game, or a `damaged` error naming the unknown id. */
export function shapeOfGame(game: string): GameShape {
  const info = findGameInfo(game);
  if (!info) throw new StoreError('damaged', `the store holds games of an unknown game "${game}"`);
  return info;
}

/** The game shape of the store's finished games (from the first record), or null when none finished. */
export function storedShape(db: Db): GameShape | null {
  // Rare (a rebuild of the totals): a packed record is unpacked whole for its game id.
  const row = db.sql('SELECT * FROM records LIMIT 1').get();
  return row ? shapeOfGame(gameOfRow(row, num(row, 'idx'))) : null;
}

/** Every finished outcome in the order the games finished (`results.seq`). */
export function outcomesInFinishOrder(db: Db): GameOutcome[] {
  return db
    .sql('SELECT idx, outcome FROM results ORDER BY seq, idx')
    .all()
    .map(
      (row) => parseStoredJson(text(row, 'outcome'), `game ${String(row['idx'])}: outcome`) as GameOutcome,
    );
}

/** The totals recomputed from every stored outcome, in finish order (no write). */
export function computeRankingTotals(db: Db): EventTotals {
  const shape = storedShape(db);
  if (!shape) return emptyTotals();
  return fromOutcomes(outcomesInFinishOrder(db), scheduledGames(db), shape);
}

function writeEntries(db: Db, totals: EventTotals): void {
  const upsert = db.sql(UPSERT_SQL);
  for (const [key, value] of totalsEntries(totals)) upsert.run(key, JSON.stringify(value));
}

/**
 * Replaces every ranking entry with a recomputation from the stored outcomes, in finish order. Inside the
 * caller's transaction (the v2 migration's backfill, `reopenGames`, a store whose entries are of another
 * layout). Costs a pass over every outcome, openskill included (about 1 s per 100,000 games).
 */
export function rebuildRankingTotals(db: Db): EventTotals {
  const totals = computeRankingTotals(db);
  db.sql('DELETE FROM ranking_totals').run();
  if (totals.games > 0) writeEntries(db, totals);
  return totals;
}

/** The stored totals, or null when their entries do not parse (another layout version, damage). */
function parseEntries(rows: readonly Record<string, unknown>[]): EventTotals | null {
  const entries: [string, unknown][] = rows.map((row) => {
    const key = row['key'] as string;
    return [key, parseStoredJson(row['value'] as string, `ranking entry ${key}`)];
  });
  const parsed = totalsFromEntries(entries);
  return parsed.ok ? parsed.value : null;
}

/**
 * The event's ranking totals, read in one query. Entries of another layout version are recomputed from
 * the outcomes: written back on a read-write store, in memory only on a read-only one.
 */
export function readRankingTotals(db: Db, readOnly: boolean): EventTotals {
  const totals = parseEntries(db.sql('SELECT key, value FROM ranking_totals').all());
  if (totals) return totals;
  if (readOnly) return computeRankingTotals(db);
  db.db.exec('BEGIN IMMEDIATE');
  try {
    const rebuilt = rebuildRankingTotals(db);
    db.db.exec('COMMIT');
    return rebuilt;
  } catch (e) {
    if (db.db.isTransaction) db.db.exec('ROLLBACK');
    throw e;
  }
}

/**
 * Adds one finished game to the stored totals, inside the transaction that stores it: loads only the
 * entries the game touches, adds the game, writes them back. Call it after the game's `results` row is
 * in (a rebuild, when the stored entries are of another layout, then already includes the game).
 */
export function addToRankingTotals(
  db: Db,
  outcome: GameOutcome,
  game: ScheduledGame,
  shape: GameShape,
): void {
  const keys = touchedKeys(outcome, game, shape);
  const select = db.sql('SELECT key, value FROM ranking_totals WHERE key = ?');
  const rows: Record<string, unknown>[] = [];
  for (const key of keys) {
    const row = select.get(key);
    if (row) rows.push(row);
  }
  const partial = parseEntries(rows);
  if (!partial) {
    rebuildRankingTotals(db);
    return;
  }
  addOutcome(partial, outcome, game, shape);
  // Only the touched entries: the partial totals hold nothing else in full.
  const wanted = new Set(keys);
  const upsert = db.sql(UPSERT_SQL);
  for (const [key, value] of totalsEntries(partial))
    if (wanted.has(key)) upsert.run(key, JSON.stringify(value));
}
