import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finished } from '../cli/jury-process.ts';
import {
  configFile,
  event,
  finishedGames,
  PASSWORD,
  queueUrl,
  standings,
  start,
  tempDir,
  worker,
} from './cli-workers-setup.ts';

// Two `jury worker` processes and a `jury run --workers` coordinator on a real redis-server: a round robin
// and a Swiss-then-final give the standings of a local run with the same seed.

describe('jury worker and jury run --workers (real processes, a real redis-server)', () => {
  it('plays a round robin and a Swiss-then-final on two workers with the standings of a local run', async () => {
    // One worker reads the Redis password from a file, the other from JURY_REDIS_PASSWORD; neither
    // command line holds it (anyone on the machine can read those).
    const file = join(tempDir('jury-cli-workers-password-'), 'redis-password');
    writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
    const workers = await Promise.all([
      worker('w1'),
      worker('w2', ['--redis-password-file', file], { JURY_REDIS_PASSWORD: '' }),
    ]);
    for (const w of workers) expect(readFileSync(`/proc/${w.pid}/cmdline`, 'utf8')).not.toContain(PASSWORD);
    for (const [name, schedule] of [
      ['Remote RR', { kind: 'round-robin' }],
      ['Remote Swiss', { kind: 'swiss', swissRounds: 2, finalists: 2 }],
    ] as const) {
      const dir = tempDir('jury-cli-workers-');
      const config = configFile(dir, event(name, schedule, 0));
      const local = await finished(start(['run', config, '--db', join(dir, 'local.sqlite'), '--json']));
      expect(local.code, local.err).toBe(0);
      const remote = await finished(
        start(['run', config, '--db', join(dir, 'remote.sqlite'), '--json', '--workers', queueUrl()]),
      );
      expect(remote.code, remote.err).toBe(0);
      expect(finishedGames(remote).sort((a, b) => a - b)).toEqual(finishedGames(local).sort((a, b) => a - b));
      expect(await standings(join(dir, 'remote.sqlite'))).toEqual(await standings(join(dir, 'local.sqlite')));
    }
  }, 400_000);
});
