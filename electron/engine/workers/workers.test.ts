import { describe, expect, it } from 'vitest';
import { parseRedisUrl } from './connection.ts';
import { physicalCores } from './cores.ts';
import { JOB_VERSION, openJob, signJob, type GameJob } from './job.ts';
import { treeHash } from './file-tree.ts';
import { scaledConfig, speedFactor } from './speed.ts';
import type { TournamentConfig } from '../tournament/config.ts';

const job: GameJob = {
  v: JOB_VERSION,
  jury: '0.1.0',
  run: 'abc',
  tournament: 'Cup',
  game: { index: 0, stage: 'main', round: 1, seats: ['a', 'b'], seed: 1, board: null, match: 'm' },
  config: {
    name: 'Cup',
    game: '6561',
    timing: { mode: 'cpu', graceMs: 1000 },
  } as unknown as TournamentConfig,
  bots: [{ kind: 'sample', id: 'a', name: 'A', sample: 'random' }],
  referenceMs: 40,
  factorRange: null,
};

describe('Redis URLs', () => {
  it('reads host, port, database, TLS and password, and never shows the password', () => {
    expect(parseRedisUrl('rediss://:s3cret@lab.example:6380/2')).toMatchObject({
      host: 'lab.example',
      port: 6380,
      db: 2,
      tls: true,
      password: 's3cret',
      shown: 'rediss://:***@lab.example:6380/2',
    });
    expect(parseRedisUrl('redis://127.0.0.1')).toMatchObject({
      port: 6379,
      db: 0,
      tls: false,
      password: null,
    });
    // The password given apart (JURY_REDIS_PASSWORD, a file), the user name kept from the URL.
    expect(parseRedisUrl('redis://jury@lab:6380', 'p@ss:word')).toMatchObject({
      username: 'jury',
      password: 'p@ss:word',
      shown: 'redis://jury:***@lab:6380',
    });
    expect(parseRedisUrl('redis://lab', 'x')).toMatchObject({ password: 'x', shown: 'redis://:***@lab' });
  });

  it('says what is wrong with a bad URL', () => {
    expect(parseRedisUrl('localhost:6379')).toEqual({
      problem: 'the Redis URL must start with redis:// or rediss:// (TLS), not localhost://',
    });
    expect(parseRedisUrl('http://x')).toMatchObject({ problem: expect.stringContaining('not http://') });
    expect(parseRedisUrl('redis://h/99')).toMatchObject({ problem: expect.stringContaining('0 to 15') });
    expect(parseRedisUrl('::')).toMatchObject({ problem: expect.stringContaining('is not a URL') });
  });
});

describe('signed jobs', () => {
  it('opens a job signed with the same secret, and refuses another secret or a changed body', () => {
    const signed = signJob(job, 'a-long-organiser-secret');
    expect(openJob(signed, 'a-long-organiser-secret')).toEqual(job);
    expect(openJob(signed, 'another-secret-entirely')).toEqual({
      refused: expect.stringContaining('not signed with this worker’s secret'),
      fault: 'secret',
    });
    const changed = { ...signed, body: signed.body.replace('random', 'greedy') };
    expect(openJob(changed, 'a-long-organiser-secret')).toMatchObject({ refused: expect.any(String) });
    expect(openJob({ nonsense: 1 }, 'x')).toEqual({
      refused: 'the job is not a Jury game job',
      fault: 'job',
    });
  });

  it('refuses a signed body that is not a game job, naming the field', () => {
    const signed = signJob({ ...job, referenceMs: -1 }, 'a-long-organiser-secret');
    expect(openJob(signed, 'a-long-organiser-secret')).toEqual({
      refused: expect.stringMatching(/^the job is malformed: referenceMs: /),
      fault: 'job',
    });
  });
});

describe('speed factors', () => {
  it('scales every budget by the worker’s factor, the game’s own when the tournament gives none', () => {
    expect(speedFactor(50, 40)).toBe(1.25);
    const flit = { ...job.config, game: 'flit', timing: { mode: 'cpu', graceMs: 1000 } } as TournamentConfig;
    expect(scaledConfig(flit, 1)).toBe(flit);
    const game6561 = {
      ...job.config,
      timing: { mode: 'cpu', graceMs: 1000, budgetMs: 2000 },
    } as TournamentConfig;
    expect(scaledConfig(game6561, 1.25).timing.budgetMs).toBe(2500);
    expect(scaledConfig(flit, 2).timing.budgetMs).toBeGreaterThan(0);
  });
});

describe('physical cores and trees', () => {
  it('counts distinct cores per package, not hyper-threads', () => {
    const info = [
      'physical id\t: 0',
      'core id\t: 0',
      'physical id\t: 0',
      'core id\t: 0',
      'physical id\t: 0',
      'core id\t: 1',
    ].join('\n');
    expect(physicalCores(info)).toBe(2);
  });

  it('hashes a tree over paths, modes and contents', () => {
    const a = [{ path: 'bot', executable: true, size: 1, hash: 'a'.repeat(64) }];
    expect(treeHash(a)).not.toBe(treeHash([{ ...a[0]!, executable: false }]));
    expect(treeHash(a)).not.toBe(treeHash([{ ...a[0]!, path: 'bot2' }]));
    expect(treeHash(a)).toBe(treeHash([...a]));
  });
});

describe('the worker’s program cache', () => {
  it('refuses a damaged file and a tree naming a file outside its folder, and keeps nothing of them', async () => {
    const { mkdtempSync, rmSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createHash } = await import('node:crypto');
    const { TreeCache } = await import('./file-tree.ts');
    const dir = mkdtempSync(join(tmpdir(), 'jury-tree-'));
    try {
      const cache = new TreeCache(dir);
      const bytes = Buffer.from('#!/bin/sh\necho hi\n');
      const hash = createHash('sha256').update(bytes).digest('hex');
      await expect(cache.putBlob(hash, Buffer.from('something else'))).rejects.toThrow(/arrived damaged/);
      expect(await cache.hasBlob(hash)).toBe(false);
      await cache.putBlob(hash, bytes);
      const evil = [{ path: '../escape', executable: true, size: bytes.length, hash }];
      await expect(cache.materialize({ hash: treeHash(evil), entries: evil })).rejects.toThrow(
        /outside its folder/,
      );
      expect(existsSync(join(dir, 'trees', 'escape'))).toBe(false);
      await expect(cache.materialize({ hash: 'f'.repeat(64), entries: evil })).rejects.toThrow(
        /does not match its hash/,
      );
      const good = [{ path: 'bin/bot', executable: true, size: bytes.length, hash }];
      const folder = await cache.materialize({ hash: treeHash(good), entries: good });
      expect(existsSync(join(folder, 'bin', 'bot'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
