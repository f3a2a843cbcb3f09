import { join } from 'node:path';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import { heading, line, num } from '../lib/format.ts';
import type { BenchContext, Figure, PartResult, Target } from '../lib/section.ts';
import { ratio, summarize, type Summary } from '../lib/stats.ts';
import { command6561, type JudgeBots } from './bots.ts';
import { breakdown, stampedReplies, stampingLauncher, type SeatLog } from './breakdown.ts';
import { relayGame, steadyRoundTrips } from './floor.ts';
import { expectClean, steadyReplies, timedMatch, type TimedMatch } from './matches.ts';

/** The floor and overhead parts, and the official games (the start-up part reports their first moves). */
export interface RoundTripResults {
  readonly floor: PartResult;
  readonly overhead: PartResult;
  readonly games: readonly TimedMatch[];
}

/** One 6561 game of two instant bots through the real engine; it must end cleanly. */
async function juryGame(bots: JudgeBots, timing: TimingMode, seed: number): Promise<TimedMatch> {
  const commands = [command6561(bots, 0, seed), command6561(bots, 0, seed + 1)];
  const m = await timedMatch({ game: '6561', timing, commands });
  expectClean(m.record);
  return m;
}

/**
 * Parts 1 and 2, measured in turns so that both see the same machine (a shared VM drifts by tens of µs
 * between minutes): each round relays one 6561 game with bare Node (the floor, see relayGame), then
 * plays one with Jury in official mode (the target) and one in cpu mode (no SIGSTOP/SIGCONT: it shows
 * what suspension costs). Every game is 1000 moves of the same instant C bot, each bot's first reply left
 * out. One warm-up round first; then one floor game and one official game with the bots stamping their
 * clock, to split a reply into Jury's work before the write, inbound, bot and outbound time.
 */
export async function measureRoundTrips(
  ctx: BenchContext,
  bots: JudgeBots,
  rounds: number,
): Promise<RoundTripResults> {
  ctx.log(heading('1–2. floor and Jury per-move overhead: instant C bots, 6561'));
  const floorUs: number[] = [];
  const official: TimedMatch[] = [];
  const cpu: TimedMatch[] = [];
  for (let round = -1; round < rounds; round++) {
    const seed = 10 + 2 * Math.max(0, round);
    const trips = steadyRoundTrips(
      await relayGame([command6561(bots, 0, seed), command6561(bots, 0, seed + 1)]),
    );
    const o = await juryGame(bots, 'official', seed);
    const c = await juryGame(bots, 'cpu', seed);
    if (round < 0) continue; // warm-up: JIT of the referee and the game module, page cache of the tools
    floorUs.push(...trips);
    official.push(o);
    cpu.push(c);
  }
  const floor = summarize(floorUs);
  const charged = summarize(official.flatMap((m) => steadyReplies(m.record).map((r) => r.chargedUs ?? NaN)));
  const cpuWall = summarize(cpu.flatMap((m) => steadyReplies(m.record).map((r) => r.wallUs ?? NaN)));

  // The stamped games: bot6561 notes when it read each prompt and wrote each reply.
  const floorStamps = [join(bots.dir, 'floor-a.stamps'), join(bots.dir, 'floor-b.stamps')];
  const relayed = await relayGame(floorStamps.map((f, s) => command6561(bots, 0, 90 + s, f)));
  const floorParts = breakdown(
    stampedReplies(
      relayed.sends.map((sends, s) => ({ sends: [...sends], arrivals: [...(relayed.arrivals[s] ?? [])] })),
      floorStamps,
    ),
  );
  const logs: SeatLog[] = [];
  const juryStamps = [join(bots.dir, 'jury-a.stamps'), join(bots.dir, 'jury-b.stamps')];
  const stamped = await timedMatch(
    { game: '6561', timing: 'official', commands: juryStamps.map((f, s) => command6561(bots, 0, 90 + s, f)) },
    stampingLauncher(processLauncher(), logs),
  );
  expectClean(stamped.record);
  const chargedBySeat = [0, 1].map((seat) =>
    stamped.record.moves.filter((m) => m.seat === seat && m.by === 'bot').map((m) => m.chargedUs ?? NaN),
  );
  const juryParts = breakdown(stampedReplies(logs, juryStamps, (seat, k) => chargedBySeat[seat]?.[k]));

  const r50 = ratio(charged.p50, floor.p50);
  const r99 = ratio(charged.p99, floor.p99);
  ctx.log(`${rounds} rounds of 1000-move games; each bot's first reply is left out (see start-up)`);
  ctx.log(`floor: bare Node relaying between two directly spawned bots, prompt write → reply 'data' handler`);
  ctx.log(`  round trip        ${line(floor, 'µs')}`);
  ctx.log(`Jury, official mode (playMatch + processLauncher, wrappers and limits, SIGSTOP of the other bot)`);
  ctx.log(`  charged           ${line(charged, 'µs')}`);
  ctx.log(`  ratio to floor    p50 ${num(r50, 2)}×   p99 ${num(r99, 2)}×`);
  ctx.log(`Jury, cpu mode (no suspension), wall time per reply`);
  ctx.log(`  wall              ${line(cpuWall, 'µs')}`);
  ctx.log(`where one reply's time goes (one stamped game each)    floor p50 / p99      Jury p50 / p99 µs`);
  const pair = (x: Summary | null) =>
    x ? `${num(x.p50).padStart(7)} / ${num(x.p99).padEnd(7)}` : '      – / –      ';
  const row = (name: string, f: Summary | null, j: Summary) =>
    ctx.log(`  ${name.padEnd(42)} ${pair(f)}   ${pair(j)}`);
  row("Jury's work: clock start → prompt write", null, juryParts.preWrite);
  row('prompt write → bot has read it', floorParts.inbound, juryParts.inbound);
  row('bot: read → reply written', floorParts.think, juryParts.think);
  row("reply written → judge's 'data' timestamp", floorParts.outbound, juryParts.outbound);

  const targets: Target[] = [
    {
      name: 'overhead p50',
      goal: '≤ 2× floor p50',
      value: `${num(r50, 2)}× (${num(charged.p50)} µs vs ${num(floor.p50)} µs)`,
      pass: charged.p50 <= 2 * floor.p50,
    },
    {
      name: 'overhead p99',
      goal: '≤ 3× floor p99',
      value: `${num(r99, 2)}× (${num(charged.p99)} µs vs ${num(floor.p99)} µs)`,
      pass: charged.p99 <= 3 * floor.p99,
    },
  ];
  return {
    floor: { figures: { games: rounds, roundTripUs: floor, breakdownUs: floorParts }, targets: [] },
    overhead: {
      figures: {
        games: rounds,
        timing: 'official',
        chargedUs: charged,
        ratioToFloor: { p50: r50, p99: r99 },
        cpuModeWallUs: cpuWall,
        breakdownUs: juryParts,
        limits: JSON.parse(JSON.stringify(official[0]?.record.limits ?? null)) as Figure,
      },
      targets,
    },
    games: official,
  };
}
