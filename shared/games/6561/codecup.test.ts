import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boardSum } from './board.ts';
import { game6561 as game } from './index.ts';

/** A complete game between two real CodeCup 2016 programs, with its provenance and the referee's score. */
interface CodeCupGame {
  readonly game: string;
  readonly playerA: string;
  readonly playerB: string;
  readonly moveCount: number;
  readonly finalBoardSum: number;
  readonly score: number;
  readonly moves: readonly string[];
}

const files = ['codecup-elkasimi-vs-omkelderman.json', 'codecup-omkelderman-vs-elkasimi.json'];

describe('replays of real CodeCup 2016 games', () => {
  for (const file of files) {
    it(`accepts every move of ${file} and reaches the recorded score`, () => {
      const recorded = JSON.parse(
        readFileSync(new URL(`./golden/${file}`, import.meta.url), 'utf8'),
      ) as CodeCupGame;
      expect(recorded.game).toBe('6561');
      expect(recorded.moves).toHaveLength(recorded.moveCount);
      const setup = game.setup({ seed: 0 });
      if (!setup.ok) throw new Error(setup.error.message);
      let state = setup.value;
      recorded.moves.forEach((line, i) => {
        expect(game.toAct(state), `move ${i + 1} comes before the end`).toBe(i % 2);
        const move = game.parseReply(state, line);
        if (!move.ok) throw new Error(`move ${i + 1} ${line}: ${move.error.message}`);
        expect(game.checkMove(state, move.value), `move ${i + 1} ${line}`).toBeNull();
        state = game.apply(state, move.value);
      });
      expect(game.end(state)).toEqual({ kind: 'move-limit', moves: 1000 });
      expect(boardSum(state.board)).toBe(recorded.finalBoardSum);
      expect(game.scores(state, [false, false])).toEqual([recorded.score, recorded.score]);
    });
  }

  it('has the scores the CodeCup referee gave', () => {
    const scores = files.map(
      (file) =>
        (JSON.parse(readFileSync(new URL(`./golden/${file}`, import.meta.url), 'utf8')) as CodeCupGame).score,
    );
    expect(scores).toEqual([2450, 2554]);
  });
});
