import { describe, expect, it } from 'vitest';
import { ok } from '../../result.ts';
import type { BotSession } from '../../sample-session.ts';
import { PASS } from '../state.ts';
import { FlitSession } from './session.ts';

/** The message of a failed feed (the test fails on a feed that did not fail). */
function problem(fed: ReturnType<BotSession['feed']>): string {
  return fed.ok ? `no problem: ${JSON.stringify(fed.value)}` : fed.error.message;
}

describe('FlitSession', () => {
  it('keeps its board from the updates only and answers M with what its chooser makes of it', () => {
    const seen: number[][] = [];
    const session = new FlitSession((board, colour) => {
      seen.push([colour, board[6 * 32 + 15]!, board[7 * 32 + 15]!]);
      return { x0: 15, y0: 6, x1: 15, y1: 7 };
    }, 1);
    expect(session.feed('2')).toEqual(ok([]));
    expect(session.feed('15 6 2')).toEqual(ok([]));
    expect(session.feed('M')).toEqual(ok(['15 6 15 7']));
    // Its own move changes nothing until the judge's updates say so (a late reply is discarded).
    expect(session.feed('M')).toEqual(ok(['15 6 15 7']));
    session.feed('15 6 0');
    session.feed('15 7 2');
    session.feed('M');
    expect(seen).toEqual([
      [2, 2, 0],
      [2, 2, 0],
      [2, 0, 2],
    ]);
    expect(session.done).toBe(false);
  });

  it('refuses a bad number and an unreadable update', () => {
    expect(new FlitSession(() => PASS, 1).feed('5')).toMatchObject({
      ok: false,
      error: { code: 'protocol' },
    });
    const session = new FlitSession(() => PASS, 1);
    session.feed('1');
    expect(problem(session.feed('32 0 1'))).toMatch('expected an update "x y c" or M, got "32 0 1"');
    expect(session.feed('1 2')).toMatchObject({ ok: false, error: { code: 'protocol' } });
  });
});
