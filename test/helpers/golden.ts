import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyGameModule } from '../../shared/games/types.ts';
import type { GameEnd } from '../../shared/games/end.ts';
import { transcriptEntry } from './playout.ts';

/**
 * A golden playthrough: a complete game recorded as data (by test/helpers/record-golden.ts) and replayed
 * by the tests, so any change in rules or protocol that alters a single line or score is caught.
 */
export interface GoldenGame {
  readonly game: string;
  readonly note?: string;
  readonly seed: number;
  readonly board?: string;
  readonly replies: readonly string[];
  readonly transcript: readonly string[];
  readonly end: GameEnd;
  readonly scores: readonly number[];
}

/** Replays the replies of a golden game through the module, checking each one, and returns what it produced. */
export function replayGolden(game: AnyGameModule, golden: GoldenGame): Omit<GoldenGame, 'game' | 'note'> {
  const setup = game.setup(
    golden.board === undefined ? { seed: golden.seed } : { seed: golden.seed, board: golden.board },
  );
  if (!setup.ok) throw new Error(`setup: ${setup.error.message}`);
  let state: unknown = setup.value;
  const transcript = game.opening(state).map(transcriptEntry);
  golden.replies.forEach((line, i) => {
    if (game.toAct(state) === null)
      throw new Error(`reply ${i + 1} ${JSON.stringify(line)} comes after the end`);
    const parsed = game.parseReply(state, line);
    if (!parsed.ok) throw new Error(`reply ${i + 1} ${JSON.stringify(line)}: ${parsed.error.message}`);
    const reason = game.checkMove(state, parsed.value);
    if (reason !== null) throw new Error(`reply ${i + 1} ${JSON.stringify(line)} is illegal: ${reason}`);
    const next = game.apply(state, parsed.value);
    transcript.push(...game.afterMove(state, parsed.value, next).map(transcriptEntry));
    state = next;
  });
  const end = game.end(state);
  if (end === null) throw new Error('the replies end before the game does');
  return {
    seed: golden.seed,
    ...(golden.board === undefined ? {} : { board: golden.board }),
    replies: golden.replies,
    transcript,
    end,
    scores: game.scores(state, new Array<boolean>(game.info.seats).fill(false)),
  };
}

/** Registers one test per `*.json` golden game in `folder` (a path or file URL of a directory). */
export function describeGoldens(game: AnyGameModule, folder: string | URL): void {
  const dir = typeof folder === 'string' ? folder : folder.pathname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('codecup-'));
  describe(`${game.info.title} golden playthroughs`, () => {
    it('has at least one golden game', () => expect(files.length).toBeGreaterThan(0));
    for (const file of files) {
      it(`replays ${file} line for line`, () => {
        const golden = JSON.parse(readFileSync(join(dir, file), 'utf8')) as GoldenGame;
        expect(golden.game).toBe(game.info.id);
        const { game: _id, note: _note, ...expected } = golden;
        expect(replayGolden(game, golden)).toEqual(expected);
      });
    }
  });
}
