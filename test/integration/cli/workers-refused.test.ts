import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREE_LIMITS } from '../../../electron/engine/workers/file-tree.ts';
import { snapshot } from '../../helpers/bad-stores.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';
import { juryIn, smallEvent, writeJson } from './jury-process.ts';

// `jury run --workers` refused once its database exists (a bot whose folder cannot travel to workers is
// only found out when the programs are put in Redis) leaves no database behind: the corrected config then
// runs on the same --db instead of being refused as "a tournament with a different config".

const SLOW = 120_000;
const redis = new TestRedis();

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  await redis.start();
}, 30_000);

afterAll(() => redis.remove());

describe('jury run --workers refused after its database was created', () => {
  it(
    'removes the database it created; the corrected config then runs on the same --db',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'jury-workers-refused-'));
      chmodSync(dir, 0o755); // bots run as another uid when Jury is root
      // A bot folder with more files than a worker takes.
      const big = join(dir, 'big');
      mkdirSync(big);
      for (let i = 0; i <= TREE_LIMITS.files; i++) writeFileSync(join(big, `f${i}`), '');
      writeFileSync(join(big, 'bot.sh'), '#!/bin/sh\nexec sleep 100\n', { mode: 0o755 });
      const bots = [...smallEvent.bots.slice(0, 2), { name: 'Big', executable: 'big/bot.sh', cwd: 'big' }];
      writeJson(dir, 'event.json', { ...smallEvent, bots });
      const env = { JURY_SECRET: 'an-organiser-secret-for-tests' };
      const before = snapshot(dir);
      const first = await juryIn(
        { cwd: dir, env },
        'run',
        'event.json',
        '--db',
        'event.sqlite',
        '--workers',
        redis.url,
      );
      expect(first).toMatchObject({ code: 2, out: '' });
      expect(first.err).toMatch(
        /^jury: --workers: .*big holds more than 5000 files; give the bot a folder of its own \(cwd\)\n$/,
      );
      expect(snapshot(dir)).toEqual(before);

      // Corrected: the third bot is a sample. Played here (one local slot), no worker needed.
      writeJson(dir, 'event.json', {
        ...smallEvent,
        bots: [...smallEvent.bots.slice(0, 2), { name: 'Big', sample: 'greedy' }],
      });
      const second = await juryIn(
        { cwd: dir, env },
        'run',
        'event.json',
        '--db',
        'event.sqlite',
        '--workers',
        redis.url,
        '--concurrency',
        '1',
      );
      expect(second.code, second.err).toBe(0);
      expect(second.out).toMatch(/finished: 6 of 6 games stored/);
    },
    SLOW,
  );
});
