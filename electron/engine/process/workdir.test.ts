import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dissolve, makeWorkdir, removeWorkdir } from './workdir.ts';
import { execFileSync } from 'node:child_process';

describe('working folders', () => {
  it('dissolves a chain deeper than any path (past PATH_MAX, as a bot builds it by relative steps)', async () => {
    const dir = makeWorkdir(null);
    const build = `process.chdir(${JSON.stringify(dir)}); for (let i = 0; i < 2500; i++) { require('fs').mkdirSync('d'); process.chdir('d'); }`;
    execFileSync(process.execPath, ['-e', build]);
    expect(() => readdirSync(join(dir, ...Array<string>(2500).fill('d')))).toThrow(/ENAMETOOLONG/);
    await dissolve(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('dissolves any tree: files, links (not followed), folders closed to their owner', async () => {
    const dir = makeWorkdir(null);
    const outside = makeWorkdir(null);
    writeFileSync(join(outside, 'keep.txt'), "not the bot's");
    mkdirSync(join(dir, 'a', 'b', 'c'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'c', 'f.txt'), 'x');
    writeFileSync(join(dir, 'a', 'g.txt'), 'y');
    symlinkSync(outside, join(dir, 'a', 'b', 'link'));
    chmodSync(join(dir, 'a', 'b'), 0);
    await dissolve(dir);
    expect(existsSync(dir)).toBe(false);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe("not the bot's");
    removeWorkdir(outside);
  });
});
