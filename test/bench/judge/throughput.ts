import { availableParallelism } from 'node:os';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { sandboxCapabilities, type SandboxCapabilities } from '../../../electron/engine/process/index.ts';
import { coresOfSlot, type MatchBot } from '../../../electron/engine/play-match.ts';
import { gamePlayer } from '../../../electron/engine/tournament/game-player.ts';
import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import { heading, num, vsFloor } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { command6561, type JudgeBots } from './bots.ts';
import { confinedCommands } from './confined-floor.ts';
import { relay, scriptOf, type RelayScript } from './floor.ts';
import { benchConfig, benchGame, expectClean, timedMatch } from './matches.ts';

/** The target: Jury's moves per second at least this share of the floor's. */
const MIN_SHARE = 0.6;

/** Plays `perLane` games in a row in each of `lanes` lanes at once; answers moves per second overall. */
async function lanesAtOnce(
  lanes: number,
  perLane: number,
  game: (lane: number, g: number) => Promise<number>,
) {
  const t0 = performance.now();
  const moves = await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      let n = 0;
      for (let g = 0; g < perLane; g++) n += await game(lane, g);
      return n;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const total = moves.reduce((a, b) => a + b, 0);
  return { moves: total, seconds, movesPerSecond: total / seconds };
}

/**
 * Part 2, throughput: as many 6561 games of instant C bots at once as there are cores, each lane playing
 * `perLane` games in a row (start and shutdown included), against as many bare relays of the same games
 * (floor.ts). Jury's games go through the tournament's game player (gamePlayer: the config's limits,
 * confinement, and each game's bots pinned to a core of their own, as `jury run` plays them), in both
 * timing modes. Played in `rounds` turns, the order rotating; moves per second over all rounds.
 */
export async function measureThroughput(
  ctx: BenchContext,
  bots: JudgeBots,
  perLane: number,
  rounds: number,
): Promise<PartResult> {
  const lanes = availableParallelism();
  ctx.log(heading(`2. throughput: ${lanes} games at once (= cores), instant 6561 bots`));
  const commands = [command6561(bots, 0, 21), command6561(bots, 0, 22)];
  const warm = await timedMatch({ game: '6561', timing: 'official', commands });
  expectClean(warm.record);
  const script: RelayScript = scriptOf(warm.record);
  const matchBots = new Map<string, MatchBot>(
    commands.map((command, i) => [`p${i + 1}`, { name: `p${i + 1}`, command }]),
  );
  // Jury without confinement too (no bubblewrap, cgroup or uid of its own; as the game-start part's): what
  // the confinement's start and end of every game cost of the throughput.
  const caps = sandboxCapabilities();
  const bare: SandboxCapabilities = { ...caps, bwrap: null, memoryCgroup: null, botUids: null };
  const jury = (mode: TimingMode, confined = true) => {
    const launcher = confined ? processLauncher() : processLauncher({ sandbox: bare });
    const play = gamePlayer(benchConfig('6561', mode), matchBots, launcher);
    return async (lane: number, g: number): Promise<number> => {
      const record = await play(benchGame(2, g, 1 + g), new AbortController().signal, {
        slot: lane,
        concurrency: lanes,
      });
      expectClean(record);
      return record.moves.length;
    };
  };
  // The floor with Jury's confinement: the same relay, its bots started through the very command lines
  // Jury spawns (wrappers, bubblewrap, cgroup, uid, limits, the lane's core). What it loses against the
  // bare floor is the confinement's own cost, the part of Jury's gap no judge can win back.
  const limits = benchConfig('6561', 'official').limits;
  const confinedFloor = async (lane: number): Promise<number> => {
    const cpus = limits.affinity === false ? null : coresOfSlot({ slot: lane, concurrency: lanes }, lanes);
    const wrapped = confinedCommands(commands, limits, caps, cpus);
    try {
      return (await relay(wrapped.commands, script)).replies;
    } finally {
      await wrapped.release();
    }
  };
  const ways: Record<string, (lane: number, g: number) => Promise<number>> = {
    floor: async () => (await relay(commands, script)).replies,
    'floor, confined': confinedFloor,
    official: jury('official'),
    cpu: jury('cpu'),
    'official, without confinement': jury('official', false),
  };
  const names = Object.keys(ways);
  const sums: Record<string, { moves: number; seconds: number }> = {};
  for (let round = -1; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + Math.max(0, round)) % names.length] as string;
      const r = await lanesAtOnce(lanes, perLane, ways[name] as (lane: number, g: number) => Promise<number>);
      if (round < 0) continue;
      const s = (sums[name] ??= { moves: 0, seconds: 0 });
      s.moves += r.moves;
      s.seconds += r.seconds;
    }
  }
  const rate = (name: string): number => (sums[name]?.moves ?? 0) / (sums[name]?.seconds ?? NaN);
  const floor = rate('floor');
  ctx.log(`${lanes} lanes × ${perLane} games in a row, ${rounds} rounds; moves per second over all of them`);
  ctx.log(`  floor (bare relays)   ${num(floor, 0).padStart(7)} moves/s`);
  const figures: Record<string, Figures> = {};
  const targets: Target[] = [];
  for (const mode of ['official', 'cpu'] as const) {
    const r = rate(mode);
    ctx.log(
      `  Jury, ${mode.padEnd(9)}       ${num(r, 0).padStart(7)} moves/s  ${num((100 * r) / floor, 0)}% of the floor`,
    );
    figures[mode] = { movesPerSecond: Math.round(r), share: Math.round((r / floor) * 1000) / 1000 };
    targets.push(
      vsFloor(`throughput, ${lanes} games at once, ${mode} timing`, r, floor, 'moves/s', MIN_SHARE, {
        atLeast: true,
        note: `${rounds * lanes * perLane} games of 1000 moves`,
      }),
    );
  }
  // Why the bare floor's target is out of reach here: the confinement alone, with no judge at all.
  const confinedFloorRate = rate('floor, confined');
  ctx.log(
    `  floor, confined (bare relays, bots started as Jury starts them) ${num(confinedFloorRate, 0).padStart(7)} moves/s  ${num((100 * confinedFloorRate) / floor, 0)}% of the floor`,
  );
  figures['confinedFloor'] = {
    movesPerSecond: Math.round(confinedFloorRate),
    share: Math.round((confinedFloorRate / floor) * 1000) / 1000,
  };
  targets.push(
    vsFloor(
      `throughput, ${lanes} games at once: the floor with Jury's confinement`,
      confinedFloorRate,
      floor,
      'moves/s',
      null,
      {
        atLeast: true,
        note: "a bare relay whose bots start through Jury's wrappers and bubblewrap: the confinement's own cost",
      },
    ),
  );
  for (const mode of ['official', 'cpu'] as const) {
    const r = rate(mode);
    ctx.log(`  Jury, ${mode.padEnd(9)} against the confined floor ${num((100 * r) / confinedFloorRate, 0)}%`);
    targets.push(
      vsFloor(
        `throughput, ${lanes} games at once, ${mode} timing, against the confined floor`,
        r,
        confinedFloorRate,
        'moves/s',
        MIN_SHARE,
        { atLeast: true, note: "the judge's own share: both sides start their bots confined alike" },
      ),
    );
  }
  const bareRate = rate('official, without confinement');
  ctx.log(
    `  Jury, official, without confinement ${num(bareRate, 0).padStart(7)} moves/s  ${num((100 * bareRate) / floor, 0)}% of the floor`,
  );
  figures['officialUnconfined'] = {
    movesPerSecond: Math.round(bareRate),
    share: Math.round((bareRate / floor) * 1000) / 1000,
  };
  targets.push(
    vsFloor(
      `throughput, ${lanes} games at once, official timing, without confinement`,
      bareRate,
      floor,
      'moves/s',
      null,
      {
        atLeast: true,
        note: 'no bubblewrap, cgroup or uid of its own: what starting and ending confined games costs',
      },
    ),
  );
  return {
    figures: { lanes, gamesPerLane: perLane, rounds, floorMovesPerSecond: Math.round(floor), ...figures },
    targets,
  };
}
