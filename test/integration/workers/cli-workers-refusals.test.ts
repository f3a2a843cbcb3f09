import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finished } from '../cli/jury-process.ts';
import { configFile, event, PASSWORD, queueUrl, redis, start, tempDir } from './cli-workers-setup.ts';

// `jury worker` and `jury run --workers` refuse bad settings on a real redis-server, creating nothing.

describe('jury worker and jury run --workers refuse bad settings with exit code 2, creating nothing', () => {
  it('names a bad URL, a missing secret, a wrong Redis password or a Redis that does not answer', async () => {
    const dir = tempDir('jury-cli-workers-refuse-');
    const config = configFile(dir, event('Refused', { kind: 'round-robin' }, 0));
    const db = join(dir, 'never.sqlite');
    const run = (url: string, env: Record<string, string> = {}) =>
      finished(start(['run', config, '--db', db, '--workers', url], env));
    expect(await run('localhost:6379')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--workers: the Redis URL must start with redis:// or rediss:// (TLS)'),
    });
    expect(await run(queueUrl(), { JURY_SECRET: '' })).toMatchObject({
      code: 2,
      err: expect.stringContaining('give the organiser’s secret in JURY_SECRET or --secret-file FILE'),
    });
    expect(await run(queueUrl(), { JURY_SECRET: 'short' })).toMatchObject({
      code: 2,
      err: expect.stringContaining('at least 16 characters'),
    });
    const wrong = await run(queueUrl(), { JURY_REDIS_PASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(
      /--workers: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ does not answer \(.*(WRONGPASS|invalid)/i,
    );
    expect(wrong.err).not.toContain('not-the-password');
    const nobody = await run('redis://127.0.0.1:1');
    expect(nobody).toMatchObject({ code: 2, err: expect.stringContaining('does not answer') });
    expect(existsSync(db)).toBe(false);
    const w = await finished(start(['worker', '--redis', 'redis://127.0.0.1:1', '--slots', '0']));
    expect(w).toMatchObject({
      code: 2,
      err: expect.stringContaining('--slots must be a whole number from 1 to 256'),
    });
    for (const r of [wrong, nobody, w]) expect(r.err).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses a Redis password on the command line (ps shows it), naming where it goes instead', async () => {
    const dir = tempDir('jury-cli-workers-password-');
    const config = configFile(dir, event('Refused', { kind: 'round-robin' }, 0));
    const db = join(dir, 'never.sqlite');
    const fix =
      /give redis:\/\/127\.0\.0\.1:\d+ and the password in JURY_REDIS_PASSWORD or --redis-password-file FILE/;
    const run = await finished(start(['run', config, '--db', db, '--workers', redis.url]));
    expect(run.code, run.err).toBe(2);
    expect(run.err).toMatch(/--workers: the URL holds the Redis password/);
    expect(run.err).toMatch(fix);
    const w = await finished(start(['worker', '--redis', redis.url, '--slots', '1']));
    expect(w.code, w.err).toBe(2);
    expect(w.err).toMatch(/--redis: the URL holds the Redis password/);
    expect(w.err).toMatch(fix);
    for (const r of [run, w]) {
      expect(r.err).not.toContain(PASSWORD);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(db)).toBe(false);
    // A password file that cannot be read, or is empty, is refused too.
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    for (const file of [join(dir, 'missing'), empty]) {
      const r = await finished(
        start(['run', config, '--db', db, '--workers', queueUrl(), '--redis-password-file', file]),
      );
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(/--redis-password-file: (cannot read \S+|\S+ is empty)\n/);
      expect(r.err).toContain(file);
    }
    expect(existsSync(db)).toBe(false);
  }, 60_000);
});
