import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import { playProcesses } from './process-referee.ts';
import { cleanExit, sampleCommand } from './sample-files.ts';

const greedy = sampleCommand('6561', 'greedy');
const random = sampleCommand('6561', 'random');

describe('6561 sample bots as real processes', () => {
  for (const [label, files] of [
    ['greedy A with random B', [greedy, random]],
    ['two greedy players', [greedy, greedy]],
  ] as const) {
    it(`${label}: every move legal, the game ends, both exit with 0 after Quit`, async () => {
      const game = await playProcesses(games['6561'], files, { seed: 0 });
      expect(game.end.kind).toMatch(/^(no-valid-move|move-limit)$/);
      expect(game.scores[0]).toBeGreaterThan(0);
      expect(game.exits).toEqual([cleanExit, cleanExit]);
      expect(game.stderr).toEqual(['', '']);
    });
  }
});
