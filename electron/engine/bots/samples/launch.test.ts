import { afterEach, describe, expect, it } from 'vitest';
import { dirname, join, resolve } from 'node:path';
import { sampleBots } from './index.ts';
import { compiledSampleScript } from './compiled.ts';
import { sampleLaunch } from './launch.ts';

afterEach(() => {
  delete (process.versions as Record<string, string | undefined>)['electron'];
});

describe('sampleLaunch', () => {
  it('runs the script with the Node that runs Jury', () => {
    // A script where no sources exist carries no paths; see the next test for the real ones.
    expect(
      sampleLaunch({ id: 'less-random', file: '/x/sample-bot.ts', game: sampleBots.less[0]!.game }),
    ).toEqual({
      command: [process.execPath, '/x/sample-bot.ts', 'less-random'],
      paths: [],
      identity: ['/x/sample-bot.ts', '/shared/games/sample-session.ts'],
    });
  });

  it('makes the Electron binary act as Node inside the app', () => {
    Object.defineProperty(process.versions, 'electron', { value: '45.4.1', configurable: true });
    expect(
      sampleLaunch({ id: 'less-random', file: '/x/sample-bot.ts', game: sampleBots.less[0]!.game }),
    ).toEqual({
      command: [process.execPath, '/x/sample-bot.ts', 'less-random'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
      paths: [],
      identity: ['/x/sample-bot.ts', '/shared/games/sample-session.ts'],
    });
  });

  it('runs the compiled script and carries only its tree into the sandbox', () => {
    const bot = sampleBots.more[0]!;
    const launch = sampleLaunch(bot);
    const compiled = compiledSampleScript(bot.file);
    expect(compiled).not.toBeNull();
    expect(launch.command).toEqual([process.execPath, compiled!.file, bot.id]);
    expect(launch.paths).toEqual([compiled!.root]);
  });

  it('carries the sample sources and the game modules into the sandbox when it runs them', () => {
    const bot = sampleBots.more[0]!;
    const file = bot.file;
    const top = resolve(dirname(file), '../../../..');
    process.env['JURY_SAMPLES_FROM_SOURCE'] = '1';
    try {
      expect(sampleLaunch(bot).command[1]).toBe(file);
      expect(sampleLaunch(bot).paths).toEqual([
        dirname(file),
        join(top, 'shared'),
        join(top, 'package.json'),
      ]);
    } finally {
      delete process.env['JURY_SAMPLES_FROM_SOURCE'];
    }
  });

  it("identifies a sample's version by its script, the session code and its game folder's sources", () => {
    const [random, greedy] = sampleBots.more;
    const identity = sampleLaunch(random!).identity;
    const top = resolve(dirname(random!.file), '../../../..');
    expect(identity.slice(0, 2)).toEqual([random!.file, join(top, 'shared/games/sample-session.ts')]);
    expect(identity).toContain(join(top, 'shared/games/more/samples/strategies.ts'));
    expect(identity).toContain(join(top, 'shared/games/more/rules.ts'));
    expect(identity.some((f) => f.endsWith('.test.ts') || f.includes('/golden/'))).toBe(false);
    expect(identity.some((f) => f.includes('/shared/games/less/'))).toBe(false);
    // The two samples of one game share their sources; the other game's differ.
    expect(sampleLaunch(greedy!).identity).toEqual(identity);
    expect(sampleLaunch(sampleBots.less[0]!).identity).not.toEqual(identity);
  });
});
