import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/prng.ts';
import type { Delivery } from '../types.ts';
import { homeCost } from '../walls/home-cost.ts';
import { squareName } from '../walls/grid.ts';
import { RUSH_MOVE_LIMIT, SAMPLE_BOARD } from './facts.ts';
import { lessGame } from './index.ts';
import { OPEN_BOARD, lessPosition, withWall, type LessPositionSpec } from './position.ts';
import type { LessState } from './state.ts';

function position(spec: LessPositionSpec): LessState {
  const made = lessPosition(spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** Plays one reply line and returns the new state with the lines written afterwards as `seat:line`. */
function step(state: LessState, line: string): { state: LessState; lines: string[] } {
  const parsed = lessGame.parseReply(state, line);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const reason = lessGame.checkMove(state, parsed.value);
  if (reason !== null) throw new Error(`${line}: ${reason}`);
  const next = lessGame.apply(state, parsed.value);
  return { state: next, lines: lessGame.afterMove(state, parsed.value, next).map(entry) };
}

const entry = (d: Delivery): string => `${d.seat}${d.last ? '!' : ''}:${d.line}`;
const squaresOf = (state: LessState, seat: number): string[] =>
  (state.pieces[seat] as number[]).map((s) => squareName(8, s));

describe('Less protocol in normal play', () => {
  it('sends every seat the board and its colour; Yellow moves first', () => {
    const setup = lessGame.setup({ seed: 1, board: SAMPLE_BOARD });
    if (!setup.ok) throw new Error('setup');
    expect(lessGame.opening(setup.value).map(entry)).toEqual([
      `0:${SAMPLE_BOARD}`,
      '0:Yellow',
      `1:${SAMPLE_BOARD}`,
      '1:Black',
      `2:${SAMPLE_BOARD}`,
      '2:White',
      `3:${SAMPLE_BOARD}`,
      '3:Red',
    ]);
    expect(lessGame.toAct(setup.value)).toBe(0);
  });

  it('gives every seat the turns of the other three; Black reads 1 line before its first turn, White 2, Red 3', () => {
    let state = position({});
    const received: string[][] = [[], [], [], []];
    const turns = ['h1f1:g1g3:h2f2', 'a1c1', 'h8f8:g8e8', 'a7c7:c7d7', 'f1e1'];
    turns.forEach((line, i) => {
      const seat = i % 4;
      expect(lessGame.toAct(state)).toBe(seat);
      // Before its first turn, seat s has read exactly the s turns played so far.
      if (i < 4) expect(received[seat]).toHaveLength(seat);
      const { state: next, lines } = step(state, line);
      for (const l of lines) received[Number(l[0])]?.push(l.slice(2));
      state = next;
    });
    expect(received).toEqual([
      ['a1c1', 'h8f8:g8e8', 'a7c7:c7d7'],
      ['h1f1:g1g3:h2f2', 'h8f8:g8e8', 'a7c7:c7d7', 'f1e1'],
      ['h1f1:g1g3:h2f2', 'a1c1', 'a7c7:c7d7', 'f1e1'],
      ['h1f1:g1g3:h2f2', 'a1c1', 'h8f8:g8e8', 'f1e1'],
    ]);
    expect(lessGame.toAct(state)).toBe(1);
  });

  it('sends Quit to a completed team and Nil in place of its turns to the players still busy', () => {
    // White's last piece steps home from c1: Yellow + White are complete.
    let state = position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['e5', 'e6', 'f5', 'f6'],
        White: ['a1', 'a2', 'b2', 'c1'],
        Red: ['d7', 'd8', 'e7', 'e8'],
      },
      turns: [4, 4, 3, 3],
      charged: [12, 12, 9, 9],
    });
    let played = step(state, 'c1b1');
    expect(played.lines).toEqual(['0!:Quit', '2!:Quit', '1:c1b1', '3:c1b1']);
    state = played.state;
    expect(lessGame.toAct(state)).toBe(3);
    played = step(state, 'd7c7');
    // Red's turn to Black, then Yellow's turn is Nil for both busy players: Black's prompt.
    expect(played.lines).toEqual(['1:d7c7', '1:Nil', '3:Nil']);
    state = played.state;
    expect(lessGame.toAct(state)).toBe(1);
    played = step(state, 'e5d5');
    expect(played.lines).toEqual(['3:e5d5', '1:Nil', '3:Nil']);
    expect(lessGame.toAct(played.state)).toBe(3);
    expect(played.state.turns).toEqual([4, 5, 4, 4]);
  });

  it('ends with all-home when the second team completes, and Quit to it', () => {
    const state = position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['g7', 'g8', 'h7', 'h8'],
        White: ['a1', 'a2', 'b1', 'b2'],
        Red: ['f1', 'g2', 'h1', 'h2'],
      },
      turns: [10, 11, 10, 10],
      charged: [30, 33, 29, 30],
    });
    expect(lessGame.toAct(state)).toBe(3);
    const { state: done, lines } = step(state, 'f1g1');
    expect(lines).toEqual(['1!:Quit', '3!:Quit']);
    expect(lessGame.end(done)).toEqual({ kind: 'all-home' });
    expect(lessGame.toAct(done)).toBeNull();
    expect(done.charged).toEqual([30, 33, 29, 31]);
    // Yellow + White 59, Black + Red 64: 10 - 59 + 64 = 15.
    expect(lessGame.scores(done, [false, false, false, false])).toEqual([15, 5, 15, 5]);
    expect(lessGame.legalMoves(done)).toEqual([]);
  });
});

describe('Less final rush after 20 turns', () => {
  const lastRound = (): LessState =>
    position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['f7', 'g8', 'h7', 'h8'],
        White: ['a1', 'a2', 'c1', 'c2'],
        Red: ['f1', 'f2', 'g1', 'h2'],
      },
      turns: [20, 20, 20, 19],
      charged: [60, 60, 60, 57],
    });

  it("replaces each unfinished player's next prompt with Move, and sends Quit to players already home", () => {
    const { state, lines } = step(lastRound(), 'f2g2');
    // Red's turn would have prompted Yellow: Yellow is home, so it gets Quit instead; Black rushes first.
    expect(lines).toEqual(['1:f2g2', '2:f2g2', '0!:Quit', '1:Move']);
    expect(state.rush).toEqual({ cause: { kind: 'turn-limit' }, queue: [1, 2, 3] });
    expect(lessGame.toAct(state)).toBe(1);
    expect(state.charged).toEqual([60, 60, 60, 60]);
  });

  it('plays the rush one move per line, alone on the board, until every rusher is home', () => {
    let state = step(lastRound(), 'f2g2').state;
    // Black alone on its board: f7 steps to g7 (cost 1). White's and Red's pieces no longer count.
    expect(lessGame.parseReply(state, 'f7g7:g7f7')).toMatchObject({
      ok: false,
      error: { code: 'rush-one-move' },
    });
    expect(
      lessGame.checkMove(state, {
        steps: [
          { from: 46, to: 54 },
          { from: 54, to: 46 },
        ],
      }),
    ).toBe('in the rush every line holds exactly one move; this one has 2');
    let played = step(state, 'f7g7');
    expect(played.lines).toEqual(['1!:Quit', '2:Move']);
    state = played.state;
    // White: c1 and c2 go home; a jump over another colour is impossible (they are gone), over its own fine.
    expect(lessGame.checkMove(state, { steps: [{ from: 17, to: 1 }] })).toBe(
      'rush move c2a2: the destination square is not empty (in the rush only your own pieces are on the board)',
    );
    expect(lessGame.checkMove(state, { steps: [{ from: 40, to: 41 }] })).toBe(
      'rush move f1f2: none of your pieces is on f1 (in the rush only your own pieces are on the board)',
    );
    played = step(state, 'c1b1');
    expect(played.lines).toEqual([]);
    expect(lessGame.toAct(played.state)).toBe(2);
    played = step(played.state, 'c2b2');
    expect(played.lines).toEqual(['2!:Quit', '3:Move']);
    state = played.state;
    // Red has f1 g1 g2 h2 and needs h1: f1 jumps over its own g1.
    expect(squaresOf(state, 3)).toEqual(['f1', 'g1', 'g2', 'h2']);
    played = step(state, 'f1h1');
    expect(played.lines).toEqual(['3!:Quit']);
    state = played.state;
    expect(lessGame.end(state)).toEqual({ kind: 'turn-limit-rush' });
    expect(state.rushMoves).toEqual([0, 1, 2, 1]);
    expect(state.rushPoints).toEqual([0, 1, 2, 1]);
    // Yellow + White 120 + 2, Black + Red 120 + 1 + 1: a tie, 10 each.
    expect(lessGame.scores(state, [false, false, false, false])).toEqual([10, 10, 10, 10]);
  });

  it('moves onto squares where other colours stood, since they are removed', () => {
    const state = position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'c8'],
        Black: ['b8', 'g8', 'h7', 'h8'],
        White: ['a1', 'a2', 'b1', 'b2'],
        Red: ['g1', 'g2', 'h1', 'h2'],
      },
      turns: [20, 20, 20, 20],
      charged: [60, 60, 60, 60],
      rush: { cause: { kind: 'turn-limit' }, queue: [0, 1] },
    });
    expect(lessGame.checkMove(state, { steps: [{ from: 23, to: 15 }] })).toBeNull();
    const { state: after, lines } = step(state, 'c8b8');
    expect(lines).toEqual(['0!:Quit', '1:Move']);
    expect(squaresOf(after, 0)).toEqual(['a7', 'a8', 'b7', 'b8']);
    expect(squaresOf(after, 1)).toEqual(['b8', 'g8', 'h7', 'h8']);
    expect(lessGame.render(after)).toContain('Final rush (turn limit): Black is rushing home; then nobody.');
  });

  it(`fails a rush that is not home after ${RUSH_MOVE_LIMIT} moves: the judge finishes it and the player scores 0`, () => {
    const state = position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['e8', 'g7', 'g8', 'h7'],
        White: ['a1', 'a2', 'b1', 'b2'],
        Red: ['g1', 'g2', 'h1', 'h2'],
      },
      turns: [20, 20, 20, 20],
      charged: [60, 60, 60, 60],
      rushMoves: [0, RUSH_MOVE_LIMIT - 1, 0, 0],
      rushPoints: [0, 130, 0, 0],
      rush: { cause: { kind: 'turn-limit' }, queue: [1] },
    });
    const { state: after, lines } = step(state, 'e8d8');
    expect(lines).toEqual(['1!:Quit']);
    // From d8 the cheapest way home is d8e8, e8f8 and a jump f8h8: 3 points.
    expect(homeCost(after.grid, [31, 54, 55, 62], [54, 55, 62, 63])).toBe(3);
    expect(after.rushPoints).toEqual([0, 130 + 1 + 3, 0, 0]);
    expect(after.rushFailed).toEqual([false, true, false, false]);
    expect(lessGame.ruleFailures?.(after)).toEqual([
      null,
      'its pieces were not home after 100 moves of the final rush',
      null,
      null,
    ]);
    expect(squaresOf(after, 1)).toEqual(['g7', 'g8', 'h7', 'h8']);
    expect(lessGame.end(after)).toEqual({ kind: 'turn-limit-rush' });
    const scores = lessGame.scores(after, [false, false, false, false]);
    // Black + Red 240 + 134 against 240: Yellow + White score 20; Black failed and scores 0, Red keeps its 0.
    expect(scores).toEqual([20, 0, 20, 0]);
    expect(lessGame.render(after)).toContain('RUSH FAILED');
  });
});

describe('Less stuck rule', () => {
  // Black's corner is walled in by Red (a3 a4 b3 b4) and White (c1 c2 d1 d2): no step and no jump.
  const boxed: LessPositionSpec = {
    pieces: {
      Yellow: ['g1', 'g2', 'h1', 'h2'],
      Black: ['a1', 'a2', 'b1', 'b2'],
      White: ['c1', 'c2', 'd1', 'd2'],
      Red: ['a3', 'a4', 'b3', 'b4'],
    },
  };

  it('rushes every unfinished player home when the player to move has no legal move', () => {
    const { state, lines } = step(position(boxed), 'h1f1');
    // Yellow's turn would have prompted Black: Black gets Move instead and rushes first.
    expect(lines).toEqual(['2:h1f1', '3:h1f1', '1:Move']);
    expect(state.rush).toEqual({ cause: { kind: 'stuck', seat: 1 }, queue: [1, 2, 3, 0] });
    expect(state.turns).toEqual([1, 0, 0, 0]);
    expect(lessGame.legalMoves(state).length).toBeGreaterThan(0);
    let s = state;
    let guard = 0;
    while (lessGame.toAct(s) !== null && guard++ < 400) {
      const move = lessGame.takeover(s, guard);
      s = lessGame.apply(s, move);
    }
    expect(lessGame.end(s)).toEqual({ kind: 'stuck-rush', seat: 1 });
    expect(s.rushFailed).toEqual([false, false, false, false]);
    for (let seat = 0; seat < 4; seat++) {
      expect(s.rushPoints[seat]).toBe(
        homeCost(state.grid, state.pieces[seat] as number[], [...(s.pieces[seat] as number[])]),
      );
    }
  });

  it('refuses a stored normal-play state whose player to move is stuck', () => {
    const made = lessPosition({
      ...boxed,
      pieces: { ...boxed.pieces, Yellow: ['f1', 'g2', 'g1', 'h2'] },
      turns: [1, 0, 0, 0],
    });
    expect(made).toEqual({
      ok: false,
      error: {
        code: 'bad-state',
        message: 'invalid Less state: Black is to move but has no legal move; the rush should have begun',
      },
    });
  });

  it('sends Quit to a stuck player whose own pieces are home, and Move to the others', () => {
    // Yellow is home and must move White's pieces, boxed in on g7 g8 h7 h8 by Black and Red; the walls
    // behind the blockers forbid every jump.
    let board = withWall(OPEN_BOARD, 'e7', 'f7', 1);
    board = withWall(board, 'e8', 'f8', 1);
    board = withWall(board, 'g5', 'g6', 1);
    board = withWall(board, 'h5', 'h6', 2);
    const state = position({
      board,
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['a1', 'a2', 'f7', 'f8'],
        White: ['g7', 'g8', 'h7', 'h8'],
        Red: ['c4', 'c5', 'g6', 'h6'],
      },
      turns: [5, 5, 5, 4],
      charged: [15, 15, 15, 12],
    });
    expect(lessGame.toAct(state)).toBe(3);
    const { state: after, lines } = step(state, 'c4d4');
    expect(after.rush).toEqual({ cause: { kind: 'stuck', seat: 0 }, queue: [1, 2, 3] });
    expect(lines).toEqual(['1:c4d4', '2:c4d4', '0!:Quit', '1:Move']);
    expect(lessGame.render(after)).toContain(
      'Final rush (Yellow was stuck): Black is rushing home; then White, Red.',
    );
  });
});

describe('Less protocol over whole games', () => {
  it('gives each seat three lines between its turns, Move before its rush, and one Quit at the very end', () => {
    for (const seed of [11, 12, 13]) {
      const rng = Prng.fromSeed(seed);
      const setup = lessGame.setup({ seed });
      if (!setup.ok) throw new Error('setup');
      let state = setup.value;
      const since = [0, 0, 0, 0];
      const last: string[] = ['', '', '', ''];
      const quit = [false, false, false, false];
      const deliver = (d: Delivery): void => {
        expect(quit[d.seat], `a line after Quit to seat ${d.seat}`).toBe(false);
        since[d.seat] = (since[d.seat] as number) + 1;
        last[d.seat] = d.line;
        if (d.last) quit[d.seat] = true;
      };
      lessGame.opening(state).forEach(deliver);
      for (let ply = 0; lessGame.toAct(state) !== null; ply++) {
        const seat = lessGame.toAct(state) as number;
        if (!state.rush) {
          // The board and colour, then the turns before it; later the other three players' turns.
          expect(since[seat]).toBe(state.turns[seat] === 0 ? 2 + seat : 3);
        } else if (state.rushMoves[seat] === 0) {
          expect(last[seat]).toBe('Move');
        }
        since[seat] = 0;
        const move = rng.float() < 0.2 ? rng.pick(lessGame.legalMoves(state)) : lessGame.takeover(state, ply);
        const next = lessGame.apply(state, move);
        lessGame.afterMove(state, move, next).forEach(deliver);
        state = next;
      }
      expect(quit).toEqual([true, true, true, true]);
      expect(last).toEqual(['Quit', 'Quit', 'Quit', 'Quit']);
    }
  });
});
