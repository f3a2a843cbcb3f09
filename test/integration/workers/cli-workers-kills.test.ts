import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { finished, printed } from '../cli/jury-process.ts';
import {
  configFile,
  event,
  finishedGames,
  queueUrl,
  standings,
  start,
  storedGames,
  tempDir,
  worker,
} from './cli-workers-setup.ts';

// A worker killed with SIGKILL mid-game and a coordinator killed and started again, on a real
// redis-server: no game lost, none played twice, the standings of a local run.

describe('jury worker and jury run --workers (real processes, a real redis-server)', () => {
  it('loses nothing when a worker is killed mid-game or the coordinator is killed and started again', async () => {
    const dir = tempDir('jury-cli-workers-kill-');
    // 1000 moves of 1 ms each per C bot: about a second per game, long enough to be killed in.
    const config = configFile(dir, event('Remote kills', { kind: 'round-robin' }, 1000));
    const db = join(dir, 'remote.sqlite');
    const w1 = await worker('k1');
    await worker('k2');
    const coordinator = start(['run', config, '--db', db, '--json', '--workers', queueUrl()]);
    const first = finished(coordinator);
    // Once a game is stored and the next ones are under way: kill a worker (its game is taken again
    // after the lock time), then the coordinator.
    await printed(coordinator, '"game-finished"');
    await new Promise((r) => setTimeout(r, 300));
    w1.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    coordinator.kill('SIGKILL');
    const killed = await first;
    expect(killed.signal).toBe('SIGKILL');
    // What the killed coordinator had stored (its last output line may be cut off).
    const before = storedGames(db);
    expect(before.length).toBeGreaterThan(0);
    await worker('k3');
    const again = await finished(start(['run', config, '--db', db, '--json', '--workers', queueUrl()]));
    expect(again.code, again.err).toBe(0);
    const after = finishedGames(again);
    // Every game stored once: none of the first run's games played again, none missing.
    expect(after.filter((i) => before.includes(i))).toEqual([]);
    const end = JSON.parse(again.out.trim().split('\n').at(-1) ?? '{}') as {
      finished: number;
      total: number;
    };
    expect(end.finished).toBe(end.total);
    expect(before.length + after.length).toBe(end.total);
    // The same standings as a local run of the same event.
    const local = await finished(start(['run', config, '--db', join(dir, 'local.sqlite'), '--json']));
    expect(local.code, local.err).toBe(0);
    expect(await standings(db)).toEqual(await standings(join(dir, 'local.sqlite')));
    // Every record names the worker that played it, with its speed factor.
    const store = TournamentStore.open(db, { readOnly: true });
    try {
      const workers = store.outcomes().map((o) => store.record(o.index)?.worker?.name);
      expect(workers.every((w) => w === 'k1' || w === 'k2' || w === 'k3')).toBe(true);
      expect(store.record(0)?.worker?.speedFactor).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 400_000);
});
