import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameId } from '../../../../shared/games/types.ts';

/**
 * The sample bots that ship with Jury: for every game a random legal player and a stronger greedy one,
 * each a Node script with a shebang that speaks the game's exact protocol on standard input and output.
 * They let a new user run a tournament in one click, serve as smoke-test opponents, and are examples for
 * contestants. Each is run as `node <file> [--seed N]` (Node 24 runs the TypeScript directly) or, where
 * the execute bit and `/usr/bin/env node` work, as `<file>` itself.
 */
export interface SampleBot {
  /** Stable id, unique over all games, such as `less-greedy`. */
  readonly id: string;
  /** Display name, such as `Less greedy (sample)`. */
  readonly name: string;
  readonly game: GameId;
  /** `random`: a random legal player; `greedy`: the stronger one, which beats it clearly on average. */
  readonly strength: 'random' | 'greedy';
  /** What it does, in one sentence, for the UI. */
  readonly description: string;
  /** Absolute path of the script. */
  readonly file: string;
}

const DESCRIPTIONS: Readonly<Record<GameId, Readonly<Record<SampleBot['strength'], string>>>> = {
  less: {
    random: 'Plays a random legal turn; rushes home along a cheapest plan.',
    greedy: 'Plays the turn that brings its team closest to home; rushes home along a cheapest plan.',
  },
  more: {
    random: 'Plays a random legal move.',
    greedy: 'Plays the move with the fewest points now plus distance home after it.',
  },
  '6561': {
    random: 'Plays a random legal move.',
    greedy: 'Plays the move after which the board looks best, one move ahead.',
  },
  flit: {
    random: 'Moves a random piece to a random cell it may go to.',
    greedy: 'Converts neutral pieces, else moves towards the nearest one, else stays.',
  },
};

/**
 * The folder holding the sample bots' scripts: `JURY_SAMPLES_DIR` when set, else this module's own
 * folder. The desktop app sets the variable because its engine runs from a bundle (out/main/host.js)
 * far from these files, which it ships as plain files (resources/sample-bots/ once packaged).
 */
export function samplesFolder(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const folder = env['JURY_SAMPLES_DIR'];
  return folder !== undefined && folder !== '' ? folder : fileURLToPath(new URL('.', import.meta.url));
}

const TITLES: Readonly<Record<GameId, string>> = { less: 'Less', more: 'More', '6561': '6561', flit: 'Flit' };

const folder = samplesFolder();

function sample(game: GameId, strength: SampleBot['strength']): SampleBot {
  const id = `${game}-${strength}`;
  return {
    id,
    name: `${TITLES[game]} ${strength} (sample)`,
    game,
    strength,
    description: DESCRIPTIONS[game][strength],
    file: join(folder, `${id}.ts`),
  };
}

/** The sample bots of every game, the random player first. */
export const sampleBots: Readonly<Record<GameId, readonly SampleBot[]>> = {
  less: [sample('less', 'random'), sample('less', 'greedy')],
  more: [sample('more', 'random'), sample('more', 'greedy')],
  '6561': [sample('6561', 'random'), sample('6561', 'greedy')],
  flit: [sample('flit', 'random'), sample('flit', 'greedy')],
};

/** The sample bot with this id, or `undefined`. */
export function findSampleBot(id: string): SampleBot | undefined {
  return Object.values(sampleBots)
    .flat()
    .find((bot) => bot.id === id);
}
