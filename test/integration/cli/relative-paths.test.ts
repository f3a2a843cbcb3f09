import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { juryIn } from './jury-process.ts';
import { carolGames, pythonEvent, writeCarol } from './python-bot.ts';

// `jury run` as the docs write it: a config and a store named relative to the folder the organiser is
// in, a bot `python3 carol.py` without a working folder. Every game is played (no CRASH at start), and
// the store, its -wal, -shm and run lock stay hidden from the bot, whose folder holds them.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A folder like any user's: a root Jury's bots (another uid) may enter it. */
function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'jury-relative-'));
  chmodSync(d, 0o755);
  dirs.push(d);
  return d;
}

/** `root/club/` with carol.py and club.json (Carol: `python3 carol.py`, no cwd). */
function club(root: string, carol: object = { executable: 'python3', args: ['carol.py'] }): string {
  const dir = join(root, 'club');
  writeCarol(join(dir, 'carol.py'));
  writeFileSync(join(dir, 'club.json'), JSON.stringify(pythonEvent('Club', carol)));
  return dir;
}

const STORE_FILES = ['club.sqlite', 'club.sqlite-wal', 'club.sqlite-shm', 'club.sqlite.lock'];

describe('jury run with relative paths, from the folder the organiser is in', () => {
  it.each([
    ['club.json', 'club.sqlite', '.'],
    ['./club.json', './club.sqlite', '.'],
    ['club/club.json', 'club/club.sqlite', '..'],
    ['../club/club.json', '../club/club.sqlite', '../other'],
  ])(
    'jury run %s --db %s: every game OK, the store hidden',
    async (config, db, from) => {
      const root = folder();
      const dir = club(root);
      mkdirSync(join(root, 'other'), { mode: 0o755 });
      const cwd = join(dir, from);
      const r = await juryIn({ cwd }, 'run', config, '--db', db, '--concurrency', '2');
      expect(r.code, r.err).toBe(0);
      expect(r.err).not.toContain('warning');
      const games = carolGames(join(dir, 'club.sqlite'));
      expect(games).toHaveLength(2);
      for (const game of games) {
        expect(game, JSON.stringify(game)).toMatchObject({ status: 'OK', failure: null });
        expect(game.peek?.['carol.py']).toMatch(/^ok /);
        for (const name of STORE_FILES) {
          if (game.peek?.[name] !== undefined) expect(game.peek[name], name).not.toMatch(/^ok/);
        }
        // The store and its write-ahead log were there to be read, and were not.
        expect(Object.keys(game.peek ?? {})).toEqual(
          expect.arrayContaining(['club.sqlite', 'club.sqlite-wal']),
        );
      }
    },
    60_000,
  );

  it('warns when a bot crashed at start in every game it played', async () => {
    const root = folder();
    club(root, { executable: 'python3', args: ['-c', 'import sys; sys.exit(3)'] });
    const r = await juryIn({ cwd: join(root, 'club') }, 'run', 'club.json', '--db', 'club.sqlite');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/warning: Carol crashed before its first move in every game it played \(2 of 2\)/);
  }, 60_000);
});
