import { describe, expect, it } from 'vitest';
import type { Failure } from './failure.ts';
import { describeFailureIn, describeUnplayed, failureMessage } from './failure-texts.ts';

// Every kind of failure, with the English the CLI, transcripts and exports have always printed: the
// texts moved into one table per language, the English words did not change.
const CASES: readonly [Failure, string][] = [
  [
    { kind: 'timeout', ply: 4, usedUs: 1_234_567, pending: '' },
    'time limit exceeded at move 5 after 1.235 s',
  ],
  [
    { kind: 'timeout', ply: 0, usedUs: 2_000_000, pending: 'Ba1' },
    'time limit exceeded at move 1 after 2.000 s; it had written "Ba1" without a newline (forgot to flush?)',
  ],
  [
    { kind: 'illegal', ply: 2, line: 'a1-b2', reason: 'a wall is in the way' },
    'illegal move "a1-b2" at move 3: a wall is in the way',
  ],
  [
    { kind: 'unreadable', ply: 9, line: 'x'.repeat(70), reason: 'not a move' },
    `unreadable reply "${'x'.repeat(60)}" at move 10: not a move`,
  ],
  [
    { kind: 'protocol', ply: 1, code: 'empty-line', detail: 'an empty line instead of a move' },
    'protocol error at move 2: an empty line instead of a move',
  ],
  [
    { kind: 'protocol', ply: 1, code: 'too-long', detail: 'a line longer than 1024 bytes' },
    'protocol error at move 2: a line longer than 1024 bytes',
  ],
  [
    { kind: 'crash', ply: 18, exit: { code: 1, signal: null }, pending: '' },
    'crashed at move 19: it exited with code 1',
  ],
  [
    { kind: 'crash', ply: 0, exit: { code: null, signal: 'SIGKILL', memoryCapMiB: 256 }, pending: '' },
    'crashed at move 1: it was killed for reaching its memory cap of 256 MiB',
  ],
  [
    { kind: 'crash', ply: 3, exit: { code: null, signal: 'SIGSEGV' }, pending: 'b' },
    'crashed at move 4: it was killed by SIGSEGV; it had written "b" without a newline (forgot to flush?)',
  ],
  [
    { kind: 'exit', ply: 7, exit: null, pending: '' },
    'stopped before the game ended at move 8: its output closed',
  ],
  [
    { kind: 'exit', ply: 7, exit: { code: null, signal: null }, pending: '' },
    'stopped before the game ended at move 8: it exited with code ?',
  ],
  [{ kind: 'rules', ply: 59, reason: 'not home' }, 'failed by the rules at move 60: not home'],
  [{ kind: 'start', ply: 0, reason: 'ENOEXEC' }, 'could not be started: ENOEXEC'],
];

describe('failure texts', () => {
  it.each(CASES)('words %j in English as before', (failure, english) => {
    expect(describeFailureIn(failure)).toBe(english);
  });

  it('words a failure in Dutch from the same facts', () => {
    expect(describeFailureIn(CASES[6]![0], 'nl')).toBe('gecrasht bij zet 19: het stopte met afsluitcode 1');
    expect(describeFailureIn(CASES[1]![0], 'nl')).toBe(
      'tijdslimiet overschreden bij zet 1 na 2.000 s; het had "Ba1" geschreven zonder regeleinde (flush vergeten?)',
    );
    expect(describeFailureIn(CASES[4]![0], 'nl')).toBe(
      'protocolfout bij zet 2: een lege regel in plaats van een zet',
    );
  });

  it('is a message with the facts as values, for vue-i18n', () => {
    expect(failureMessage(CASES[6]![0])).toEqual({
      key: 'failure.crash',
      values: { move: 19, exit: { key: 'failure.ended.code', values: { code: 1 } }, flush: '' },
    });
  });

  it('words a bot that never played as the command line always has', () => {
    const failure = CASES[6]![0];
    expect(describeUnplayed({ name: 'Quits', crashed: 2, games: 2, failure })).toBe(
      'Quits crashed before its first move in every game it played (2 of 2): it crashed at move 19: it exited with code 1',
    );
    expect(describeUnplayed({ name: 'Quits', crashed: 1, games: 1, failure: null })).toBe(
      'Quits crashed before its first move in every game it played (1 of 1)',
    );
  });
});
