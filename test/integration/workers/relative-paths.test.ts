import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, JURY } from '../cli/jury-process.ts';
import { carolGames, pythonEvent, writeCarol } from '../cli/python-bot.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// A bot plays on a worker exactly when it plays here. `python3 ../bots/carol.py` run from a working folder
// of its own shows the script's folder in its sandbox: the worker gets that folder too, by the same rule.
// Everything is named relative to the folders the coordinator and the worker were started in, and the
// store, kept in the bot's working folder, never travels to the worker.

const SECRET = 'an-organiser-secret-for-tests';
const PASSWORD = 'a-redis-password';
const redis = new TestRedis(PASSWORD);
/** The queue's URL on a command line: without the password, which is in JURY_REDIS_PASSWORD. */
const queueUrl = (): string => `redis://127.0.0.1:${redis.port}`;
const children: ChildProcessWithoutNullStreams[] = [];
let root = '';

function start(cwd: string, args: readonly string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [JURY, ...args], {
    cwd,
    env: { ...process.env, JURY_SECRET: SECRET, JURY_REDIS_PASSWORD: PASSWORD },
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  await redis.start();
  root = mkdtempSync(join(tmpdir(), 'jury-workers-relative-'));
  chmodSync(root, 0o755);
}, 60_000);

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    }
  }
  await redis.remove();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a bot whose script is outside its working folder, on a worker', () => {
  it('plays every game OK, and the store in its folder stays behind', async () => {
    const club = join(root, 'club');
    writeCarol(join(club, 'bots', 'carol.py'));
    mkdirSync(join(club, 'run'), { mode: 0o755 });
    const event = pythonEvent('Remote club', {
      executable: 'python3',
      args: ['../bots/carol.py'],
      cwd: 'run',
    });
    writeFileSync(join(club, 'club.json'), JSON.stringify(event));
    const machine = join(root, 'worker');
    mkdirSync(machine, { mode: 0o755 });
    const worker = start(machine, ['worker', '--redis', queueUrl(), '--slots', '1', '--cache', 'cache']);
    await new Promise<void>((done, fail) => {
      let err = '';
      worker.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        if (/worker \S+ on/.test(err)) done();
      });
      worker.on('exit', () => fail(new Error(`the worker ended: ${err}`)));
    });
    const ran = await finished(
      start(club, ['run', 'club.json', '--db', 'run/club.sqlite', '--workers', queueUrl()]),
    );
    expect(ran.code, ran.err).toBe(0);
    const games = carolGames(join(club, 'run', 'club.sqlite'));
    expect(games).toHaveLength(2);
    for (const game of games) {
      expect(game, JSON.stringify(game)).toMatchObject({ status: 'OK', failure: null });
      // The worker ran its own copy of the script, not this machine's file by its path here.
      expect(game.command[1]).toMatch(new RegExp(`^${machine}/cache/.*/carol\\.py$`));
      expect(game.peek?.['carol.py']).toBeUndefined(); // its working folder is run/, an empty one
      for (const [name, seen] of Object.entries(game.peek ?? {})) {
        if (name.startsWith('club.sqlite')) expect(seen, name).not.toMatch(/^ok/);
      }
    }
  }, 90_000);
});
