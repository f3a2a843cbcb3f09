import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SeatTotals } from '../../../electron/engine/store/queries.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';

const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));
const SAMPLES = new URL('../../../electron/engine/bots/samples/', import.meta.url);
const run = promisify(execFile);

/**
 * A copy of the sample script in `dir` that always runs the greedy More sample, its relative imports
 * pointed back at the samples folder so the copy runs anywhere. Its hash is the copy's own (for
 * `node <script>` the script is hashed).
 */
function copyGreedyBot(dir: string): string {
  const source = readFileSync(new URL('sample-bot.ts', SAMPLES), 'utf8');
  const path = join(dir, 'mine.ts');
  writeFileSync(
    path,
    source
      .replaceAll(/from '\.\/([^']+)'/g, (_, file: string) => `from '${new URL(file, SAMPLES).href}'`)
      .replace('runSample();', "runSample(['more-greedy', ...process.argv.slice(2)]);"),
  );
  return path;
}

interface Event {
  readonly event: string;
  readonly seats?: readonly string[];
  readonly participant?: string;
  readonly games?: number;
  readonly message?: string;
}

async function jury(args: readonly string[]): Promise<{ events: Event[]; stderr: string }> {
  const { stdout, stderr } = await run(process.execPath, [JURY, ...args]);
  const events = stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Event);
  return { events, stderr };
}

/**
 * Totals with their REAL sums rounded: the running totals add the games in the order they finished, a
 * recomputation in index order, so real-valued sums may differ in the last bits (true without a replay too).
 */
function rounded(t: SeatTotals): SeatTotals {
  return { ...t, points: Number(t.points.toFixed(6)), chargedUs: Number(t.chargedUs.toFixed(3)) };
}

/** The store is complete (every game finished, each once), sound, and its totals match its seat rows. */
function expectComplete(db: string, games: number): void {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    expect(store.integrityCheck()).toEqual([]);
    expect(store.counts()).toEqual({ scheduled: games, finished: games, unfinished: 0 });
    expect(store.outcomes().map((o) => o.index)).toEqual([...Array(games).keys()]);
    expect(store.seatTotals().map(rounded)).toEqual(store.seatTotals(undefined, true).map(rounded));
    for (const o of store.outcomes())
      expect(store.record(o.index)?.seed).toBe(store.scheduled()[o.index]?.seed);
  } finally {
    store.close();
  }
}

function setUp(): { configPath: string; script: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'jury-replay-'));
  const script = copyGreedyBot(dir);
  const configPath = join(dir, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      format: 'jury-tournament',
      version: 1,
      name: 'Replay test',
      game: 'more',
      seed: 11,
      schedule: { kind: 'round-robin', repeats: 1 },
      bots: [
        { name: 'Greedy', sample: 'greedy' },
        { name: 'Random', sample: 'random' },
        { name: 'Mine', executable: process.execPath, args: [script] },
      ],
      timing: { mode: 'cpu' },
    }),
  );
  return { configPath, script, dir };
}

// Three bots, both seat orders of every pair: 6 games, 4 of them with Mine.
const GAMES = 6;
const MINE = 4;

describe('jury run --replay-changed', () => {
  it("plays again exactly the changed bot's finished games, then the store is complete", async () => {
    const { configPath, script, dir } = setUp();
    const db = join(dir, 't.sqlite');
    const first = await jury(['run', configPath, '--db', db, '--json', '--concurrency', '2']);
    expect(first.events.filter((e) => e.event === 'game-finished')).toHaveLength(GAMES);
    expectComplete(db, GAMES);
    const before = TournamentStore.open(db, { readOnly: true });
    const mineId = before.participants().find((p) => p.name === 'Mine')?.id ?? '';
    const oldHash = before.participant(mineId)?.executableHash;
    expect(before.gamesOf(mineId)).toHaveLength(MINE);
    before.close();

    // Unchanged: a rerun plays nothing and says nothing about changes.
    const again = await jury(['run', configPath, '--db', db, '--json', '--replay-changed']);
    expect(again.events.filter((e) => e.event === 'game-finished')).toHaveLength(0);
    expect(again.events.filter((e) => e.event === 'replay' || e.event === 'warning')).toEqual([]);

    appendFileSync(script, '\n// a new version\n');
    const replayed = await jury(['run', configPath, '--db', db, '--json', '--replay-changed']);
    const finished = replayed.events.filter((e) => e.event === 'game-finished');
    expect(finished).toHaveLength(MINE);
    for (const e of finished) expect(e.seats).toContain(mineId);
    const [note, ...more] = replayed.events.filter((e) => e.event === 'replay');
    expect(more).toEqual([]);
    expect(note).toMatchObject({ participant: mineId, games: MINE });
    expect(note?.message).toMatch(
      /Mine changed .* its 4 games will be played again; later rounds keep the pairings/,
    );
    expectComplete(db, GAMES);
    const after = TournamentStore.open(db, { readOnly: true });
    expect(after.participant(mineId)?.executableHash).not.toBe(oldHash);
    after.close();
  }, 120_000);

  it('without the flag, warns and replays nothing, and the new hash is kept', async () => {
    const { configPath, script, dir } = setUp();
    const db = join(dir, 't.sqlite');
    await jury(['run', configPath, '--db', db, '--json', '--concurrency', '2']);
    const before = TournamentStore.open(db, { readOnly: true });
    const outcomes = JSON.stringify(before.outcomes());
    before.close();

    appendFileSync(script, '\n// a new version\n');
    const rerun = await jury(['run', configPath, '--db', db, '--json']);
    expect(rerun.events.filter((e) => e.event === 'game-finished')).toHaveLength(0);
    const warnings = rerun.events.filter((e) => e.event === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(
      /Mine changed .* rerun with --replay-changed to play its 4 games again/,
    );
    expectComplete(db, GAMES);
    const after = TournamentStore.open(db, { readOnly: true });
    expect(JSON.stringify(after.outcomes())).toBe(outcomes);
    after.close();

    // The hash was updated: the next run neither warns again nor, with the flag, replays anything.
    const third = await jury(['run', configPath, '--db', db, '--json', '--replay-changed']);
    expect(third.events.filter((e) => e.event === 'warning' || e.event === 'replay')).toEqual([]);
    expect(third.events.filter((e) => e.event === 'game-finished')).toHaveLength(0);
  }, 120_000);
});
