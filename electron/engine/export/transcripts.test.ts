import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { transcriptHref, writeTextFile, writeTranscripts } from './transcripts.ts';
import { smallRecord } from '../../../test/helpers/small-record.ts';

describe('transcript names', () => {
  it('numbers games from 1 like the CSV', () => {
    expect(transcriptHref(0)).toBe('transcripts/game-1.txt');
  });
});

describe('file writers', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('writes a file atomically and one transcript per record', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jury-export-'));
    dirs.push(dir);
    await writeTextFile(join(dir, 'out', 'results.csv'), 'a,b\r\n');
    expect(await readFile(join(dir, 'out', 'results.csv'), 'utf8')).toBe('a,b\r\n');
    expect(await readdir(join(dir, 'out'))).toEqual(['results.csv']);
    const n = await writeTranscripts(join(dir, 'transcripts'), [{ index: 6, record: smallRecord() }]);
    expect(n).toBe(1);
    expect(await readdir(join(dir, 'transcripts'))).toEqual(['game-7.txt']);
    const text = await readFile(join(dir, 'transcripts', 'game-7.txt'), 'utf8');
    expect(text).toContain('seed 7');
  });
});
