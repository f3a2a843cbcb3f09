import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corruptRootPage, snapshot, soundStore } from '../../test/helpers/bad-stores.ts';
import { runCli } from './program.ts';

// `jury standings` reads a few pages of the store without checking every page first (that check reads
// the whole file); a damaged page it reads must still end in the one clear refusal, with nothing changed.

const config = {
  format: 'jury-tournament',
  version: 1,
  name: 'Damage',
  game: '6561',
  seed: 3,
  schedule: { kind: 'round-robin' },
  bots: [0, 1, 2, 3].map((i) => ({ name: `Player ${i}`, sample: 'random' })),
  timing: { mode: 'cpu' },
};

async function standings(db: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(['standings', db], { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

describe('jury standings on a damaged store', () => {
  it('prints the standings of a sound store', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'jury-standings-')), 'event.sqlite');
    soundStore(db, 40, config);
    const result = await standings(db);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(/^Damage: 40 of 40 scheduled games finished\n/);
  });

  it('refuses a store damaged in the page its ranking query reads: exit 2, one line, the folder unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-standings-'));
    const db = join(dir, 'event.sqlite');
    soundStore(db, 40, config);
    // The running totals every view ranks: read by the standings, not by the checks at open.
    corruptRootPage(db, 'ranking_totals');
    const before = snapshot(dir);
    const result = await standings(db);
    expect(result).toMatchObject({ code: 2, out: '' });
    expect(result.err).toMatch(/^jury: \S+ is damaged: SQLite's quick_check found: .+\n$/);
    expect(result.err.startsWith(`jury: ${db} `)).toBe(true);
    expect(result.err).not.toMatch(/\n\s+at /);
    expect(snapshot(dir)).toEqual(before);
  });
});
