import { TIMING_MODE } from '../../../shared/timing/modes.ts';
import type { LibraryBot } from '../library/bot-library.ts';
import type { TournamentDraft } from './draft.ts';

/** The demo's name: "Demo Less 1", or the next number not taken (ignoring case, as file names clash). */
export function demoName(existing: readonly string[]): string {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = `Demo Less ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/**
 * The first-start demo: a small Less tournament of the two Less sample bots, each seated twice (four
 * players, as Less needs), two rounds of one group playing its four seat rotations. CPU timing, so it
 * runs fairly whatever else the machine does; a game takes a second or two, so the first boards move at
 * once. `library` must hold the Less samples (`addSamples('less')`).
 */
export function demoDraft(name: string, library: readonly LibraryBot[]): TournamentDraft {
  const sample = (id: string): string => {
    const bot = library.find((b) => b.kind === 'sample' && b.path === id);
    if (!bot) throw new Error(`the library has no sample bot ${id}`);
    return bot.id;
  };
  const random = sample('less-random');
  const greedy = sample('less-greedy');
  return {
    name,
    game: 'less',
    schedule: { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds: 2, evenOut: true },
    bots: [greedy, random, greedy, random],
    timing: { mode: TIMING_MODE.cpu, graceMs: 1000 },
    limits: { memoryMiB: 1024, maxProcesses: 256, network: false, affinity: true },
  };
}
