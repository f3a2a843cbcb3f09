import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { playProcesses } from './process-referee.ts';
import { cleanExit, sampleCommand } from './sample-files.ts';

const greedy = sampleCommand('flit', 'greedy');
const random = sampleCommand('flit', 'random');

describe('Flit sample bots as real processes', () => {
  it('two greedy and two random bots: all 32,768 turns answered, and all exit with 0 when their input closes', async () => {
    const game = await playProcesses(games.flit, [greedy, random, greedy, random], { seed: 1 });
    expect(game.end).toEqual({ kind: 'move-limit', moves: 32_768 });
    expect(game.exits).toEqual([cleanExit, cleanExit, cleanExit, cleanExit]);
    expect(game.stderr).toEqual(['', '', '', '']);
    // Reply times are a speed figure and live in `npm run bench`; here only the accounting must add up:
    // every prompt was answered in time or counted late (as the judge discards a late Flit reply).
    const answered = game.replies.reduce((a, b) => a + b, 0) + game.late.reduce((a, b) => a + b, 0);
    expect(answered).toBe(32_768);
  });

  it('four greedy bots stay while there is nothing to collect, so the game can end after four turns', async () => {
    const game = await playProcesses(games.flit, [greedy, greedy, greedy, greedy], { seed: 2 });
    expect(game.end.kind).toBe('all-passed');
    expect(game.exits).toEqual([cleanExit, cleanExit, cleanExit, cleanExit]);
  });
});
