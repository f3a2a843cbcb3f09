import { describe, expect, it } from 'vitest';
import { ok } from '../../result.ts';
import type { BotSession } from '../../sample-session.ts';
import type { GameModule } from '../../types.ts';
import { game6561 } from '../index.ts';
import { Session6561 } from './session.ts';

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

describe('Session6561', () => {
  it('plays the rules text dialogue: A moves on its letter, B on A’s move', () => {
    const a = new Session6561(script(game6561, ['22', '11', 'L']), 1);
    const b = new Session6561(script(game6561, ['44', 'U']), 1);
    expect(a.feed('A')).toEqual(ok(['22']));
    expect(b.feed('B')).toEqual(ok([]));
    expect(b.feed('22')).toEqual(ok(['44']));
    expect(a.feed('44')).toEqual(ok(['11']));
    expect(b.feed('11')).toEqual(ok(['U']));
    expect(a.feed('U')).toEqual(ok(['L']));
    expect(a.feed('Quit')).toEqual(ok([]));
    expect(a.done).toBe(true);
  });

  it('refuses an unknown letter and a move it cannot follow', () => {
    expect(problem(new Session6561(script(game6561, []), 1).feed('C'))).toMatch(
      'expected one of A, B, got "C"',
    );
    const b = new Session6561(script(game6561, ['44']), 1);
    b.feed('B');
    expect(problem(b.feed('U'))).toMatch(/cannot follow the move "U"/);
  });
});
