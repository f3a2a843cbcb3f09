import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import { heading, num } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { scaled, summarize, type Summary } from '../lib/stats.ts';
import { command6561, type JudgeBots } from './bots.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { expectClean, stampsOf, steadyReplies, timedMatch } from './matches.ts';

/** The accuracy goal: what Jury charges is within this of the CPU time the bot burned. */
const GOAL_MS = 0.1;

/** Absolute and signed errors in ms of `measured` (µs) against `reference` (µs, one per measure). */
function errors(measured: readonly number[], reference: readonly number[]): { abs: Summary; bias: number } {
  const diff = measured.map((us, i) => (us - (reference[i] ?? NaN)) / 1000);
  const abs = scaled(summarize(diff.map(Math.abs)), 1);
  const bias = diff.reduce((a, b) => a + b, 0) / Math.max(1, diff.length);
  return { abs, bias: Math.round(bias * 1000) / 1000 };
}

/**
 * Every steady reply's CPU time as Jury measured it and as the bot itself counted it: the difference of
 * its process CPU clock between its previous reply and this one, both read once the reply was written
 * (bot6561.c `stamp`). Each bot's first reply is left out (it includes the process start).
 */
function ownCpu(record: GameRecord): { measured: number[]; own: number[] } {
  const stamps = stampsOf(record);
  const measured: number[] = [];
  const own: number[] = [];
  for (const [seat, s] of stamps.entries()) {
    const replies = record.moves.filter((m) => m.seat === seat && m.by === 'bot');
    for (let k = 1; k < Math.min(replies.length, s.cpuUs.length); k++) {
      measured.push(replies[k]?.cpuUs ?? NaN);
      own.push((s.cpuUs[k] ?? NaN) - (s.cpuUs[k - 1] ?? NaN));
    }
  }
  return { measured, own };
}

function target(name: string, e: { abs: Summary; bias: number }): Target {
  return {
    name,
    measured: e.abs.p99,
    floor: null,
    unit: 'ms',
    ratio: null,
    goal: `p99 |error| ≤ ${GOAL_MS} ms`,
    pass: e.abs.p99 <= GOAL_MS,
    note: `max ${num(e.abs.max, 3)} ms, mean ${num(e.abs.mean, 3)} ms, bias ${num(e.bias, 3)} ms; the bot's own CPU clock is the reference`,
  };
}

/**
 * Part 6, accuracy: 6561 games in which both bots burn exactly `burnUs` of their own CPU time on every
 * prompt (a busy loop on CLOCK_THREAD_CPUTIME_ID) and otherwise answer at once. For each timing mode the
 * charged time and the measured CPU time of every reply (each bot's first left out: it includes the
 * process start) are compared with the burn, which leaves in the bot's own reading, choosing and writing
 * (Jury rightly charges them); the target compares the measured CPU time with the bot's own count of
 * every move's CPU time (its process CPU clock, stamped after each reply is written).
 */
export async function measureAccuracy(
  ctx: BenchContext,
  bots: JudgeBots,
  burnsUs: readonly number[],
): Promise<PartResult> {
  ctx.log(heading('6. accuracy: bots burning a known CPU time per move (6561, 1000 moves)'));
  ctx.log(
    "  burn   mode       |error| ms (p50/p99/max, bias) of: charged vs burn     cpuUs vs burn                          cpuUs vs the bot's own CPU clock",
  );
  const figures: Record<string, Figures> = {};
  const targets: Target[] = [];
  for (const burnUs of burnsUs) {
    for (const timing of ['official', 'cpu'] as TimingMode[]) {
      const m = await timedMatch({
        game: '6561',
        timing,
        commands: [command6561(bots, burnUs, 7, true), command6561(bots, burnUs, 8, true)],
      });
      expectClean(m.record);
      const replies = steadyReplies(m.record);
      const burns = replies.map(() => burnUs);
      const charged = errors(
        replies.map((r) => r.chargedUs ?? NaN),
        burns,
      );
      const cpu = errors(
        replies.map((r) => r.cpuUs ?? NaN),
        burns,
      );
      const counted = ownCpu(m.record);
      const own = errors(counted.measured, counted.own);
      figures[`${burnUs / 1000}ms-${timing}`] = {
        burnMs: burnUs / 1000,
        timing,
        replies: replies.length,
        chargedErrorMs: charged,
        cpuErrorMs: cpu,
        cpuAgainstOwnClockErrorMs: own,
      };
      const show = (e: { abs: Summary; bias: number }) =>
        `${num(e.abs.p50, 3)} / ${num(e.abs.p99, 3)} / ${num(e.abs.max, 3)}, ${e.bias >= 0 ? '+' : ''}${num(e.bias, 3)}`;
      ctx.log(
        `  ${`${burnUs / 1000} ms`.padEnd(6)} ${timing.padEnd(9)}  ${show(charged).padEnd(38)} ${show(cpu).padEnd(38)} ${show(own)}`,
      );
      const label = `${burnUs / 1000} ms burn, ${timing}`;
      // The target is about CPU time: what cpu mode charges, and what both modes measure and record.
      // Official mode charges wall time, which includes the pipe round trip (see the floor): no target.
      targets.push(
        target(
          `accuracy, ${label}: ${timing === 'cpu' ? 'charged CPU time' : 'measured CPU time'}, p99 |error|`,
          own,
        ),
      );
    }
  }
  ctx.log(
    '  (cpu mode charges the CPU time; official mode charges the wall time, which adds the pipe round trip of\n' +
      "  the floor part to the burn. Against the burn, the bot's own reading, choosing and writing count as\n" +
      "  error; the ±0.1 ms target is checked on CPU time against the bot's own count of each move)",
  );
  return { figures, targets };
}
