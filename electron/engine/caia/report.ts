import { err, ok, type Result } from '../../../shared/games/result.ts';
import { readWord } from './line.ts';

/**
 * The result convention between a CodeCup referee and its manager (PROTOCOL.md §9): the referee sends
 * `M report <s1> <s2> … <message>`, one whole-number score per player, then a message (CodeCup's
 * managers read one word of it, with spaces written as `_`; Jury keeps the whole rest of the line).
 */
export interface CaiaReport {
  /** One score per player, in player order. */
  readonly scores: readonly number[];
  /** The referee's message, such as `player_2_made_an_illegal_move` ("" when none). */
  readonly message: string;
}

/** Whether a line for the manager (the text after `M`) is a result report: its first word is `report`. */
export function isReport(text: string): boolean {
  return readWord(text).word === 'report';
}

/**
 * Reads a report (`text` is the line after `M`) for a game of `players` players. Fails with a sentence
 * when a score is missing or is not a whole number.
 */
export function parseReport(text: string, players: number): Result<CaiaReport, string> {
  let { word, rest } = readWord(text);
  if (word !== 'report') return err(`a report starts with "report", not ${JSON.stringify(word)}`);
  const scores: number[] = [];
  for (let i = 1; i <= players; i += 1) {
    ({ word, rest } = readWord(rest));
    if (word === '') {
      return err(
        `the report has ${i - 1} score${i === 2 ? '' : 's'} for ${players} player${players === 1 ? '' : 's'}`,
      );
    }
    if (!/^[+-]?\d+$/.test(word) || !Number.isSafeInteger(Number(word))) {
      return err(`player ${i}'s score ${JSON.stringify(word)} is not a whole number`);
    }
    scores.push(Number(word));
  }
  return ok({ scores, message: rest.trim() });
}
