import { describe, expect, it } from 'vitest';
import { spawn, execFile, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TournamentStore } from '../../../electron/engine/store/store.ts';

const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));
const run = promisify(execFile);

const config = {
  format: 'jury-tournament',
  version: 1,
  name: 'Resume test',
  game: 'more',
  seed: 7,
  schedule: { kind: 'round-robin', repeats: 1 },
  bots: [
    { name: 'Greedy', sample: 'greedy' },
    { name: 'Random', sample: 'random' },
    { name: 'Greedy 2', sample: 'greedy' },
    { name: 'Random 2', sample: 'random' },
  ],
  timing: { mode: 'cpu' },
};

/** Starts `jury run` on `configPath` with its JSON event lines on stdout, two games at a time. */
function startRun(configPath: string, db: string): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [JURY, 'run', configPath, '--db', db, '--json', '--concurrency', '2']);
}

/** Runs `jury run` and kills it with SIGKILL once `after` games have finished; resolves with how many it saw. */
function runAndKill(configPath: string, db: string, after: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = startRun(configPath, db);
    let seen = 0;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('"event":"game-finished"')) seen += 1;
        if (seen === after) child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve(seen)
        : reject(new Error(`jury run ended before it was killed (${signal})`)),
    );
  });
}

/**
 * The ranking rows of `jury standings --json`, without openskill: it rates the games in the order they
 * finished, which a kill and resume changes; everything else depends on the results alone.
 */
async function standings(db: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [JURY, 'standings', db, '--json']);
  const rows = (JSON.parse(stdout) as { ranking: { rows: Record<string, unknown>[] } }).ranking.rows;
  return rows.map(({ skill: _skill, ...row }) => row);
}

describe('a tournament killed with SIGKILL part-way', () => {
  it('resumes with no finished game lost or played twice, and ends with the standings of an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-resume-'));
    const configPath = join(dir, 'config.json');
    writeFileSync(configPath, JSON.stringify(config));

    const straight = join(dir, 'straight.sqlite');
    await run(process.execPath, [JURY, 'run', configPath, '--db', straight, '--concurrency', '2']);

    const killed = join(dir, 'killed.sqlite');
    const seen = await runAndKill(configPath, killed, 4);
    expect(seen).toBeGreaterThanOrEqual(4);
    const interrupted = TournamentStore.open(killed, { readOnly: true });
    const kept = interrupted.outcomes().length;
    const scheduled = interrupted.scheduled().length;
    expect(interrupted.integrityCheck()).toEqual([]); // no problems found
    interrupted.close();
    // Every game reported as finished was stored (more may have committed just before the kill).
    expect(kept).toBeGreaterThanOrEqual(4);
    expect(kept).toBeLessThan(12);
    expect(scheduled).toBe(12);

    const resumed = await run(process.execPath, [JURY, 'run', configPath, '--db', killed, '--json']);
    const finishedOnResume = resumed.stdout
      .split('\n')
      .filter((l) => l.includes('"event":"game-finished"')).length;
    expect(finishedOnResume).toBe(12 - kept);

    const store = TournamentStore.open(killed, { readOnly: true });
    const indexes = store.outcomes().map((o) => o.index);
    store.close();
    expect(indexes.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(await standings(killed)).toEqual(await standings(straight));
  }, 120_000);
});

describe('a tournament interrupted with Ctrl-C', () => {
  it('finishes the running games, stores them, exits 0 and says it stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-sigint-'));
    const configPath = join(dir, 'config.json');
    writeFileSync(configPath, JSON.stringify(config));
    const db = join(dir, 'stopped.sqlite');
    const child = startRun(configPath, db);
    let out = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!interrupted && out.includes('"event":"game-finished"')) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(0);
    const end = out
      .split('\n')
      .filter((l) => l.includes('"event":"end"'))
      .map((l) => JSON.parse(l) as { state: string; finished: number; total: number })[0];
    expect(end?.state).toBe('stopped');
    const store = TournamentStore.open(db, { readOnly: true });
    // The games running at the interrupt were finished and stored, none was started after it.
    expect(store.outcomes().length).toBe(end?.finished);
    expect(end!.finished).toBeLessThan(end!.total);
    store.close();
  });
});
