import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTargetProblem, isTranscriptFile, transcriptsTargetProblem } from './targets.ts';

describe('export targets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jury-targets-'));
  mkdirSync(join(dir, 'folder'));
  writeFileSync(join(dir, 'file.txt'), 'x');
  mkdirSync(join(dir, 'old-export'));
  writeFileSync(join(dir, 'old-export', 'game-12.txt'), 'x');
  mkdirSync(join(dir, 'mixed'));
  writeFileSync(join(dir, 'mixed', 'game-1.txt'), 'x');
  writeFileSync(join(dir, 'mixed', 'thesis.pdf'), 'x');

  it('a single-file export goes to a new or existing file, never over a folder or under a file', () => {
    expect(fileTargetProblem(join(dir, 'results.csv'), 'results.csv')).toBeNull();
    expect(fileTargetProblem(join(dir, 'new', 'deeper', 'results.csv'), 'results.csv')).toBeNull();
    expect(fileTargetProblem(join(dir, 'file.txt'), 'results.csv')).toBeNull();
    expect(fileTargetProblem(join(dir, 'folder'), 'results.csv')).toBe(
      `${join(dir, 'folder')} is a folder; give the file to write, such as ${join(dir, 'folder', 'results.csv')}`,
    );
    expect(fileTargetProblem(join(dir, 'file.txt', 'sub', 'results.csv'), 'results.csv')).toBe(
      `${join(dir, 'file.txt')} is a file, not a folder`,
    );
  });

  it('a transcripts folder replaces only a missing, empty or earlier transcripts folder', () => {
    expect(transcriptsTargetProblem(join(dir, 'new'))).toBeNull();
    expect(transcriptsTargetProblem(join(dir, 'folder'))).toBeNull();
    expect(transcriptsTargetProblem(join(dir, 'old-export'))).toBeNull();
    expect(transcriptsTargetProblem(join(dir, 'mixed'))).toBe(
      `${join(dir, 'mixed')} holds files other than transcripts (thesis.pdf); give an empty or new folder`,
    );
    expect(transcriptsTargetProblem(join(dir, 'file.txt'))).toBe(
      `${join(dir, 'file.txt')} is a file; transcripts go into a folder`,
    );
    expect(transcriptsTargetProblem(join(dir, 'file.txt', 'transcripts'))).toBe(
      `${join(dir, 'file.txt')} is a file, not a folder`,
    );
    expect(['game-1.txt', 'game-100.txt', 'game-.txt', 'game-1.txt.bak'].map(isTranscriptFile)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
