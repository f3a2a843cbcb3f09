import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../record/schema.ts';
import { transcriptHref, writeTextFile, writeTranscripts } from './transcripts.ts';

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
    const n = await writeTranscripts(join(dir, 'transcripts'), [{ index: 6, record: sampleRecord() }]);
    expect(n).toBe(1);
    expect(await readdir(join(dir, 'transcripts'))).toEqual(['game-7.txt']);
    const text = await readFile(join(dir, 'transcripts', 'game-7.txt'), 'utf8');
    expect(text).toContain('seed 7');
  });
});

function sampleRecord(): GameRecord {
  const seat = (name: string, score: number): GameRecord['seats'][number] => ({
    name,
    command: null,
    executableHash: null,
    status: 'OK',
    failure: null,
    takeover: null,
    score,
    time: { chargedUs: 1000, wallUs: 1000, cpuUs: 900, moves: 1, maxChargedUs: 1000 },
    missed: { timeout: 0, invalid: 0, gone: 0 },
    stderr: { shown: '', full: '', truncated: false, bytes: 0 },
    exit: null,
    killedAfterEnd: false,
  });
  return {
    format: 'jury-game-record',
    version: 1,
    jury: '0.1.0',
    game: '6561',
    rulesVersion: 'test',
    seed: 7,
    board: null,
    timing: { mode: 'cpu', control: { kind: 'game-total', budgetMs: 60_000 } },
    limits: null,
    startedAt: '2025-01-01T00:00:00Z',
    durationUs: 5000,
    seats: [seat('Alpha', 3), seat('Beta', 3)],
    lines: [],
    moves: [],
    end: { kind: 'no-valid-move', seat: 0 },
    scores: [3, 3],
  };
}
