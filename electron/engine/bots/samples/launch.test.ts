import { afterEach, describe, expect, it } from 'vitest';
import { dirname, join, resolve } from 'node:path';
import { sampleBots } from './index.ts';
import { sampleLaunch } from './launch.ts';

afterEach(() => {
  delete (process.versions as Record<string, string | undefined>)['electron'];
});

describe('sampleLaunch', () => {
  it('runs the script with the Node that runs Jury', () => {
    // A script where no sources exist carries no paths; see the next test for the real ones.
    expect(sampleLaunch({ id: 'less-random', file: '/x/sample-bot.ts' })).toEqual({
      command: [process.execPath, '/x/sample-bot.ts', 'less-random'],
      paths: [],
    });
  });

  it('makes the Electron binary act as Node inside the app', () => {
    Object.defineProperty(process.versions, 'electron', { value: '45.4.1', configurable: true });
    expect(sampleLaunch({ id: 'less-random', file: '/x/sample-bot.ts' })).toEqual({
      command: [process.execPath, '/x/sample-bot.ts', 'less-random'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
      paths: [],
    });
  });

  it('carries the sample sources and the game modules into the sandbox', () => {
    const bot = sampleBots.more[0]!;
    const file = bot.file;
    const top = resolve(dirname(file), '../../../..');
    expect(sampleLaunch(bot).paths).toEqual([dirname(file), join(top, 'shared'), join(top, 'package.json')]);
  });
});
