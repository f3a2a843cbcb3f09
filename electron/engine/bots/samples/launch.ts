import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { compiledSampleScript } from './compiled.ts';
import type { SampleBot } from './index.ts';

/** How to start a sample bot's script: a program and its arguments, plus variables for its environment. */
export interface SampleLaunch {
  readonly command: string[];
  readonly env?: Record<string, string>;
  /** What the script needs to read inside its sandbox: the sample sources and the game modules. */
  readonly paths: string[];
  /**
   * The files whose content is this sample's version: the script, the shared session code and every
   * source of its game's folder (rules and strategies), so changing a strategy changes its hash.
   */
  readonly identity: string[];
}

/**
 * The one place that says how a sample bot (the Node script shipped with Jury, see
 * electron/engine/bots/samples/, with the sample's id as its first argument) is started: with the very
 * program that runs Jury, so no separate Node needs to be installed. From the CLI that is Node itself.
 * Inside the desktop app `process.execPath` is the Electron binary, which would open another app window
 * instead of running the script; `ELECTRON_RUN_AS_NODE=1` makes it behave as plain Node for that child
 * process only. The script runs as plain JavaScript compiled from its sources when it can be (compiled.ts:
 * it starts in a third of the time), else from the TypeScript sources. Arguments such as `--seed N` go
 * after the command.
 */
export function sampleLaunch(bot: Pick<SampleBot, 'id' | 'file' | 'game'>): SampleLaunch {
  const compiled = compiledSampleScript(bot.file);
  const command = [process.execPath, compiled?.file ?? bot.file, bot.id];
  const paths = compiled ? [compiled.root] : samplePaths(bot.file);
  const identity = sampleIdentity(bot);
  return process.versions['electron'] === undefined
    ? { command, paths, identity }
    : { command, env: { ELECTRON_RUN_AS_NODE: '1' }, paths, identity };
}

/** The script, shared/games/sample-session.ts and the game folder's sources (no tests, no goldens), sorted. */
function sampleIdentity(bot: Pick<SampleBot, 'file' | 'game'>): string[] {
  const games = join(resolve(dirname(bot.file), '../../../..'), 'shared', 'games');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'golden' ? [] : sources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  const folder = join(games, bot.game);
  const own = existsSync(folder)
    ? sources(folder).sort((a, b) => relative(games, a).localeCompare(relative(games, b)))
    : [];
  return [bot.file, join(games, 'sample-session.ts'), ...own];
}

/**
 * The sample script imports the game registry and through it every game's module and samples: both
 * folders (and the package.json that makes .ts files ES modules) of the tree the script lives in, which
 * is Jury's sources or the packaged app's resources.
 */
function samplePaths(file: string): string[] {
  const samples = dirname(file);
  const top = resolve(samples, '../../../..');
  return [samples, join(top, 'shared'), join(top, 'package.json')].filter((p) => existsSync(p));
}
