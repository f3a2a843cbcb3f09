import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PresetStore, SettingsStore, type Preset } from './settings-store.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'jury-settings-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('starts with the defaults and knows it is the first start', async () => {
    const store = await SettingsStore.open(workspace);
    expect(store.firstStart).toBe(true);
    expect(store.get()).toEqual({
      language: 'en',
      theme: 'system',
      defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
      demoOffered: false,
      workers: { redisUrl: null, secretSet: false },
    });
  });

  it('stores a change, keeps the other fields, and is no first start the next time', async () => {
    const store = await SettingsStore.open(workspace);
    await store.set({ theme: 'dark' });
    const after = await store.set({ language: 'nl' });
    expect(after.theme).toBe('dark');
    expect(after.language).toBe('nl');
    expect(after.demoOffered).toBe(false);

    const again = await SettingsStore.open(workspace);
    expect(again.firstStart).toBe(false);
    expect(again.get()).toEqual(after);
    const onDisk = JSON.parse(await readFile(join(workspace, 'settings.json'), 'utf8'));
    expect(onDisk.theme).toBe('dark');
  });

  it('fills fields an older settings file lacks', async () => {
    await writeFile(join(workspace, 'settings.json'), '{"theme":"light"}');
    const store = await SettingsStore.open(workspace);
    expect(store.firstStart).toBe(false);
    expect(store.get().theme).toBe('light');
    expect(store.get().defaults.graceMs).toBe(1000);
  });

  it('refuses a damaged settings file, naming it and the field, and never overwrites it', async () => {
    const path = join(workspace, 'settings.json');
    await writeFile(path, '{"theme":"purple"}');
    await expect(SettingsStore.open(workspace)).rejects.toThrow(/settings\.json has invalid content: theme:/);
    expect(await readFile(path, 'utf8')).toBe('{"theme":"purple"}');
  });

  it('refuses a bad patch and changes nothing', async () => {
    const store = await SettingsStore.open(workspace);
    await expect(store.set({ theme: 'purple' } as never)).rejects.toThrow(/invalid settings: theme/);
    expect(store.get().theme).toBe('system');
  });
});

function preset(name: string, rounds: number): Preset {
  return {
    name,
    draft: {
      name: 'Club night',
      game: 'less',
      schedule: { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds, evenOut: true },
      bots: ['a', 'b', 'c', 'd'],
      timing: { mode: 'official', graceMs: 1000 },
      limits: { memoryMiB: 1024, maxProcesses: 64, network: false, affinity: true },
    },
  };
}

describe('PresetStore', () => {
  it('saves, replaces by name in place, and removes presets', async () => {
    const store = await PresetStore.open(workspace);
    expect(store.list()).toEqual([]);
    await store.save(preset('Quick', 1));
    await store.save(preset('Long', 5));
    const replaced = await store.save(preset('Quick', 3));
    expect(replaced.map((p) => p.name)).toEqual(['Quick', 'Long']);
    expect(replaced[0]!.draft.schedule).toMatchObject({ rounds: 3 });

    const reopened = await PresetStore.open(workspace);
    expect(reopened.list()).toEqual(replaced);

    expect((await reopened.remove('Quick')).map((p) => p.name)).toEqual(['Long']);
    expect((await PresetStore.open(workspace)).list().map((p) => p.name)).toEqual(['Long']);
  });

  it('refuses to remove an unknown preset', async () => {
    const store = await PresetStore.open(workspace);
    await expect(store.remove('Nope')).rejects.toThrow('no preset named "Nope"');
  });
});

describe('SettingsStore remote workers', () => {
  it('keeps the Redis URL, checks it naming the field, and keeps the secret out of the settings', async () => {
    const store = await SettingsStore.open(workspace);
    await expect(store.set({ workers: { redisUrl: 'redis://' } })).rejects.toThrow(
      'invalid settings: workers.redisUrl:',
    );
    await expect(store.set({ workers: { secret: 'too short' } })).rejects.toThrow(
      /workers\.secret: the secret must be at least 16 characters/,
    );
    expect(store.get().workers).toEqual({ redisUrl: null, secretSet: false });
    const set = await store.set({ workers: { redisUrl: 'redis://:pw@lab:6380/2', secret: 'x'.repeat(20) } });
    expect(set.workers).toEqual({ redisUrl: 'redis://:pw@lab:6380/2', secretSet: true });
    expect(await store.workerSecret()).toBe('x'.repeat(20));
    expect(await readFile(join(workspace, 'settings.json'), 'utf8')).not.toContain('xxxx');
    // The URL alone changes; the secret stays, and so does the password (the app sends the URL back
    // as it was shown: without it).
    await store.set({ workers: { redisUrl: 'redis://lab' } });
    const again = await SettingsStore.open(workspace);
    expect(again.get().workers).toEqual({ redisUrl: 'redis://:pw@lab', secretSet: true });
    await again.set({ workers: { secret: null } });
    expect(await again.workerSecret()).toBeNull();
    expect((await SettingsStore.open(workspace)).get().workers.secretSet).toBe(false);
  });

  it('never gives the Redis password back: the URL without it, and whether one is set', async () => {
    const store = await SettingsStore.open(workspace);
    const answer = await store.set({ workers: { redisUrl: 'redis://ops:s3cret@lab:6380/2' } });
    expect(answer.workers.redisUrl).toBe('redis://ops:s3cret@lab:6380/2');
    expect(store.shown().workers).toEqual({
      redisUrl: 'redis://ops@lab:6380/2',
      secretSet: false,
      passwordSet: true,
    });
    expect(JSON.stringify(store.shown())).not.toContain('s3cret');
    // A new password, write-only, into the stored URL; then none.
    await store.set({ workers: { redisPassword: 'n3w pass/word' } });
    expect(store.get().workers.redisUrl).toBe('redis://ops:n3w%20pass%2Fword@lab:6380/2');
    expect(store.shown().workers.redisUrl).toBe('redis://ops@lab:6380/2');
    await store.set({ workers: { redisPassword: null } });
    expect(store.get().workers.redisUrl).toBe('redis://ops@lab:6380/2');
    expect(store.shown().workers.passwordSet).toBe(false);
    // A password typed into the URL itself is taken, and not shown either.
    await store.set({ workers: { redisUrl: 'redis://:typed@lab' } });
    expect(store.shown().workers).toMatchObject({ redisUrl: 'redis://lab', passwordSet: true });
  });

  it.skipIf(process.platform === 'win32')(
    'keeps settings.json (the Redis URL with its password) readable by its owner only, like the secret',
    async () => {
      const path = join(workspace, 'settings.json');
      const mode = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;
      const store = await SettingsStore.open(workspace);
      await store.set({
        workers: { redisUrl: 'redis://:a-redis-password@lab:6379', secret: 'x'.repeat(20) },
      });
      expect(await mode(path)).toBe(0o600);
      expect(await mode(join(workspace, 'worker-secret'))).toBe(0o600);
      // A file an older Jury left world-readable is tightened when it is read, and when it is written.
      await chmod(path, 0o644);
      const reopened = await SettingsStore.open(workspace);
      expect(await mode(path)).toBe(0o600);
      expect(reopened.get().workers.redisUrl).toBe('redis://:a-redis-password@lab:6379');
      await chmod(path, 0o644);
      await reopened.set({ language: 'nl' });
      expect(await mode(path)).toBe(0o600);
    },
  );
});
