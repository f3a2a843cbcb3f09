import { writeFileAtomic } from '../atomic-file.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  await mkdir(dir, { recursive: true });
  for await (const { index, record } of records) {
    // Plain writes: an fsync per file would make tens of thousands of transcripts take minutes. `jury
    // export` fills a temporary folder that replaces the old one whole (writeFolderAtomic), so a kill never
    // leaves half a folder where the transcripts belong.
    await writeFile(join(dir, transcriptName(index)), renderTranscript(record, render), 'utf8');
    count += 1;
  }
  return count;
}

/**
 * Writes `text` to `path` atomically (see electron/engine/atomic-file.ts), so a reader or a crash
 * half-way never sees half a report. Creates the folder when needed.
 */
export async function writeTextFile(path: string, text: string): Promise<void> {
  await writeFileAtomic(path, text);
}
