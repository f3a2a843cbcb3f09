import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import { heading, num } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult } from '../lib/section.ts';
import { command6561, type JudgeBots } from './bots.ts';
import { expectClean, timedMatch } from './matches.ts';

/** How many games run at once. */
const LANES = [1, 2, 4] as const;

/** Plays `perLane` games one after another in each of `lanes` parallel lanes; returns moves and seconds. */
async function run(bots: JudgeBots, timing: TimingMode, lanes: number, perLane: number) {
  const t0 = performance.now();
  const counts = await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      let moves = 0;
      for (let g = 0; g < perLane; g++) {
        const seed = 1000 + lane * 100 + g * 2;
        const m = await timedMatch({
          game: '6561',
          timing,
          commands: [command6561(bots, 0, seed), command6561(bots, 0, seed + 1)],
        });
        expectClean(m.record);
        moves += m.record.moves.length;
      }
      return moves;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const moves = counts.reduce((a, b) => a + b, 0);
  return {
    games: lanes * perLane,
    moves,
    seconds: Math.round(seconds * 1000) / 1000,
    movesPerSecond: Math.round(moves / seconds),
  };
}

/**
 * Part 3, relay throughput: 1, 2 and 4 games of instant 6561 bots at once (each lane plays `perLane`
 * games in a row, bot start and shutdown included), in both timing modes; moves per second overall.
 */
export async function measureThroughput(
  ctx: BenchContext,
  bots: JudgeBots,
  perLane: number,
): Promise<PartResult> {
  ctx.log(heading('3. relay throughput: concurrent 6561 games of instant C bots'));
  ctx.log(`each lane plays ${perLane} game(s) of 1000 moves in a row; start-up and shutdown included`);
  ctx.log('  games at once    official moves/s     cpu moves/s');
  const figures: Record<string, Figures> = {};
  for (const lanes of LANES) {
    const official = await run(bots, 'official', lanes, perLane);
    const cpu = await run(bots, 'cpu', lanes, perLane);
    figures[`${lanes}`] = { official, cpu };
    ctx.log(
      `  ${String(lanes).padStart(13)}    ${num(official.movesPerSecond, 0).padStart(15)}   ${num(cpu.movesPerSecond, 0).padStart(13)}`,
    );
  }
  return { figures: { gamesPerLane: perLane, byConcurrency: figures }, targets: [] };
}
