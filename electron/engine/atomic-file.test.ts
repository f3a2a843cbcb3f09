import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-file.ts';

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
