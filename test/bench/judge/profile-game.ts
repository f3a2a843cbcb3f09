/**
 * Plays games of the judge section's instant C bots through the real engine, for a CPU profile of the
 * judge's hot path: `node --cpu-prof test/bench/judge/profile-game.ts [official|cpu] [games] [6561|flit]`.
 * Not part of `npm run bench`; it prints the judge's CPU time per game.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import { buildBots, command6561, commandFlit } from './bots.ts';
import { expectClean, timedMatch } from './matches.ts';

asTheEngineRuns();

const timing = (process.argv[2] ?? 'official') as TimingMode;
const games = Number(process.argv[3] ?? 10);
const game = process.argv[4] === 'flit' ? 'flit' : '6561';
const bots = buildBots();
try {
  const commands =
    game === 'flit'
      ? [1, 2, 3, 4].map(() => commandFlit(bots, 0, 250))
      : [command6561(bots, 0, 11), command6561(bots, 0, 12)];
  for (let g = -1; g < games; g++) {
    const c0 = process.cpuUsage();
    const m = await timedMatch({ game, timing, commands });
    expectClean(m.record);
    const d = process.cpuUsage(c0);
    if (g >= 0)
      console.log(
        `game ${g}: ${m.record.moves.length} moves, judge CPU ${((d.user + d.system) / 1000).toFixed(1)} ms, ${m.endMs.toFixed(0)} ms`,
      );
  }
} finally {
  bots.dispose();
}
