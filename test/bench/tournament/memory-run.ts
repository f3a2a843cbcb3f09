/**
 * `node --expose-gc test/bench/tournament/memory-run.ts --dir DIR [--every N] [--games N] [--floor]`:
 * one process that plays CodeCup's final (codecup-final.ts) into a store as `jury run` does, for the
 * memory figure of tournament/memory.ts, which reads its stdout (one JSON line per sample, then one with
 * the totals). DIR holds `pool.jsonl`: full-size records of real 6561 games (1000 moves, every line), one
 * per line, written by memory.ts.
 *
 * Jury: a config file with 60 bots is loaded (loadTournamentConfig), the run is built by prepareRun (the
 * store created and locked, the bots made ready and recorded), and the real TournamentRunner plays it into
 * that store with `defaultConcurrency()` games at once. Only the games are not played: each is answered at
 * once with a fresh copy (JSON.parse) of a pool record, so the memory is the manager's own. With --floor:
 * bare Node, with nothing of Jury loaded, writes the same fresh copies with node:sqlite (WAL, synchronous
 * FULL), one transaction per game.
 *
 * Every N games: rss, and V8's heap spaces; every 4N games a full collection first, for the live heap
 * (rarely, because a forced collection also empties the old space that rss is meant to show).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';

const MB = 1024 * 1024;
const FINAL_GAMES = 17_190;

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    every: { type: 'string', default: '500' },
    games: { type: 'string' },
    floor: { type: 'boolean', default: false },
  },
});
if (!args.dir) throw new Error('--dir is required');
const dir = args.dir;
const every = Number(args.every);
const limit = args.games === undefined ? FINAL_GAMES : Number(args.games);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const pool = readFileSync(join(dir, 'pool.jsonl'), 'latin1').trimEnd().split('\n');
/** A fresh copy of a pool record with the scheduled game's seed and board, as a game would return it. */
const recordOf = (seed: number, board: string | null): Record<string, unknown> => ({
  ...(JSON.parse(pool[seed % pool.length] as string) as Record<string, unknown>),
  seed,
  board,
});

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const r1 = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;

function sample(games: number): void {
  const rss = process.memoryUsage.rss();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  const line: Record<string, number> = {
    games,
    rssMB: r1(rss),
    heapTotalMB: r1(process.memoryUsage().heapTotal),
    newSpaceMB: r1(spaces['new_space'] ?? 0),
    oldSpaceMB: r1((spaces['old_space'] ?? 0) + (spaces['large_object_space'] ?? 0)),
  };
  if (games % (4 * every) === 0) {
    gc?.();
    line['liveHeapMB'] = r1(process.memoryUsage().heapUsed);
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function done(games: number): void {
  const cpu = process.cpuUsage(cpu0);
  const end = {
    done: true,
    games,
    maxRssMB: r1(process.resourceUsage().maxRSS * 1024),
    wallS: Math.round(performance.now() - t0) / 1000,
    cpuS: Math.round((cpu.user + cpu.system) / 1000) / 1000,
    recordBytes: Math.round(pool.reduce((s, p) => s + p.length, 0) / pool.length),
  };
  process.stdout.write(`${JSON.stringify(end)}\n`);
}

async function jury(): Promise<number> {
  const { loadTournamentConfig } = await import('../../../electron/engine/tournament/config.ts');
  const { defaultConcurrency } = await import('../../../electron/engine/tournament/game-player.ts');
  const { prepareRun } = await import('../../../electron/engine/tournament/prepare-run.ts');
  const { TournamentRunner } = await import('../../../electron/engine/tournament/runner.ts');
  const { scheduleContext } = await import('../../../electron/engine/tournament/scheduling.ts');
  const { CODECUP_FINAL, codecupFinal } = await import('./codecup-final.ts');

  const configPath = join(dir, 'codecup-final.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      format: 'jury-tournament',
      version: 1,
      name: 'CodeCup final (benchmark)',
      game: '6561',
      seed: 2026,
      schedule: { kind: 'swiss', swissRounds: CODECUP_FINAL.swissRounds, finalists: CODECUP_FINAL.finalists },
      bots: Array.from({ length: CODECUP_FINAL.entrants }, (_, i) => ({
        name: `Bot ${i + 1}`,
        sample: i % 2 === 0 ? 'greedy' : 'random',
      })),
    }),
  );
  const loaded = await loadTournamentConfig(configPath);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const prepared = await prepareRun({
    store: join(dir, 'codecup-final.db'),
    holder: 'npm run bench (memory)',
    config: loaded.value.config,
    baseDir: dir,
    buildDir: join(dir, 'builds'),
  });
  let finished = 0;
  sample(0);
  const runner = new TournamentRunner({
    store: prepared.store,
    scheduler: codecupFinal(),
    context: scheduleContext(prepared.config, prepared.store.info().seed, prepared.participants),
    play: (game) => Promise.resolve(recordOf(game.seed, game.board) as GameRecord),
    concurrency: defaultConcurrency(),
    onEvent: (e) => {
      if (e.kind !== 'game-finished') return;
      finished++;
      if (finished % every === 0) sample(finished);
      if (finished === limit) runner.finishThenStop();
    },
  });
  const state = await runner.run();
  prepared.store.close();
  if (state !== 'done' && finished < limit) throw new Error(`the run ended ${state}`);
  return finished;
}

function floor(): number {
  const db = new DatabaseSync(join(dir, 'floor.db'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  db.exec('CREATE TABLE records (idx INTEGER PRIMARY KEY, record TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO records (idx, record) VALUES (?, ?)');
  sample(0);
  for (let i = 0; i < limit; i++) {
    db.exec('BEGIN');
    insert.run(i, JSON.stringify(recordOf(i, null)));
    db.exec('COMMIT');
    if ((i + 1) % every === 0) sample(i + 1);
  }
  db.close();
  return limit;
}

done(args.floor ? floor() : await jury());
