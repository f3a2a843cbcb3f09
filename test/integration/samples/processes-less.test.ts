import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { playProcesses } from './process-referee.ts';
import { cleanExit, sampleCommand } from './sample-files.ts';

const greedy = sampleCommand('less', 'greedy');
const random = sampleCommand('less', 'random');

describe('Less sample bots as real processes', () => {
  it('greedy against random: every turn legal, the final rush run, all four exit with 0 after Quit', async () => {
    const game = await playProcesses(games.less, [greedy, random, greedy, random], { seed: 3 });
    expect(game.end.kind).toBe('turn-limit-rush');
    expect(game.scores).toEqual([20, 0, 20, 0]);
    expect(game.sent.get('Move')).toBe(4);
    expect(game.exits).toEqual([cleanExit, cleanExit, cleanExit, cleanExit]);
    expect(game.stderr).toEqual(['', '', '', '']);
  });

  it('four greedy bots with seeds: everybody home, Nil read by the team still playing', async () => {
    const game = await playProcesses(games.less, [greedy, greedy, greedy, greedy], { seed: 2 }, (seat) => [
      '--seed',
      String(seat + 100),
    ]);
    expect(game.end.kind).toBe('all-home');
    expect(game.sent.get('Nil')).toBeGreaterThan(0);
    expect(game.exits).toEqual([cleanExit, cleanExit, cleanExit, cleanExit]);
  });
});
