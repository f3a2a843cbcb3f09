import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBot } from './bot-process.ts';
import { assertAbsolutePaths, launchProblem } from './launch.ts';

// Every path reaching the process layer is absolute (the entry points resolve what users give). One that
// is not is Jury's bug: it stops the run loudly instead of crashing every game in bubblewrap (--chdir .).

describe('the process layer takes absolute paths only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jury-launch-'));
  const ok = { executable: process.execPath, args: ['-e', '1'], cwd: dir };

  it('throws, naming the relative path, for a working folder, program, folder, shown or hidden path', () => {
    expect(() => assertAbsolutePaths(ok)).not.toThrow();
    expect(() => assertAbsolutePaths({ ...ok, executable: 'node' })).not.toThrow(); // a bare name: PATH
    for (const [what, launch] of [
      ['working folder "."', { ...ok, cwd: '.' }],
      ['program "./bot"', { ...ok, executable: './bot' }],
      ['folder "club"', { ...ok, folder: 'club' }],
      ['shown path "src"', { ...ok, paths: ['src'] }],
      ['hidden file "club.sqlite"', { ...ok, hidden: ['club.sqlite'] }],
    ] as const) {
      expect(() => assertAbsolutePaths(launch)).toThrow(`Jury was given the relative ${what}`);
      expect(() => launchProblem(launch)).toThrow('(this is a bug in Jury)');
    }
    expect(() => startBot({ ...ok, cwd: '.' })).toThrow('relative working folder');
  });
});
