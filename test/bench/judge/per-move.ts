import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { heading, num, vsFloor } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { scaled, summarize, type Summary } from '../lib/stats.ts';
import { command6561, commandFlit, type JudgeBots } from './bots.ts';
import { loggingLauncher } from './breakdown.ts';
import { relay, scriptOf, type RelayRun, type RelayScript } from './floor.ts';
import { expectClean, stampsOf, timedMatch } from './matches.ts';
import { nativeRelay } from './native-floor.ts';
import { necessaryWork } from './necessary.ts';
import { parseStamps, replySpans, spanLengths, splitSpans, type SeatLog, type SpanSplit } from './stamps.ts';

/** The targets: a move's span at p50 and p99, as a multiple of the floor's. */
const P50_MAX = 1.5;
const P99_MAX = 3;
/** Issue 28's target for the worst moves: p99 no longer than a native manager's (the C relay's) p99. */
const NATIVE_P99_MAX = 1;
/** Moves per Flit bot before it passes (4 passes end the game): 1,200 turns a game. */
const FLIT_MOVES = 300;
const MODES: readonly TimingMode[] = ['official', 'cpu'];

/** A game of the part: its instant C bots, which stamp their clock. */
interface Kind {
  readonly game: GameId;
  readonly label: string;
  readonly commands: (bots: JudgeBots) => string[][];
}

const KINDS: readonly Kind[] = [
  {
    game: '6561',
    label: '6561, 2 players',
    commands: (b) => [command6561(b, 0, 11, true), command6561(b, 0, 12, true)],
  },
  {
    game: 'flit',
    label: 'Flit, 4 players',
    commands: (b) => [1, 2, 3, 4].map(() => commandFlit(b, 0, FLIT_MOVES, true)),
  },
];

/** What one way of playing a game (the floor, or Jury in one timing mode) gave over the rounds. */
interface Lane {
  readonly spans: number[];
  readonly cpuMs: number[];
}

/** CPU time of this process (user + system, every thread) during `work`, in ms. */
async function withCpu<T>(work: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const c0 = process.cpuUsage();
  const value = await work();
  const d = process.cpuUsage(c0);
  return { value, cpuMs: (d.user + d.system) / 1000 };
}

/** The floor's log in the shape of Jury's: writes and arrivals per seat. */
function floorLogs(run: RelayRun, script: RelayScript): SeatLog[] {
  const logs: SeatLog[] = run.sends.map((sends) => ({ sends, arrivals: [] }));
  for (let k = 0; k < run.replies; k++) logs[script.replySeats[k] ?? 0]?.arrivals.push(run.arrivalUs[k] ?? 0);
  return logs;
}

/** Per-move and judge-CPU results of the part. */
export interface PerMoveResults {
  readonly perMove: PartResult;
  readonly judgeCpu: PartResult;
}

/**
 * Part 1, per move: the time from a bot writing its reply to the next bot's read of its next prompt
 * returning, stamped by the C bots themselves on CLOCK_MONOTONIC (one clock for all processes), so it
 * holds everything the judge does between two moves: reading the reply, validating and recording it,
 * suspending and resuming bots, writing the next lines, and the next bot's wake-up. Measured for a
 * 2-player (6561) and a 4-player (Flit) game of instant bots, in official and cpu timing, against the
 * floor: bare Node relaying the same recorded lines between the same bots over pipes (floor.ts). The
 * three are played in turns, `rounds` times, the order rotating each round, after a warm-up round.
 * Part 5, judge CPU per game, comes from the same games: the CPU time of this process (the judge: the
 * referee, the process layer, the record) over each whole real game, against the floor relay's.
 */
export async function measurePerMove(
  ctx: BenchContext,
  bots: JudgeBots,
  rounds: number,
): Promise<PerMoveResults> {
  ctx.log(heading('1. per move: reply written → next prompt read, stamped inside the bots'));
  const perMove: Record<string, Figures> = {};
  const judgeCpu: Record<string, Figures> = {};
  const targets: Target[] = [];
  const cpuTargets: Target[] = [];
  for (const kind of KINDS) {
    const commands = kind.commands(bots);
    const warm = await timedMatch({ game: kind.game, timing: 'official', commands });
    expectClean(warm.record);
    const script = scriptOf(warm.record);
    const necessary = await necessaryWork(warm.record);
    const lanes: Record<string, Lane> = {
      floor: { spans: [], cpuMs: [] },
      native: { spans: [], cpuMs: [] },
      official: { spans: [], cpuMs: [] },
      cpu: { spans: [], cpuMs: [] },
    };
    let lastFloor: RelayRun | null = null;
    const play: Record<string, () => Promise<number[]>> = {
      floor: async () => {
        lastFloor = await relay(commands, script);
        return spanLengths(replySpans(lastFloor.stderr.map(parseStamps)));
      },
      native: async () => spanLengths(replySpans(nativeRelay(bots.relay, commands, script).map(parseStamps))),
      official: async () => juryGame(kind, commands, 'official'),
      cpu: async () => juryGame(kind, commands, 'cpu'),
    };
    const names = Object.keys(play);
    for (let round = -1; round < rounds; round++) {
      const order = names.map((_, i) => names[(i + Math.max(0, round)) % names.length] as string);
      for (const name of order) {
        const { value, cpuMs } = await withCpu(play[name] as () => Promise<number[]>);
        if (round < 0) continue; // warm-up: JIT of the referee and the game module, the page cache
        lanes[name]?.spans.push(...value);
        lanes[name]?.cpuMs.push(cpuMs);
      }
    }
    const floor = summarize(lanes['floor']?.spans ?? []);
    const floorSplit = lastFloor
      ? splitSpans(replySpans((lastFloor as RelayRun).stderr.map(parseStamps)), floorLogs(lastFloor, script))
      : null;
    const floorCpu = summarize(lanes['floor']?.cpuMs ?? []);
    const native = summarize(lanes['native']?.spans ?? []);
    const figures: Record<string, Figures> = {
      floor: {
        spanUs: rounded(floor),
        cpuMsPerGame: scaled(floorCpu, 1),
        split: floorSplit && splitFigures(floorSplit),
      },
      native: { spanUs: rounded(native) },
    };
    ctx.log(
      `${kind.label}: ${rounds} games each, ${floor.n} spans of the floor (each bot's first prompt left out)`,
    );
    ctx.log(`                         p50 µs   p99 µs   max µs   ratio p50 / p99     CPU ms per game`);
    ctx.log(`  floor (bare relay)   ${row(floor)}                      ${num(floorCpu.mean, 1).padStart(7)}`);
    ctx.log(
      `  native (C relay)     ${row(native)}   ${num(native.p50 / floor.p50, 2).padStart(5)}× / ${num(native.p99 / floor.p99, 2).padEnd(5)}×`,
    );
    const splits: [string, SpanSplit | null][] = [['floor', floorSplit]];
    for (const mode of MODES) {
      const s = summarize(lanes[mode]?.spans ?? []);
      const cpu = summarize(lanes[mode]?.cpuMs ?? []);
      const split = await splitGame(kind, commands, mode);
      splits.push([`Jury, ${mode}`, split]);
      figures[mode] = { spanUs: rounded(s), cpuMsPerGame: scaled(cpu, 1), split: splitFigures(split) };
      const r50 = s.p50 / floor.p50;
      const r99 = s.p99 / floor.p99;
      ctx.log(
        `  Jury, ${mode.padEnd(9)}      ${row(s)}   ${num(r50, 2).padStart(5)}× / ${num(r99, 2).padEnd(5)}×  ${num(cpu.mean, 1).padStart(7)}`,
      );
      const name = `per move, ${kind.label}, ${mode} timing`;
      const note = `n=${s.n}`;
      targets.push(vsFloor(`${name}, p50`, s.p50, floor.p50, 'µs', P50_MAX, { note }));
      targets.push(vsFloor(`${name}, p99`, s.p99, floor.p99, 'µs', P99_MAX, { note }));
      targets.push(
        vsFloor(`${name}, p99 against a native relay`, s.p99, native.p99, 'µs', NATIVE_P99_MAX, {
          note: `${note}; floor: the same game relayed by a C poll loop (bots/relay.c), as fastchess and cutechess relay`,
        }),
      );
      cpuTargets.push(
        vsFloor(`judge CPU per game, ${kind.label}, ${mode} timing`, cpu.mean, floorCpu.mean, 'ms', null, {
          note: `${cpu.n} real games with the referee, ${kind.game === '6561' ? 1000 : 4 * FLIT_MOVES} moves each`,
        }),
      );
    }
    // What no judge can leave out and a bare relay does not do: the lowest ratio within reach here.
    const least = necessary.rulesUs + necessary.cpuReadUs;
    ctx.log(
      `  the judge's necessary work per move: rules ${num(necessary.rulesUs, 1)} µs + one CPU reading ${num(necessary.cpuReadUs, 1)} µs; floor + that = ${num((floor.p50 + least) / floor.p50, 2)}× the floor at p50`,
    );
    figures['necessary'] = { rulesUs: necessary.rulesUs, cpuReadUs: necessary.cpuReadUs };
    targets.push(
      vsFloor(
        `per move, ${kind.label}: the floor plus the judge's necessary work, p50`,
        floor.p50 + least,
        floor.p50,
        'µs',
        null,
        {
          note: `rules (parse, check, apply, next lines) ${num(necessary.rulesUs, 1)} µs + one CPU reading ${num(necessary.cpuReadUs, 1)} µs, in this process: the least a judge adds to the floor`,
        },
      ),
    );
    ctx.log(`  where a span goes (p50 / p99 µs; one more game each, with the judge's writes logged):`);
    ctx.log(
      `                          bot write → judge's timestamp   judge's work   judge's write → bot's read`,
    );
    const show = (name: string, x: SpanSplit | null): void => {
      if (x)
        ctx.log(
          `  ${name.padEnd(22)} ${pair(x.outbound).padStart(30)}   ${pair(x.judge).padStart(12)}   ${pair(x.inbound).padStart(26)}`,
        );
    };
    for (const [name, x] of splits) show(name, x);
    perMove[kind.game] = figures;
    judgeCpu[kind.game] = Object.fromEntries(
      ['floor', ...MODES].map((m) => [m, (figures[m] as Figures)['cpuMsPerGame'] ?? null]),
    );
  }
  return {
    perMove: { figures: { rounds, flitMovesPerBot: FLIT_MOVES, ...perMove }, targets },
    judgeCpu: { figures: judgeCpu, targets: cpuTargets },
  };
}

/** One game through the real engine (playMatch, processLauncher: confined as `jury play` is); its spans. */
async function juryGame(kind: Kind, commands: string[][], timing: TimingMode): Promise<number[]> {
  const m = await timedMatch({ game: kind.game, timing, commands });
  expectClean(m.record);
  return spanLengths(replySpans(stampsOf(m.record)));
}

/** One more game with the judge's writes and arrivals logged, its spans split into their parts. */
async function splitGame(kind: Kind, commands: string[][], timing: TimingMode): Promise<SpanSplit> {
  const logs: SeatLog[] = [];
  const m = await timedMatch({ game: kind.game, timing, commands }, loggingLauncher(processLauncher(), logs));
  expectClean(m.record);
  return splitSpans(replySpans(stampsOf(m.record)), logs);
}

function splitFigures(x: SpanSplit): Figures {
  return { outboundUs: rounded(x.outbound), judgeUs: rounded(x.judge), inboundUs: rounded(x.inbound) };
}

/** A summary with 3 decimals, for the results file. */
function rounded(s: Summary): Summary {
  return scaled(s, 1);
}

function row(s: Summary): string {
  return `${num(s.p50).padStart(6)}   ${num(s.p99).padStart(6)}   ${num(s.max, 0).padStart(6)}`;
}

function pair(s: Summary): string {
  return `${num(s.p50)} / ${num(s.p99)}`;
}
