/**
 * `node test/bench/workers/worker-run.ts --redis URL --name NAME --pool FILE [--slots N]`: one Jury worker
 * (the real JuryWorker: the queue, the signature check, the heartbeat) whose games are answered with a
 * fresh copy of a full-size pool record instead of being played (its `simulate` hook), for the workers
 * part of `npm run bench`. Prints one JSON line every second (rss, jobs so far) and, on SIGTERM, one with
 * its totals (jobs, max rss, CPU seconds). JURY_SECRET must be set.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { parseRedisUrl } from '../../../electron/engine/workers/connection.ts';
import { JuryWorker } from '../../../electron/engine/workers/worker.ts';
import type { Launcher } from '../../../electron/engine/play-match.ts';

const { values: args } = parseArgs({
  options: {
    redis: { type: 'string' },
    name: { type: 'string' },
    pool: { type: 'string' },
    slots: { type: 'string', default: '1' },
  },
});
const target = parseRedisUrl(args.redis ?? '');
if ('problem' in target) throw new Error(target.problem);
const pool = readFileSync(args.pool ?? '', 'latin1')
  .trimEnd()
  .split('\n');
const MB = 1024 * 1024;
let jobs = 0;
const noLauncher: Launcher = {
  launch: () => Promise.reject(new Error('the bench worker plays no games')),
};
const worker = new JuryWorker({
  target,
  secret: process.env['JURY_SECRET'] ?? '',
  slots: Number(args.slots),
  name: args.name ?? 'bench',
  cacheDir: '/tmp/jury-bench-worker-cache',
  launcher: noLauncher,
  log: () => {},
  benchmarkMs: 40,
  simulate: (job) => {
    jobs++;
    const copy = JSON.parse(pool[job.game.seed % pool.length] as string) as Record<string, unknown>;
    return Promise.resolve({ ...copy, seed: job.game.seed, board: job.game.board } as GameRecord);
  },
});
await worker.start();
const t0 = performance.now();
const timer = setInterval(() => {
  const line = {
    t: Math.round(performance.now() - t0),
    jobs,
    rssMB: Math.round((process.memoryUsage.rss() / MB) * 10) / 10,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}, 1000);
process.on('SIGTERM', () => {
  clearInterval(timer);
  void worker.close().then(() => {
    const cpu = process.cpuUsage();
    const end = {
      done: true,
      jobs,
      maxRssMB: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
      cpuS: Math.round((cpu.user + cpu.system) / 1000) / 1000,
    };
    process.stdout.write(`${JSON.stringify(end)}\n`);
    process.exit(0);
  });
});
