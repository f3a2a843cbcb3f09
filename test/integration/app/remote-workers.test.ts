import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { parseRedisUrl, type RedisTarget } from '../../../electron/engine/workers/connection.ts';
import { JuryWorker } from '../../../electron/engine/workers/worker.ts';
import { startHarness, type Harness } from '../../helpers/service-harness.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// The app's remote workers, through its service as the UI calls it: the settings' Redis URL and secret,
// a tournament created to play on workers, played to the end by an in-process `jury worker` on a real
// redis-server, the workers list, and starts refused (nothing changed) without a usable queue.

const SECRET = 'the-organisers-secret-1234';
const redis = new TestRedis();
let target: RedisTarget;
let worker: JuryWorker | null = null;
let h: Harness | null = null;
const dirs: string[] = [];

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  await redis.start();
  const parsed = parseRedisUrl(redis.url);
  if ('problem' in parsed) throw new Error(parsed.problem);
  target = parsed;
}, 30_000);

afterEach(async () => {
  await worker?.close();
  worker = null;
  await h?.dispose();
  h = null;
});

afterAll(async () => {
  await redis.remove();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A speed benchmark that answers `times` in turn (the last one from then on): no real work is timed. */
function figures(...times: number[]): () => number {
  let i = 0;
  return () => times[Math.min(i++, times.length - 1)] ?? NaN;
}

async function startWorker(
  name: string,
  secret = SECRET,
  speed: number | (() => number) = 50,
): Promise<JuryWorker> {
  const cacheDir = mkdtempSync(join(tmpdir(), `jury-app-worker-${name}-`));
  dirs.push(cacheDir);
  const w = new JuryWorker({
    target,
    secret,
    slots: 2,
    name,
    cacheDir,
    launcher: processLauncher(),
    log: () => {},
    ...(typeof speed === 'number' ? { benchmarkMs: speed } : { benchmark: speed }),
    lockMs: 2000,
  });
  await w.start();
  return w;
}

async function sampleDraft(harness: Harness, name: string): Promise<Record<string, unknown>> {
  const bots = await harness.call('bots.addSamples', { game: '6561' });
  const id = (path: string): string => bots.find((b) => b.path === path)?.id ?? '';
  return {
    name,
    game: '6561',
    seed: 7,
    schedule: { kind: 'round-robin', repeats: 1 },
    bots: [id('6561-random'), id('6561-greedy')],
    timing: { mode: 'cpu' },
    workers: { localSlots: 0 },
  };
}

describe('the app on remote workers', () => {
  it('keeps the Redis URL in the settings and the secret in a file of its own (0600), never answered', async () => {
    h = await startHarness({ benchmarkMs: 40 });
    const settings = await h.call('settings.set', { workers: { redisUrl: redis.url, secret: SECRET } });
    expect(settings.workers).toEqual({ redisUrl: redis.url, secretSet: true, passwordSet: false });
    expect(JSON.stringify(settings)).not.toContain(SECRET);
    const file = readFileSync(join(h.dir, 'workspace', 'settings.json'), 'utf8');
    expect(file).not.toContain(SECRET);
    expect(JSON.parse(file).workers).toEqual({ redisUrl: redis.url });
    const secretFile = join(h.dir, 'workspace', 'worker-secret');
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(SECRET);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect((await h.call('settings.get', undefined)).workers.secretSet).toBe(true);

    await expect(h.call('settings.set', { workers: { redisUrl: 'http://example.org' } })).rejects.toThrow(
      /workers\.redisUrl: the Redis URL must start with redis:\/\/ or rediss:\/\//,
    );
    await expect(h.call('settings.set', { workers: { secret: 'short' } })).rejects.toThrow(
      /at least 16 characters/,
    );
    expect((await h.call('settings.get', undefined)).workers.redisUrl).toBe(redis.url);

    const cleared = await h.call('settings.set', { workers: { secret: null } });
    expect(cleared.workers.secretSet).toBe(false);
    expect(existsSync(secretFile)).toBe(false);
  });

  it('plays a tournament created for workers to the end remotely, and lists the worker', async () => {
    // Both sides first measure at a busy moment (70 ms and 100 ms), then quietly (40 ms and 50 ms) before
    // the run's first game: the quiet figures decide the games' factor, not the first ones.
    h = await startHarness({ benchmark: figures(70, 40) });
    worker = await startWorker('lab-b', SECRET, figures(100, 50));
    await h.call('settings.set', { workers: { redisUrl: redis.url, secret: SECRET } });

    const listed = await h.call('workers.list', undefined);
    expect(listed.connected).toBe(true);
    expect(listed.problem).toBeNull();
    expect(listed.reference).toMatchObject({ benchmarkMs: 70, measurements: 1 });
    expect(listed.workers).toHaveLength(1);
    expect(listed.workers[0]).toMatchObject({
      name: 'lab-b',
      slots: 2,
      running: 0,
      speedFactor: 1.43,
      benchmarkMs: 100,
    });
    expect(Date.now() - Date.parse(listed.workers[0]?.lastSeen ?? '')).toBeLessThan(10_000);
    const firstMeasured = Date.parse(listed.workers[0]?.measuredAt ?? '');
    expect(Date.now() - firstMeasured).toBeLessThan(30_000);

    const draft = await sampleDraft(h, 'Remote');
    await h.call('tournaments.create', { draft: draft as never });
    const started = await h.call('tournament.start', { id: 'Remote' });
    expect(started.state).toBe('running');
    // Games at once follow the worker's slots (no local slots).
    expect(started.concurrency).toBe(2);
    // Remote games show on the live wall like local ones.
    await h.waitFor('game.frame', (f) => f.tournament === 'Remote' && f.ply > 0, 60_000);
    const end = await h.waitFor(
      'tournament.progress',
      (p) => p.id === 'Remote' && p.state === 'done',
      90_000,
    );
    expect(end).toMatchObject({ finished: 2, total: 2, error: null });
    await h.waitFor('tournament.changed', (c) => c.id === 'Remote' && c.reason === 'state');

    const store = TournamentStore.open(join(h.dir, 'tournaments', 'Remote.sqlite'), { readOnly: true });
    try {
      for (const index of [0, 1]) {
        // Each record states the factor its game was played with and both benchmark times it is made of.
        expect(store.record(index)?.worker).toEqual({
          name: 'lab-b',
          host: expect.any(String),
          speedFactor: 1.25,
          benchmarkMs: 50,
          referenceMs: 40,
        });
      }
    } finally {
      store.close();
    }
    // The list shows the new figures, and when they were measured (the worker's after its first one).
    let after = await h.call('workers.list', undefined);
    for (let i = 0; i < 20 && after.workers[0]?.benchmarkMs !== 50; i++) {
      await new Promise((r) => setTimeout(r, 250)); // its next heartbeat
      after = await h.call('workers.list', undefined);
    }
    expect(after.reference).toMatchObject({ benchmarkMs: 40, measurements: 2 });
    expect(after.workers[0]).toMatchObject({ speedFactor: 1.25, benchmarkMs: 50 });
    expect(Date.parse(after.workers[0]?.measuredAt ?? '')).toBeGreaterThan(firstMeasured);
  }, 120_000);

  it('refuses to start without a usable queue, saying why, and changes nothing', async () => {
    h = await startHarness({ benchmarkMs: 40 });
    const draft = await sampleDraft(h, 'Refused');
    await h.call('tournaments.create', { draft: draft as never });
    const path = join(h.dir, 'tournaments', 'Refused.sqlite');
    const before = readFileSync(path);

    await expect(h.call('tournament.start', { id: 'Refused' })).rejects.toThrow(
      /plays on remote workers, but no Redis URL is set in Settings → Remote workers/,
    );
    await h.call('settings.set', { workers: { redisUrl: redis.url } });
    await expect(h.call('tournament.start', { id: 'Refused' })).rejects.toThrow(
      /plays on remote workers, but the organiser's secret is not set/,
    );
    // A port where no Redis listens.
    const away = `redis://127.0.0.1:${redis.port === 1 ? 2 : 1}`;
    await h.call('settings.set', { workers: { redisUrl: away, secret: SECRET } });
    await expect(h.call('tournament.start', { id: 'Refused' })).rejects.toThrow(
      /plays on remote workers, but Redis at redis:\/\/127\.0\.0\.1:1 does not answer/,
    );
    const listed = await h.call('workers.list', undefined);
    expect(listed).toMatchObject({ connected: false, workers: [] });
    expect(listed.problem).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1 does not answer/);

    const summary = (await h.call('tournaments.list', undefined)).find((t) => t.id === 'Refused');
    expect(summary).toMatchObject({ state: 'idle', finished: 0 });
    expect(readFileSync(path).equals(before)).toBe(true);
  }, 60_000);

  it('shows a worker with another secret and its problem; the games wait for a worker with the right one', async () => {
    h = await startHarness({ benchmarkMs: 40 });
    worker = await startWorker('wrong', 'another-secret-of-16+');
    await h.call('settings.set', { workers: { redisUrl: redis.url, secret: SECRET } });
    const draft = await sampleDraft(h, 'Guarded');
    await h.call('tournaments.create', { draft: draft as never });
    await h.call('tournament.start', { id: 'Guarded' });
    let problem: string | null = null;
    for (let i = 0; i < 60 && problem === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      problem =
        (await h.call('workers.list', undefined)).workers.find((w) => w.name === 'wrong')?.problem ?? null;
    }
    expect(problem).toMatch(/secret/);
    const summary = (await h.call('tournaments.list', undefined)).find((t) => t.id === 'Guarded');
    expect(summary?.finished).toBe(0);
    await h.call('tournament.abort', { id: 'Guarded' });
    await h.waitFor('tournament.progress', (p) => p.id === 'Guarded' && p.state === 'aborted');
  }, 60_000);
});
