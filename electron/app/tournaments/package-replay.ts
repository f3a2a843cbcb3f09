import type { TranscriptLine, TranscriptState } from '../../../shared/games/packages/transcript.ts';
import type { GameRecord } from '../../engine/record/schema.ts';

/**
 * What the game viewer shows of a game package's game: Jury does not know its rules, so there are no
 * positions to step through; its one step's state is the whole protocol transcript from the record (the
 * referee's lines among the players', in time order, program 0 the referee) with the tags each failed
 * player's referee was sent. The same state the live boards send, complete.
 */
export function recordTranscript(record: GameRecord): TranscriptState | null {
  const caia = record.caia;
  if (caia === undefined) return null;
  const lines: TranscriptLine[] = [
    ...caia.referee.lines.map((l) => ({ ms: l.t / 1000, program: 0, dir: l.dir, text: l.text })),
    ...record.lines.map((l) => ({ ms: l.t / 1000, program: l.seat + 1, dir: l.dir, text: l.text })),
  ].sort((a, b) => a.ms - b.ms);
  const failures = caia.firstTags.flatMap((tag, i) =>
    tag === null ? [] : [{ player: i + 1, tag: tag.tag }],
  );
  return { kind: 'transcript', players: record.seats.length, lines, failures, omitted: 0 };
}
