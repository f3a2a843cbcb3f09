import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { snapshot, soundStore } from '../../../test/helpers/bad-stores.ts';
import { refuses } from '../../../test/integration/store/samples.ts';
import { runLockHolder, runLockPath, type RunLockInfo } from './run-lock.ts';
import { TournamentStore } from './store.ts';

const CHILD = fileURLToPath(new URL('../../../test/integration/store/lock-child.ts', import.meta.url));
const run = promisify(execFile);

function store(): { dir: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'jury-lock-'));
  const path = join(dir, 'event.sqlite');
  soundStore(path, 4);
  return { dir, path };
}

function lockInfo(path: string): RunLockInfo {
  return JSON.parse(readFileSync(runLockPath(path), 'utf8')) as RunLockInfo;
}

function writeLock(path: string, info: Partial<RunLockInfo>): void {
  const base = { pid: process.pid, host: hostname(), startedAt: '2025-03-01T12:00:00.000Z' };
  writeFileSync(
    runLockPath(path),
    JSON.stringify({ ...base, holder: 'jury run old.json', token: 't', ...info }),
  );
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid ?? 0;
}

describe('the run lock', () => {
  it('names the holder to a second run, lets readers in, and goes with the run', () => {
    const { dir, path } = store();
    const first = TournamentStore.open(path, { lock: 'jury run club.json' });
    expect(lockInfo(path)).toMatchObject({
      pid: process.pid,
      host: hostname(),
      holder: 'jury run club.json',
    });
    const before = snapshot(dir);
    refuses(
      () => TournamentStore.open(path, { lock: 'the Jury app' }),
      'locked',
      new RegExp(
        `is being run by jury run club\\.json \\(pid ${process.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]*\\); a second run is refused`,
      ),
    );
    expect(snapshot(dir)).toEqual(before);
    // Standings, exports and the app's screens still read.
    const reader = TournamentStore.open(path, { readOnly: true });
    expect(reader.counts().finished).toBe(4);
    reader.close();
    expect(runLockHolder(path)).toMatchObject({ pid: process.pid });
    first.close();
    expect(existsSync(runLockPath(path))).toBe(false);
    expect(runLockHolder(path)).toBeNull();
    TournamentStore.open(path, { lock: 'the Jury app' }).close();
    refuses(
      () => TournamentStore.open(path, { lock: 'x', readOnly: true }),
      'invalid',
      /read-only store cannot/,
    );
  });

  it('takes over a lock whose process is gone, an unreadable one, and (Linux) one of a reused pid', () => {
    const { path } = store();
    writeLock(path, { pid: deadPid() });
    expect(runLockHolder(path)).toBeNull();
    TournamentStore.open(path, { lock: 'jury run new.json' }).close();

    writeFileSync(runLockPath(path), '{"pid": 12'); // a process killed while it wrote the lock
    const taken = TournamentStore.open(path, { lock: 'jury run new.json' });
    expect(lockInfo(path)).toMatchObject({ pid: process.pid, holder: 'jury run new.json' });
    taken.close();

    if (existsSync('/proc/self/stat')) {
      // This process's pid, but a process that started at another time: the pid was used again.
      writeLock(path, { processStart: '1' });
      TournamentStore.open(path, { lock: 'jury run new.json' }).close();
      expect(existsSync(runLockPath(path))).toBe(false);
    }
  });

  it('refuses a lock of another machine, saying which, and how to clear it if that run is over', () => {
    const { dir, path } = store();
    writeLock(path, { host: 'club-laptop', pid: 4242 });
    const before = snapshot(dir);
    refuses(
      () => TournamentStore.open(path, { lock: 'jury run club.json' }),
      'locked',
      /is being run by jury run old\.json \(pid 4242 on club-laptop, since 2025-03-01T12:00:00\.000Z\); .*if it is no longer running, delete .*event\.sqlite\.lock/,
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('lets exactly one of several processes starting at once take over a stale lock', async () => {
    const { path } = store();
    writeLock(path, { pid: deadPid() });
    const children = await Promise.all(
      [1, 2, 3, 4].map((n) => run(process.execPath, [CHILD, path, `jury run ${n}`, '3000', 'close'])),
    );
    const lines = children.map((c) => c.stdout.trim());
    expect(lines.filter((l) => l === 'got')).toHaveLength(1);
    expect(
      lines.filter((l) => /^refused locked: .* is being run by jury run \d \(pid \d+/.test(l)),
    ).toHaveLength(3);
    expect(existsSync(runLockPath(path))).toBe(false);
  });

  it('is let go when the process exits without closing the store', async () => {
    const { path } = store();
    const { stdout } = await run(process.execPath, [CHILD, path, 'jury run x', '10', 'exit']);
    expect(stdout).toBe('got\n');
    expect(existsSync(runLockPath(path))).toBe(false);
  });
});
