import { describe, expect, it } from 'vitest';
import { ok } from '../../result.ts';
import type { BotSession } from '../../sample-session.ts';
import type { GameModule } from '../../types.ts';
import { moreGame } from '../index.ts';
import { SAMPLE_BOARD as MORE_BOARD } from '../state.ts';
import { MoreSession } from './session.ts';

/** A chooser that plays the given lines in order (parsed in the session's own state). */
function script<S, M>(game: GameModule<S, M>, lines: readonly string[]): (state: S) => M {
  const queue = [...lines];
  return (state) => {
    const parsed = game.parseReply(state, queue.shift() ?? '');
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
}

/** The message of a failed feed (the test fails on a feed that did not fail). */
function problem(fed: ReturnType<BotSession['feed']>): string {
  return fed.ok ? `no problem: ${JSON.stringify(fed.value)}` : fed.error.message;
}

describe('MoreSession', () => {
  it('plays the rules text dialogue: White starts on Start, Black on White’s first move', () => {
    const white = new MoreSession(script(moreGame, ['f6f4', 'f5d5', 'e5c5']), 1);
    const black = new MoreSession(script(moreGame, ['a1c1', 'b1d1', 'c1e1']), 1);
    expect(white.feed(MORE_BOARD)).toEqual(ok([]));
    expect(black.feed(MORE_BOARD)).toEqual(ok([]));
    expect(white.feed('Start')).toEqual(ok(['f6f4']));
    expect(black.feed('f6f4')).toEqual(ok(['a1c1']));
    expect(white.feed('a1c1')).toEqual(ok(['f5d5']));
    expect(black.feed('f5d5')).toEqual(ok(['b1d1']));
    expect(white.feed('b1d1')).toEqual(ok(['e5c5']));
    expect(black.feed('e5c5')).toEqual(ok(['c1e1']));
    expect(white.feed('Quit')).toEqual(ok([]));
    expect(white.done).toBe(true);
  });

  it('refuses a Nil while the opponent is still playing, and a move it cannot follow', () => {
    const white = new MoreSession(script(moreGame, ['f6f4']), 1);
    white.feed(MORE_BOARD);
    white.feed('Start');
    expect(problem(white.feed('Nil'))).toMatch(/not White's turn/);
    const black = new MoreSession(script(moreGame, []), 1);
    black.feed(MORE_BOARD);
    expect(problem(black.feed('a1a3'))).toMatch(/cannot follow the move "a1a3"/);
  });
});
