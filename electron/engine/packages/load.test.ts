import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadGamePackage } from './load.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jury-package-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const MINIMAL = {
  format: 'jury-game',
  version: 1,
  name: 'Toy',
  players: 2,
  referee: { command: ['python3', 'referee.py'], protocol: 'caia' },
  budgetMs: 30000,
};

async function put(name: string, text = '', mode?: number): Promise<void> {
  await mkdir(join(dir, name, '..'), { recursive: true });
  await writeFile(join(dir, name), text);
  if (mode !== undefined) await chmod(join(dir, name), mode);
}

async function manifest(value: unknown): Promise<void> {
  await put('jury-game.json', JSON.stringify(value));
}

describe('loadGamePackage', () => {
  it('loads the minimal package: python3 from the PATH, referee.py from the folder', async () => {
    await manifest(MINIMAL);
    await put('referee.py', '');
    const r = await loadGamePackage(dir);
    expect(r.ok && r.value).toMatchObject({
      folder: dir,
      manifestPath: join(dir, 'jury-game.json'),
      referee: { command: ['python3', join(dir, 'referee.py')], protocol: 'caia' },
      files: [],
      samples: [],
      log: null,
      timeFactor: 1,
    });
  });

  it('accepts the manifest file itself as the path', async () => {
    await manifest(MINIMAL);
    const r = await loadGamePackage(join(dir, 'jury-game.json'));
    expect(r.ok && r.value.folder).toBe(dir);
  });

  it('resolves package programs, files, folders and samples to absolute paths', async () => {
    await manifest({
      ...MINIMAL,
      referee: { command: ['./bin/referee', '--fast'], protocol: 'caia' },
      files: ['referee.txt', 'tiles'],
      samples: [{ name: 'player1', command: ['player1'] }],
      cpuSpeed: 2.3,
      log: { file: 'game.html' },
    });
    await put('bin/referee', '#!/bin/sh\n', 0o755);
    await put('referee.txt', 'jspath=x');
    await put('tiles/a.txt');
    await put('player1', '#!/bin/sh\n', 0o755);
    const r = await loadGamePackage(dir);
    expect(r.ok && r.value).toMatchObject({
      referee: { command: [join(dir, 'bin/referee'), '--fast'] },
      files: [
        { name: 'referee.txt', path: join(dir, 'referee.txt'), kind: 'file' },
        { name: 'tiles', path: join(dir, 'tiles'), kind: 'folder' },
      ],
      samples: [{ name: 'player1', command: [join(dir, 'player1')] }],
      log: { file: 'game.html', kind: 'html' },
      timeFactor: 2.3,
    });
  });

  it('names every missing file and a program that cannot run, by field', async () => {
    await manifest({
      ...MINIMAL,
      referee: { command: ['referee'], protocol: 'caia' },
      files: ['referee.txt', 'tiles.txt'],
      samples: [{ name: 'p', command: ['./bin/player'] }],
    });
    await put('referee', 'not executable', 0o644);
    await put('tiles.txt');
    const r = await loadGamePackage(dir);
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'package-files',
        message:
          `${join(dir, 'jury-game.json')}: referee.command.0: "referee" is not executable (chmod +x it, or run it ` +
          `through its interpreter, such as ["python3", "referee"]); files.0: "referee.txt" does not exist in the ` +
          `package folder; samples.0.command.0: "./bin/player" does not exist in the package folder`,
      },
    });
  });

  it('explains a folder without a manifest, a missing folder and a bad manifest', async () => {
    const none = await loadGamePackage(dir);
    expect(!none.ok && none.error).toEqual({
      code: 'manifest-missing',
      message: `${dir} has no jury-game.json: a game package folder needs one (see docs/caia.md)`,
    });
    const missing = await loadGamePackage(join(dir, 'nope'));
    expect(!missing.ok && missing.error.message).toBe(
      `${join(dir, 'nope')} is not a game package folder (it does not exist)`,
    );
    await manifest({ ...MINIMAL, players: 'two' });
    const bad = await loadGamePackage(dir);
    expect(!bad.ok && bad.error.message).toBe(`${join(dir, 'jury-game.json')}: players: must be a number`);
  });
});
