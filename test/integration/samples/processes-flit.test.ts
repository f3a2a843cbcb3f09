import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { playProcesses } from './process-referee.ts';
import { cleanExit, sampleFile } from './sample-files.ts';

const greedy = sampleFile('flit', 'greedy');
const random = sampleFile('flit', 'random');

describe('Flit sample bots as real processes', () => {
  it('two greedy and two random bots: all 32,768 turns in time, and all exit with 0 when their input closes', async () => {
    const game = await playProcesses(games.flit, [greedy, random, greedy, random], { seed: 1 });
    expect(game.end).toEqual({ kind: 'move-limit', moves: 32_768 });
    expect(game.exits).toEqual([cleanExit, cleanExit, cleanExit, cleanExit]);
    expect(game.stderr).toEqual(['', '', '', '']);
    // Each bot's first reply includes starting Node; after that they must answer well inside 50 ms.
    // A late reply is handled as the judge would (discarded, the turn not moved), so a loaded machine
    // only makes this count, not the game, go wrong: allow a handful.
    const times = game.times.flat().sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(10);
    expect(game.late.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
    expect(game.replies.reduce((a, b) => a + b, 0)).toBeGreaterThan(32_768 - 10);
  });

  it('four greedy bots stay while there is nothing to collect, so the game can end after four turns', async () => {
    const game = await playProcesses(games.flit, [greedy, greedy, greedy, greedy], { seed: 2 });
    expect(game.end.kind).toBe('all-passed');
    expect(game.exits).toEqual([cleanExit, cleanExit, cleanExit, cleanExit]);
  });
});
