import { readFile } from 'node:fs/promises';
import { parseRecord, replayRecord } from '../engine/record/replay.ts';
import { renderTranscript } from '../engine/record/transcript.ts';
import { UsageError } from './usage-error.ts';

/** `jury replay FILE`: re-checks a record through the game rules and prints its transcript. */
export async function replayCommand(
  file: string,
  options: { dialogue?: boolean; json?: boolean },
  out: (text: string) => void,
): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const parsed = parseRecord(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.problem}`);
  const result = replayRecord(parsed.record);
  if (options.json) {
    out(`${JSON.stringify(result.ok ? { ok: true, end: result.end, scores: result.scores } : result)}\n`);
  } else {
    out(renderTranscript(parsed.record, options.dialogue ? { dialogue: true } : {}));
    out(
      result.ok
        ? parsed.record.caia === undefined
          ? 'replay: every move is legal and the scores match the record\n'
          : "replay: the scores match the referee's report (a game package's moves are its referee's to judge)\n"
        : `replay FAILED: ${result.problem}\n`,
    );
  }
  return result.ok ? 0 : 1;
}
