import { describe, expect, it } from 'vitest';
import { ok } from '../../result.ts';
import type { BotSession } from '../../sample-session.ts';
import type { GameModule } from '../../types.ts';
import { lessGame, type LessState } from '../index.ts';
import { SAMPLE_BOARD as LESS_BOARD } from '../facts.ts';
import { LessSession } from './session.ts';

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

describe('LessSession', () => {
  // The first round of docs/rules/less.md's example dialogue.
  const turns = ['h2h3:g1g3:g3g4', 'a1c1:b1b3:a2a1', 'h7f7:g7g6:g6f6', 'b8c8:a7c7:c7c6'];

  it('answers on the last line before its turn: Yellow on its colour word, Red after three turns', () => {
    const yellow = new LessSession(script(lessGame, [turns[0]!, 'h1g1:g1g3:g3f3']), 1);
    expect(yellow.feed(LESS_BOARD)).toEqual(ok([]));
    expect(yellow.feed('Yellow')).toEqual(ok([turns[0]]));
    expect(yellow.feed(turns[1]!)).toEqual(ok([]));
    expect(yellow.feed(turns[2]!)).toEqual(ok([]));
    expect(yellow.feed(turns[3]!)).toEqual(ok(['h1g1:g1g3:g3f3']));
    const red = new LessSession(script(lessGame, [turns[3]!]), 1);
    expect([LESS_BOARD, 'Red', turns[0]!, turns[1]!].map((line) => red.feed(line))).toEqual([
      ok([]),
      ok([]),
      ok([]),
      ok([]),
    ]);
    expect(red.feed(turns[2]!)).toEqual(ok([turns[3]]));
    expect(red.feed('Quit')).toEqual(ok([]));
    expect(red.done).toBe(true);
  });

  it('refuses what it cannot follow: an unknown colour, a Nil out of place, an illegal turn', () => {
    const session = (): LessSession => new LessSession(script(lessGame, []), 1);
    const black = session();
    black.feed(LESS_BOARD);
    expect(black.feed('Green')).toMatchObject({ ok: false, error: { code: 'protocol' } });
    const white = session();
    white.feed(LESS_BOARD);
    white.feed('White');
    expect(problem(white.feed('Nil'))).toMatch('read Nil where a turn was expected');
    expect(problem(white.feed('a1c1'))).toMatch(/cannot follow the move "a1c1"/);
    expect(problem(session().feed('0123'))).toMatch(/expected the board string/);
  });

  it('rushes home after Move: one legal move a line, ending on the target corner', () => {
    const black = new LessSession(script(lessGame, []), 1);
    black.feed(LESS_BOARD);
    black.feed('Black');
    const rush = black.feed('Move');
    if (!rush.ok) throw new Error(rush.error.message);
    const lines = rush.value;
    const setup = lessGame.setup({ seed: 0, board: LESS_BOARD });
    if (!setup.ok) throw new Error(setup.error.message);
    let state: LessState = { ...setup.value, rush: { cause: { kind: 'turn-limit' as const }, queue: [1] } };
    for (const line of lines) {
      const move = lessGame.parseReply(state, line);
      if (!move.ok) throw new Error(move.error.message);
      expect(lessGame.checkMove(state, move.value)).toBeNull();
      state = lessGame.apply(state, move.value);
    }
    expect(lessGame.end(state)).toEqual({ kind: 'turn-limit-rush' });
  });
});
