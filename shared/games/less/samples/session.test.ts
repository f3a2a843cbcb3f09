import { describe, expect, it } from 'vitest';
import type { GameModule } from '../../../../shared/games/types.ts';
import { lessGame, type LessState } from '../../../../shared/games/less/index.ts';
import { SAMPLE_BOARD as LESS_BOARD } from '../../../../shared/games/less/facts.ts';
import { moreGame } from '../../../../shared/games/more/index.ts';
import { SAMPLE_BOARD as MORE_BOARD } from '../../../../shared/games/more/state.ts';
import { game6561 } from '../../../../shared/games/6561/index.ts';
import { PASS } from '../../../../shared/games/flit/state.ts';
import { LessSession } from './less-session.ts';
import { MoreSession } from './more-session.ts';
import { Session6561 } from './6561-session.ts';
import { FlitSession } from './flit-session.ts';
import { ProtocolError } from './session.ts';

/** A chooser that plays the given lines in order (parsed in the session's own state). */
function script<S, M>(game: GameModule<S, M>, lines: readonly string[]): (state: S) => M {
  const queue = [...lines];
  return (state) => {
    const parsed = game.parseReply(state, queue.shift() ?? '');
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
}

describe('LessSession', () => {
  // The first round of docs/rules/less.md's example dialogue.
  const turns = ['h2h3:g1g3:g3g4', 'a1c1:b1b3:a2a1', 'h7f7:g7g6:g6f6', 'b8c8:a7c7:c7c6'];

  it('answers on the last line before its turn: Yellow on its colour word, Red after three turns', () => {
    const yellow = new LessSession(script(lessGame, [turns[0]!, 'h1g1:g1g3:g3f3']), 1);
    expect(yellow.feed(LESS_BOARD)).toEqual([]);
    expect(yellow.feed('Yellow')).toEqual([turns[0]]);
    expect(yellow.feed(turns[1]!)).toEqual([]);
    expect(yellow.feed(turns[2]!)).toEqual([]);
    expect(yellow.feed(turns[3]!)).toEqual(['h1g1:g1g3:g3f3']);
    const red = new LessSession(script(lessGame, [turns[3]!]), 1);
    expect([LESS_BOARD, 'Red', turns[0]!, turns[1]!].flatMap((line) => red.feed(line))).toEqual([]);
    expect(red.feed(turns[2]!)).toEqual([turns[3]]);
    expect(red.feed('Quit')).toEqual([]);
    expect(red.done).toBe(true);
  });

  it('refuses what it cannot follow: an unknown colour, a Nil out of place, an illegal turn', () => {
    const session = (): LessSession => new LessSession(script(lessGame, []), 1);
    const black = session();
    black.feed(LESS_BOARD);
    expect(() => black.feed('Green')).toThrow(ProtocolError);
    const white = session();
    white.feed(LESS_BOARD);
    white.feed('White');
    expect(() => white.feed('Nil')).toThrow('read Nil where a turn was expected');
    expect(() => white.feed('a1c1')).toThrow(/cannot follow the move "a1c1"/);
    expect(() => session().feed('0123')).toThrow(/expected the board string/);
  });

  it('rushes home after Move: one legal move a line, ending on the target corner', () => {
    const black = new LessSession(script(lessGame, []), 1);
    black.feed(LESS_BOARD);
    black.feed('Black');
    const lines = black.feed('Move');
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

describe('MoreSession', () => {
  it('plays the rules text dialogue: White starts on Start, Black on White’s first move', () => {
    const white = new MoreSession(script(moreGame, ['f6f4', 'f5d5', 'e5c5']), 1);
    const black = new MoreSession(script(moreGame, ['a1c1', 'b1d1', 'c1e1']), 1);
    expect(white.feed(MORE_BOARD)).toEqual([]);
    expect(black.feed(MORE_BOARD)).toEqual([]);
    expect(white.feed('Start')).toEqual(['f6f4']);
    expect(black.feed('f6f4')).toEqual(['a1c1']);
    expect(white.feed('a1c1')).toEqual(['f5d5']);
    expect(black.feed('f5d5')).toEqual(['b1d1']);
    expect(white.feed('b1d1')).toEqual(['e5c5']);
    expect(black.feed('e5c5')).toEqual(['c1e1']);
    expect(white.feed('Quit')).toEqual([]);
    expect(white.done).toBe(true);
  });

  it('refuses a Nil while the opponent is still playing, and a move it cannot follow', () => {
    const white = new MoreSession(script(moreGame, ['f6f4']), 1);
    white.feed(MORE_BOARD);
    white.feed('Start');
    expect(() => white.feed('Nil')).toThrow(/not White's turn/);
    const black = new MoreSession(script(moreGame, []), 1);
    black.feed(MORE_BOARD);
    expect(() => black.feed('a1a3')).toThrow(/cannot follow the move "a1a3"/);
  });
});

describe('Session6561', () => {
  it('plays the rules text dialogue: A moves on its letter, B on A’s move', () => {
    const a = new Session6561(script(game6561, ['22', '11', 'L']), 1);
    const b = new Session6561(script(game6561, ['44', 'U']), 1);
    expect(a.feed('A')).toEqual(['22']);
    expect(b.feed('B')).toEqual([]);
    expect(b.feed('22')).toEqual(['44']);
    expect(a.feed('44')).toEqual(['11']);
    expect(b.feed('11')).toEqual(['U']);
    expect(a.feed('U')).toEqual(['L']);
    expect(a.feed('Quit')).toEqual([]);
    expect(a.done).toBe(true);
  });

  it('refuses an unknown letter and a move it cannot follow', () => {
    expect(() => new Session6561(script(game6561, []), 1).feed('C')).toThrow('expected one of A, B, got "C"');
    const b = new Session6561(script(game6561, ['44']), 1);
    b.feed('B');
    expect(() => b.feed('U')).toThrow(/cannot follow the move "U"/);
  });
});

describe('FlitSession', () => {
  it('keeps its board from the updates only and answers M with what its chooser makes of it', () => {
    const seen: number[][] = [];
    const session = new FlitSession((board, colour) => {
      seen.push([colour, board[6 * 32 + 15]!, board[7 * 32 + 15]!]);
      return { x0: 15, y0: 6, x1: 15, y1: 7 };
    }, 1);
    expect(session.feed('2')).toEqual([]);
    expect(session.feed('15 6 2')).toEqual([]);
    expect(session.feed('M')).toEqual(['15 6 15 7']);
    // Its own move changes nothing until the judge's updates say so (a late reply is discarded).
    expect(session.feed('M')).toEqual(['15 6 15 7']);
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
    expect(() => new FlitSession(() => PASS, 1).feed('5')).toThrow(ProtocolError);
    const session = new FlitSession(() => PASS, 1);
    session.feed('1');
    expect(() => session.feed('32 0 1')).toThrow('expected an update "x y c" or M, got "32 0 1"');
    expect(() => session.feed('1 2')).toThrow(ProtocolError);
  });
});
