/**
 * `node test/bench/workers/coordinator-run.ts --dir DIR --redis URL [--games N] [--every N]`: `jury run
 * --workers` of CodeCup's final (tournament/codecup-final.ts) in one process, as run-command.ts does it:
 * prepareRun, the real TournamentRunner and store, every game queued through BullMQ (openRemoteRun with
 * no local slots) for the bench workers (worker-run.ts), the games at once following the workers'
 * slots. Prints one JSON line every N games (rss) and one with the totals (games, wall and CPU seconds,
 * max rss). JURY_SECRET must be set.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { prepareRun } from '../../../electron/engine/tournament/prepare-run.ts';
import { TournamentRunner } from '../../../electron/engine/tournament/runner.ts';
import { scheduleContext } from '../../../electron/engine/tournament/scheduling.ts';
import { parseRedisUrl } from '../../../electron/engine/workers/connection.ts';
import { followWorkers, openRemoteRun } from '../../../electron/engine/workers/coordinator.ts';
import { CODECUP_FINAL, CODECUP_FINAL_GAMES, codecupFinal } from '../tournament/codecup-final.ts';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    redis: { type: 'string' },
    games: { type: 'string' },
    every: { type: 'string', default: '500' },
  },
});
const dir = args.dir ?? '';
const target = parseRedisUrl(args.redis ?? '');
if ('problem' in target) throw new Error(target.problem);
const limit = args.games === undefined ? CODECUP_FINAL_GAMES : Number(args.games);
const every = Number(args.every);
const MB = 1024 * 1024;
const r1 = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;

const configPath = join(dir, 'codecup-final.json');
writeFileSync(
  configPath,
  JSON.stringify({
    format: 'jury-tournament',
    version: 1,
    name: 'CodeCup final on workers (benchmark)',
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
  holder: 'npm run bench (workers)',
  config: loaded.value.config,
  baseDir: dir,
  buildDir: join(dir, 'builds'),
});
const remote = await openRemoteRun(prepared, () => Promise.reject(new Error('no local slots')), {
  target,
  secret: process.env['JURY_SECRET'] ?? '',
  localSlots: 0,
  baseDir: dir,
  benchmarkMs: 40,
});
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let finished = 0;
process.stdout.write(`${JSON.stringify({ games: 0, rssMB: r1(process.memoryUsage.rss()) })}\n`);
const runner = new TournamentRunner({
  store: prepared.store,
  scheduler: codecupFinal(),
  context: scheduleContext(prepared.config, prepared.store.info().seed, prepared.participants),
  play: remote.play,
  concurrency: await remote.concurrency(),
  onEvent: (e) => {
    remote.onRunnerEvent(e);
    if (e.kind !== 'game-finished') return;
    finished++;
    if (finished % every === 0) {
      process.stdout.write(`${JSON.stringify({ games: finished, rssMB: r1(process.memoryUsage.rss()) })}\n`);
    }
    if (finished === limit) runner.finishThenStop();
  },
});
const unfollow = followWorkers(remote, (n) => runner.setConcurrency(n), 1000);
const state = await runner.run();
unfollow();
const cpu = process.cpuUsage(cpu0);
const wallS = (performance.now() - t0) / 1000;
await remote.close();
prepared.store.close();
if (state !== 'done' && finished < limit) throw new Error(`the run ended ${state}`);
const end = {
  done: true,
  games: finished,
  wallS: Math.round(wallS * 1000) / 1000,
  cpuS: Math.round((cpu.user + cpu.system) / 1000) / 1000,
  maxRssMB: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
};
process.stdout.write(`${JSON.stringify(end)}\n`);
