import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../../test/helpers/bad-stores.ts';
import { writeFileAtomic, writeFolderAtomic } from './atomic-file.ts';

const CHILD = fileURLToPath(new URL('../../test/integration/export/folder-child.ts', import.meta.url));

describe('writeFileAtomic', () => {
  it('creates the folder, replaces the file and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-atomic-'));
    const path = join(dir, 'sub', 'results.csv');
    await writeFileAtomic(path, 'a,b\r\n');
    await writeFileAtomic(path, 'c,d\r\n');
    expect(readFileSync(path, 'utf8')).toBe('c,d\r\n');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['results.csv']);
  });

  it('keeps the old file when the write fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-atomic-'));
    const path = join(dir, 'report.html');
    writeFileSync(path, 'old');
    // A folder where the file should go makes the rename fail after the temporary file was written.
    const blocked = join(dir, 'blocked');
    mkdirSync(join(blocked, 'x'), { recursive: true });
    await expect(writeFileAtomic(blocked, 'new')).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'report.html']);
  });
});

describe('writeFolderAtomic', () => {
  const fill =
    (files: Record<string, string>) =>
    async (dir: string): Promise<number> => {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      return Object.keys(files).length;
    };

  it('puts a new folder in place, replaces an old one whole, and leaves no temporary sibling', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-folder-'));
    const target = join(dir, 'sub', 'transcripts');
    expect(await writeFolderAtomic(target, fill({ 'game-1.txt': 'a', 'game-2.txt': 'b' }))).toBe(2);
    expect(await writeFolderAtomic(target, fill({ 'game-1.txt': 'c' }))).toBe(1);
    expect(snapshot(join(dir, 'sub'))).toEqual({
      'transcripts/': 'folder',
      'transcripts/game-1.txt': expect.any(String),
    });
    expect(readFileSync(join(target, 'game-1.txt'), 'utf8')).toBe('c');
  });

  it('keeps the old folder when filling fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-folder-'));
    const target = join(dir, 'transcripts');
    await writeFolderAtomic(target, fill({ 'game-1.txt': 'old' }));
    const before = snapshot(dir);
    await expect(
      writeFolderAtomic(target, async (temp) => {
        writeFileSync(join(temp, 'game-1.txt'), 'new');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(snapshot(dir)).toEqual(before);
  });

  it('killed part-way, leaves the old folder whole beside a hidden sibling, which the next write removes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-folder-'));
    const target = join(dir, 'transcripts');
    await writeFolderAtomic(target, fill({ 'game-1.txt': 'old 1', 'game-2.txt': 'old 2' }));
    const before = snapshot(dir);
    const child = spawn(process.execPath, [CHILD, target, '50']);
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('wrote 3')) child.kill('SIGKILL');
      });
      child.on('exit', (_code, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error('not killed')),
      );
    });
    const left = readdirSync(dir).filter((n) => n !== 'transcripts');
    expect(left).toEqual([
      expect.stringMatching(new RegExp(`^\\.transcripts\\.jury-new-${child.pid}-[0-9a-f]+$`)),
    ]);
    const { [`${left[0]}/`]: _hidden, ...rest } = snapshot(dir);
    expect(Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith(`${left[0]}/`)))).toEqual(
      before,
    );
    await writeFolderAtomic(target, fill({ 'game-9.txt': 'next' }));
    expect(readdirSync(dir)).toEqual(['transcripts']);
    expect(readdirSync(target)).toEqual(['game-9.txt']);
  });
});
