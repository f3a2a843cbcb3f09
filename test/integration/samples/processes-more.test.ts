import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { playProcesses } from './process-referee.ts';
import { cleanExit, sampleCommand } from './sample-files.ts';

const greedy = sampleCommand('more', 'greedy');
const random = sampleCommand('more', 'random');

describe('More sample bots as real processes', () => {
  it('random against greedy: every move legal, cut off after 80 moves, both exit with 0 after Quit', async () => {
    const game = await playProcesses(games.more, [random, greedy], { seed: 1 });
    expect(game.end).toEqual({ kind: 'move-cutoff', moves: 80 });
    expect(game.scores).toEqual([0, 20]);
    expect(game.exits).toEqual([cleanExit, cleanExit]);
    expect(game.stderr).toEqual(['', '']);
  });

  it('greedy against greedy: both home, the last one reading Nil', async () => {
    const game = await playProcesses(games.more, [greedy, greedy], { seed: 2 });
    expect(game.end.kind).toBe('all-home');
    expect(game.sent.get('Nil')).toBeGreaterThan(0);
    expect(game.exits).toEqual([cleanExit, cleanExit]);
  });
});
