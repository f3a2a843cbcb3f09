import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../../electron/cli/program.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import type { StoredParticipant } from '../../../electron/engine/store/validate.ts';
import { startHarness, type Harness } from '../../helpers/service-harness.ts';

// `jury run` and the app make their runs with the same engine builder (prepareRun): the same tournament
// run both ways stores the same commands and program hashes, and a changed program is found both ways.

const FIXTURES = fileURLToPath(new URL('../../fixtures/bots/', import.meta.url));

let h: Harness | null = null;
let dir = '';
afterEach(async () => {
  await h?.dispose();
  h = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A program bot of our own in `folder`: the fixed-reply fixture (an illegal mover) as a JavaScript source. */
function programBot(folder: string): string {
  copyFileSync(join(FIXTURES, '_lib.js'), join(folder, '_lib.js'));
  const script = join(folder, 'mine.js');
  copyFileSync(join(FIXTURES, 'fixed-reply.js'), script);
  return script;
}

function participants(db: string): StoredParticipant[] {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    return store.participants();
  } finally {
    store.close();
  }
}

async function jury(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

function events(out: string): { event: string; message?: string }[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { event: string; message?: string });
}

/** The tournament's summary once no run of it is under way any more (its store let go). */
async function settled(
  harness: Harness,
  id: string,
): Promise<{ state: string; finished: number; total: number }> {
  for (let i = 0; i < 200; i++) {
    const summary = (await harness.call('tournaments.list', undefined)).find((t) => t.id === id);
    if (summary && summary.state !== 'running') return summary;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${id} is still running`);
}

describe('a tournament run by jury run and by the app', () => {
  it('stores the same commands and program hashes, and both find a changed program', async () => {
    dir = mkdtempSync(join(tmpdir(), 'jury-both-'));
    chmodSync(dir, 0o755); // a user's folder: a root Jury's bots (other uids) must enter it
    const script = programBot(dir);
    h = await startHarness();
    const samples = await h.call('bots.addSamples', { game: '6561' });
    const mine = await h.call('bots.add', { path: script, name: 'Mine' });
    await h.call('tournaments.create', {
      draft: {
        name: 'Both',
        game: '6561',
        seed: 5,
        schedule: { kind: 'round-robin', repeats: 1 },
        bots: [...samples.map((b) => b.id), mine.id],
        timing: { mode: 'cpu' },
        concurrency: 2,
      },
    });
    const appDb = join(h.dir, 'tournaments', 'Both.sqlite');
    // Created, not run yet: nothing recorded.
    expect(participants(appDb).map((p) => [p.command, p.executableHash])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    await h.call('tournament.start', { id: 'Both' });
    await h.waitFor('tournament.progress', (p) => p.id === 'Both' && p.state === 'done', 60_000);

    // The CLI runs the very config the app stored.
    const store = TournamentStore.open(appDb, { readOnly: true });
    const config = store.loadConfig();
    store.close();
    const configPath = join(dir, 'both.json');
    writeFileSync(configPath, JSON.stringify(config));
    const cliDb = join(dir, 'both.sqlite');
    const ran = await jury('run', configPath, '--db', cliDb, '--json', '--concurrency', '2');
    expect(ran.code).toBe(0);
    expect(events(ran.out).filter((e) => e.event === 'game-finished')).toHaveLength(6);

    const fromApp = participants(appDb);
    const fromCli = participants(cliDb);
    expect(fromCli).toEqual(fromApp);
    expect(fromApp.map((p) => p.name).at(-1)).toBe('Mine');
    for (const p of fromApp) {
      expect(p.command?.length).toBeGreaterThan(0);
      expect(p.executableHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(fromApp[2]?.command?.at(-1)).toBe(script);

    appendFileSync(script, '\n// a new version\n');
    const rerun = await jury('run', configPath, '--db', cliDb, '--json');
    expect(rerun.code).toBe(0);
    const warnings = events(rerun.out).filter((e) => e.event === 'warning');
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^Mine changed .* rerun with --replay-changed to play its 4 games again$/),
    ]);

    await h.call('tournament.start', { id: 'Both' });
    const notice = await h.waitFor('tournament.progress', (p) => p.id === 'Both' && p.error !== null);
    expect(notice.error).toBe(
      "Mine changed since its finished games were played (its program's content differs); its 4 games stay as they are",
    );
    expect(notice.state).not.toBe('aborted');
    // Its games stay as they are: the run has nothing to play.
    expect(await settled(h, 'Both')).toMatchObject({ state: 'done', finished: 6, total: 6 });

    const appAfter = participants(appDb);
    expect(participants(cliDb)).toEqual(appAfter);
    expect(appAfter[2]?.executableHash).toMatch(/^[0-9a-f]{64}$/);
    expect(appAfter[2]?.executableHash).not.toBe(fromApp[2]?.executableHash);
    expect(appAfter.slice(0, 2)).toEqual(fromApp.slice(0, 2));
  }, 120_000);
});
