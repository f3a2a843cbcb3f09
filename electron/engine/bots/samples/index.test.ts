import { accessSync, constants, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameIds } from '../../../../shared/games/registry.ts';
import { findSampleBot, sampleBots, samplesFolder } from './index.ts';

describe('the sample bot registry', () => {
  it('lists a random and a greedy bot for every game, with unique ids', () => {
    for (const id of gameIds) expect(sampleBots[id].map((b) => b.strength)).toEqual(['random', 'greedy']);
    const ids = Object.values(sampleBots).flatMap((bots) => bots.map((b) => b.id));
    expect(new Set(ids).size).toBe(8);
    expect(findSampleBot('flit-greedy')?.name).toBe('Flit greedy (sample)');
    expect(findSampleBot('chess-random')).toBeUndefined();
  });

  it('points at executable Node scripts with a shebang', () => {
    for (const bot of Object.values(sampleBots).flat()) {
      expect(bot.file).toMatch(new RegExp(`/electron/engine/bots/samples/${bot.id}\\.ts$`));
      expect(readFileSync(bot.file, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
      expect(() => accessSync(bot.file, constants.X_OK)).not.toThrow();
    }
  });
});

describe('samplesFolder', () => {
  it('is JURY_SAMPLES_DIR when set (the desktop app), else the folder of the scripts', () => {
    expect(samplesFolder({ JURY_SAMPLES_DIR: '/opt/Jury/resources/sample-bots/x' })).toBe(
      '/opt/Jury/resources/sample-bots/x',
    );
    expect(samplesFolder({ JURY_SAMPLES_DIR: '' })).toMatch(/\/electron\/engine\/bots\/samples\/$/);
    expect(samplesFolder({})).toMatch(/\/electron\/engine\/bots\/samples\/$/);
  });
});
