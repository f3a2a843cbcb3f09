import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { MemoryChannel, MemoryOracle, playsWell } from '../../helpers/memory-channel.ts';
import { playGame } from '../../../electron/engine/referee/referee.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { scheduleContext } from '../../../electron/engine/tournament/scheduling.ts';
import type { TournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { games } from '../../../shared/games/registry.ts';
import type { Participant, ScheduleContext, ScheduledGame } from '../../../shared/tournament/types.ts';

/** The game every tournament part plays: 6561, 2 players, instant in-process players. */
export const GAME = games['6561'];

/** A fresh tournament store in its own temporary folder; {@link BenchStore.dispose} removes both. */
export interface BenchStore {
  readonly store: TournamentStore;
  readonly participants: readonly Participant[];
  readonly context: ScheduleContext;
  /**
   * Reads every row of the store's `ranking_totals` (key and JSON text, nothing parsed) through a plain
   * read-only connection of its own and returns how many: the floor of any reader of the running totals.
   */
  countTotalsRows(): number;
  dispose(): void;
}

/** `n` participants b001, b002, … with names Bot 1, Bot 2, … */
export function participants(n: number): Participant[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `b${String(i + 1).padStart(3, '0')}`,
    name: `Bot ${i + 1}`,
  }));
}

/** Creates a real store file (WAL, synchronous FULL as `jury run` uses) with `n` participants. */
export function benchStore(n: number, seed: number): BenchStore {
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-tournament-'));
  const people = participants(n);
  const store = TournamentStore.create(join(dir, 'tournament.db'), {
    seed,
    participants: people.map((p) => ({ ...p, command: null, executableHash: null })),
  });
  // scheduleContext only reads `game` and `boards` of the config.
  const config = { game: '6561' } as unknown as TournamentConfig;
  let reader: { db: DatabaseSync; rows: StatementSync } | null = null;
  return {
    store,
    participants: people,
    context: scheduleContext(config, seed, people),
    countTotalsRows: () => {
      if (!reader) {
        const db = new DatabaseSync(store.path, { readOnly: true });
        reader = { db, rows: db.prepare('SELECT key, value FROM ranking_totals') };
      }
      return reader.rows.all().length;
    },
    dispose: () => {
      reader?.db.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Plays one real 6561 game through the referee between two in-memory players (the game's takeover). */
export async function refereeGame(seed: number): Promise<GameRecord> {
  const oracle = new MemoryOracle(GAME, seed);
  const channels = [0, 1].map((seat) => new MemoryChannel(seat, oracle, playsWell(GAME, seed)));
  return playGame(
    channels.map((channel, i) => ({ channel, name: `p${i}`, command: null, executableHash: null })),
    { game: GAME, seed, timing: 'official', onEvent: oracle.onEvent, graceMs: 0 },
  );
}

/** A pool of real records and a `play` that answers each scheduled game with one of them, instantly. */
export interface RecordPool {
  /** The runner's `play`: a pool record with the game's seed and board, so the store accepts it. */
  play(game: ScheduledGame): Promise<GameRecord>;
  /** Mean wall time of one referee game while the pool was built (ms). */
  readonly refereeMs: number;
  /** Mean JSON size of a pool record (bytes). */
  readonly recordBytes: number;
}

/**
 * Plays `size` real games through the referee and keeps their records; `trimTo` keeps only the first
 * moves and lines of each (still schema-valid) for runs that would otherwise write gigabytes.
 */
export async function recordPool(size: number, trimTo?: number): Promise<RecordPool> {
  const pool: GameRecord[] = [];
  const started = performance.now();
  for (let i = 0; i < size; i++) {
    const r = await refereeGame(7919 * (i + 1));
    pool.push(
      trimTo === undefined
        ? r
        : { ...r, moves: r.moves.slice(0, trimTo), lines: r.lines.slice(0, 2 * trimTo) },
    );
  }
  const refereeMs = (performance.now() - started) / size;
  const recordBytes = pool.reduce((s, r) => s + JSON.stringify(r).length, 0) / size;
  return {
    refereeMs,
    recordBytes,
    play: (game) => {
      const r = pool[game.seed % size] as GameRecord;
      return Promise.resolve({ ...r, seed: game.seed, board: game.board });
    },
  };
}
