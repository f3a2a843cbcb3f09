import { spawn } from 'node:child_process';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/index.ts';
import { heading, line, num } from '../lib/format.ts';
import type { BenchContext, PartResult, Target } from '../lib/section.ts';
import { ratio, scaled, summarize } from '../lib/stats.ts';
import { commandFlit, type JudgeBots } from './bots.ts';
import { expectClean, timedMatch } from './matches.ts';

/** Added start-up per game that confinement may cost (bwrap, cgroup, uid) over Jury without it. */
const TARGET_RATIO = 3;

/**
 * Part 7, the cost of confinement: the shortest Flit game (4 bots, 4 non-moves) from the playMatch call
 * to its first move, played alternately fully confined (bubblewrap, memory cgroup, a uid per bot when
 * root) and without any of it (the unshare + prlimit wrappers of a machine without bwrap), beside the
 * floor: Node spawning the same 4 C programs directly and reading their first reply.
 */
export async function measureConfinement(
  ctx: BenchContext,
  bots: JudgeBots,
  count: number,
): Promise<PartResult> {
  ctx.log(heading('7. the cost of confinement: game start with and without bubblewrap'));
  const caps = sandboxCapabilities();
  if (caps.bwrap === null) {
    ctx.log(`  bubblewrap is not usable here (${caps.bwrapWhy ?? '?'}): nothing to compare`);
    return { figures: { bwrap: false }, targets: [] };
  }
  const bare: SandboxCapabilities = { ...caps, bwrap: null, memoryCgroup: null, botUids: null };
  const confined = processLauncher();
  const plain = processLauncher({ sandbox: bare });
  const commands = [1, 2, 3, 4].map(() => commandFlit(bots, 0, 0));
  const game = { game: 'flit' as const, timing: 'official' as const, commands };
  await timedMatch(game, confined); // warm-up: the first bwrap start reads its libraries
  await timedMatch(game, plain);
  const withBwrap: number[] = [];
  const without: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < count; i++) {
    const a = await timedMatch({ ...game, seed: 1 + i }, confined);
    const b = await timedMatch({ ...game, seed: 1 + i }, plain);
    expectClean(a.record);
    expectClean(b.record);
    withBwrap.push(a.firstMoveMs);
    without.push(b.firstMoveMs);
    floor.push(await bareFirstReplies(commands));
  }
  const f = {
    confinedMs: scaled(summarize(withBwrap), 1),
    unconfinedMs: scaled(summarize(without), 1),
    floorMs: scaled(summarize(floor), 1),
  };
  const r = ratio(f.confinedMs.p50, f.unconfinedMs.p50);
  ctx.log(`${count} games each, alternating; call → first move of a 4-bot Flit game`);
  ctx.log(`  floor: spawn 4 programs, first reply  ${line(f.floorMs, 'ms', 2)}`);
  ctx.log(`  Jury without bubblewrap               ${line(f.unconfinedMs, 'ms', 2)}`);
  ctx.log(`  Jury confined                         ${line(f.confinedMs, 'ms', 2)}`);
  ctx.log(
    `  confined / without: p50 ${num(r, 2)}×; confined / floor: p50 ${num(ratio(f.confinedMs.p50, f.floorMs.p50), 2)}×`,
  );
  const targets: Target[] = [
    {
      name: 'game start, confined vs without bubblewrap',
      goal: `p50 ≤ ${TARGET_RATIO}× (start-up only; moves are not slowed)`,
      value: `${num(r, 2)}× (${num(f.confinedMs.p50, 1)} ms vs ${num(f.unconfinedMs.p50, 1)} ms; floor ${num(f.floorMs.p50, 1)} ms)`,
      pass: r <= TARGET_RATIO,
    },
  ];
  return { figures: { games: count, ...f, ratioP50: r }, targets };
}

/** Spawns the programs at once and resolves, in ms, when each has answered its first line. */
async function bareFirstReplies(commands: readonly (readonly string[])[]): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    commands.map(
      ([cmd = '', ...args]) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] });
          child.on('error', reject);
          child.stdout.once('data', () => {
            child.kill('SIGKILL');
            resolve();
          });
          child.stdin.write('1\nM\n'); // its seat, then a prompt: it answers at once
        }),
    ),
  );
  return performance.now() - t0;
}
