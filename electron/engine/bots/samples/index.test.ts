import { accessSync, constants, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtInGameIds } from '../../../../shared/games/registry.ts';
import {
  allSampleBots,
  findSampleBot,
  findSampleSpec,
  sampleBots,
  samplesFolder,
  samplesOf,
} from './index.ts';

describe('the sample bot registry', () => {
  it('lists a random and a greedy bot for every game, with unique ids', () => {
    for (const id of builtInGameIds) {
      expect(sampleBots[id].map((b) => b.strength)).toEqual(['random', 'greedy']);
      expect(samplesOf(id)).toBe(sampleBots[id]);
    }
    const ids = allSampleBots.map((b) => b.id);
    expect(ids).toEqual([
      'less-random',
      'less-greedy',
      'more-random',
      'more-greedy',
      '6561-random',
      '6561-greedy',
      'flit-random',
      'flit-greedy',
    ]);
    expect(findSampleBot('flit-greedy')?.name).toBe('Flit greedy (sample)');
    expect(findSampleBot('flit-greedy')?.description).toBe(
      'Converts neutral pieces, else moves towards the nearest one, else stays.',
    );
    expect(findSampleBot('chess-random')).toBeUndefined();
  });

  it('finds the session of each sample through the registration of its game', () => {
    expect(findSampleSpec('more-greedy')?.strength).toBe('greedy');
    expect(findSampleSpec('more-greedy')?.session(1).feed('Start').ok).toBe(false);
    expect(findSampleSpec('6561-random')?.session(1).feed('A')).toMatchObject({ ok: true });
    expect(findSampleSpec('chess-random')).toBeUndefined();
  });

  it('runs every one with the same executable Node script with a shebang', () => {
    for (const bot of allSampleBots) {
      expect(bot.file).toMatch(/\/electron\/engine\/bots\/samples\/sample-bot\.ts$/);
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
