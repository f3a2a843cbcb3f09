import { defaultGameId, gameModule } from '../../../shared/games/registry.ts';
import { TIMING_MODE } from '../../../shared/timing/modes.ts';
import { sampleId } from '../../engine/bots/samples/index.ts';
import type { LibraryBot } from '../library/bot-library.ts';
import type { TournamentDraft } from './draft.ts';

/** The game of the demo: the registry's default game, Less. */
export const DEMO_GAME = defaultGameId;

/** The demo's name: "Demo Less 1", or the next number not taken (ignoring case, as file names clash). */
export function demoName(existing: readonly string[]): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const title = gameModule(DEMO_GAME).info.title;
  for (let n = 1; ; n++) {
    const name = `Demo ${title} ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/**
 * The first-start demo: a small Less tournament of the two Less sample bots, each seated twice (four
 * players, as Less needs), two rounds of one group playing its four seat rotations. CPU timing, so it
 * runs fairly whatever else the machine does; a game takes a second or two, so the first boards move at
 * once. `library` must hold the Less samples (`addSamples(DEMO_GAME)`).
 */
export function demoDraft(name: string, library: readonly LibraryBot[]): TournamentDraft {
  const sample = (id: string): string => {
    const bot = library.find((b) => b.kind === 'sample' && b.path === id);
    if (!bot) throw new Error(`the library has no sample bot ${id}`);
    return bot.id;
  };
  const random = sample(sampleId(DEMO_GAME, 'random'));
  const greedy = sample(sampleId(DEMO_GAME, 'greedy'));
  return {
    name,
    game: DEMO_GAME,
    schedule: { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds: 2, evenOut: true },
    bots: [greedy, random, greedy, random],
    timing: { mode: TIMING_MODE.cpu, graceMs: 1000 },
    limits: { memoryMiB: 1024, maxProcesses: 256, network: false, affinity: true },
  };
}
