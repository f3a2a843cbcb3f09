import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GameRecord } from '../record/schema.ts';
import { renderTranscript } from '../record/transcript.ts';

/** A stored game record with its place in the schedule. */
export interface IndexedRecord {
  readonly index: number;
  readonly record: GameRecord;
}

/** The transcript file name of the game at schedule `index`: `game-<index + 1>.txt`, like the CSV's Game. */
export function transcriptName(index: number): string {
  return `game-${index + 1}.txt`;
}

/** The path the HTML report links to, relative to the report: `transcripts/game-<n>.txt`. */
export function transcriptHref(index: number): string {
  return `transcripts/${transcriptName(index)}`;
}

/**
 * Writes one transcript per record into `dir` (created when needed) and returns how many it wrote.
 * Records may come one at a time from the store (an async iterable), so tens of thousands of games never
 * sit in memory together. Put `dir` at `<report folder>/transcripts` for the HTML report's links to work.
 */
export async function writeTranscripts(
  dir: string,
  records: Iterable<IndexedRecord> | AsyncIterable<IndexedRecord>,
  options: { readonly dialogue?: boolean } = {},
): Promise<number> {
  let count = 0;
  const render = options.dialogue ? { dialogue: true } : {};
  for await (const { index, record } of records) {
    await writeTextFile(join(dir, transcriptName(index)), renderTranscript(record, render));
    count += 1;
  }
  return count;
}

/**
 * Writes `text` to `path` atomically: to a temporary file beside it, then renamed over it, so a reader
 * (or a crash half-way) never sees half a report. Creates the folder when needed.
 */
export async function writeTextFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, path);
}
