import { readFileSync } from 'node:fs';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { playMatch } from '../../../electron/engine/play-match.ts';
import { DEFAULT_LIMITS } from '../../../electron/engine/process/index.ts';
import { gameModule } from '../../../shared/games/registry.ts';
import { heading, num, vsFloor } from '../lib/format.ts';
import type { BenchContext, Figure, PartResult, Target } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';
import { command6561, type JudgeBots } from './bots.ts';
import { relay, scriptOf } from './floor.ts';
import { expectClean, timedMatch } from './matches.ts';

/** The phases of one game, each the main thread's CPU time (ms) and the wall time (ms) it took. */
interface Phases {
  readonly start: { cpu: number; wall: number };
  readonly moves: { cpu: number; wall: number };
  readonly end: { cpu: number; wall: number };
}

const PHASES = ['start', 'moves', 'end'] as const;
const LABELS: Record<(typeof PHASES)[number], string> = {
  start: 'starting the bots, until the first move',
  moves: 'the 1000 moves',
  end: 'from the last move until every bot is gone',
};

/** The CPU time (ms) this process's main thread has used (its /proc schedstat, in ns). */
function mainThreadMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6;
}

/** A clock of the main thread's CPU and the wall time, read at the marks of a game. */
function marks(): { mark(): void; phases(): Phases } {
  const at: { cpu: number; wall: number }[] = [];
  return {
    mark: () => void at.push({ cpu: mainThreadMs(), wall: performance.now() }),
    phases: () => {
      const d = (i: number) => ({
        cpu: (at[i + 1]?.cpu ?? NaN) - (at[i]?.cpu ?? NaN),
        wall: (at[i + 1]?.wall ?? NaN) - (at[i]?.wall ?? NaN),
      });
      return { start: d(0), moves: d(1), end: d(2) };
    },
  };
}

/**
 * Part 2b, where the throughput goes: one 6561 game (1000 moves of instant C bots) at a time, Jury as
 * `jury play` plays it (confined) and the floor relaying it, each split into its start (spawning the bots
 * until the first move), its moves and its end (until every bot is gone), as the judge's main thread's CPU
 * time and the wall time. With games at once = cores every core is busy, so the main thread's time per
 * game is what throughput pays. INFO rows: no target of their own.
 */
export async function measureGamePhases(
  ctx: BenchContext,
  bots: JudgeBots,
  games: number,
): Promise<PartResult> {
  ctx.log(heading("2b. where the throughput goes: one game's phases, the judge's main thread"));
  const commands = [command6561(bots, 0, 21), command6561(bots, 0, 22)];
  const warm = await timedMatch({ game: '6561', timing: 'official', commands });
  expectClean(warm.record);
  const script = scriptOf(warm.record);
  const launcher = processLauncher();
  const runs: Record<'jury' | 'floor', Phases[]> = { jury: [], floor: [] };
  for (let g = -1; g < games; g++) {
    const j = marks();
    j.mark();
    const record = await playMatch(
      {
        game: gameModule('6561'),
        bots: commands.map((command, i) => ({ name: `p${i + 1}`, command })),
        seed: 1,
        timing: 'official',
        limits: DEFAULT_LIMITS,
        onEvent: (e) => {
          if (e.kind === 'move' && (e.ply === 0 || e.ply === 999)) j.mark();
        },
      },
      launcher,
    );
    j.mark();
    expectClean(record);
    const f = marks();
    f.mark();
    await relay(commands, script, { onReply: (k) => (k === 0 || k === 999) && f.mark() });
    f.mark();
    if (g < 0) continue; // warm-up
    runs.jury.push(j.phases());
    runs.floor.push(f.phases());
  }
  const targets: Target[] = [];
  const figures: Record<string, Figure> = { games };
  ctx.log(`${games} games each; p50 ms        Jury main thread / wall     floor main thread / wall`);
  for (const phase of PHASES) {
    const p50 = (who: 'jury' | 'floor', k: 'cpu' | 'wall') =>
      summarize(runs[who].map((r) => r[phase][k])).p50;
    const [jc, jw, fc, fw] = [
      p50('jury', 'cpu'),
      p50('jury', 'wall'),
      p50('floor', 'cpu'),
      p50('floor', 'wall'),
    ];
    ctx.log(
      `  ${LABELS[phase].padEnd(42)} ${num(jc, 1).padStart(7)} / ${num(jw, 1).padStart(7)}      ${num(fc, 1).padStart(7)} / ${num(fw, 1).padStart(7)}`,
    );
    figures[phase] = { juryCpuMs: jc, juryWallMs: jw, floorCpuMs: fc, floorWallMs: fw };
    targets.push(
      vsFloor(`a 6561 game's ${LABELS[phase]}: the judge's main thread`, jc, fc, 'ms', null, {
        note: `CPU time; wall ${num(jw, 1)} ms (floor ${num(fw, 1)} ms); one game at a time, as jury play`,
      }),
    );
  }
  return { figures, targets };
}
