import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, YIELD_NICE } from '../../../electron/engine/process/limits.ts';
import { ask, fixture, useBots } from './helpers.ts';

// Issue 28's live wall: a bot charged its own CPU time gives way to the interface once it runs (its
// threads' nice and its session's autogroup), and a bot charged wall time never does.
const linux = process.platform === 'linux';

/** The nice of every thread of `pid` (field 19 of /proc/PID/task/TID/stat). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** The nice of the autogroup of `pid`'s session, or null where the kernel has no autogroups. */
function autogroupNice(pid: number): number | null {
  try {
    return Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'latin1'))?.[1]);
  } catch {
    return null;
  }
}

describe.runIf(linux)('a bot that gives way', () => {
  useBots();

  it('runs at a lower priority once it runs its own program, every thread and its session', async () => {
    const bot = fixture('fixed-reply.js', [], { limits: { ...DEFAULT_LIMITS, yieldCpu: true } });
    await bot.waitingForInput(20_000);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    const pid = bot.botPid as number;
    const nices = threadNices(pid);
    expect(nices.length).toBeGreaterThan(1); // Node's own threads too, not only the first
    expect(new Set(nices)).toEqual(new Set([YIELD_NICE]));
    expect(autogroupNice(pid) ?? YIELD_NICE).toBe(YIELD_NICE);
    expect(bot.limits.applied.some((a) => a.detail.startsWith('gives way to the interface'))).toBe(true);
    // Its wrappers too (bubblewrap above all), in their own session: they gave way from the start.
    const spawned = bot.pid as number;
    if (spawned !== pid) {
      expect(threadNices(spawned)).toEqual([YIELD_NICE]);
      expect(autogroupNice(spawned) ?? YIELD_NICE).toBe(YIELD_NICE);
    }
  });

  it('gives way from its first line where its host never asks whether it waits (a referee package)', async () => {
    const bot = fixture('fixed-reply.js', [], { limits: { ...DEFAULT_LIMITS, yieldCpu: true } });
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    const pid = bot.botPid as number;
    expect(new Set(threadNices(pid))).toEqual(new Set([YIELD_NICE]));
    expect(autogroupNice(pid) ?? YIELD_NICE).toBe(YIELD_NICE);
  });

  it('keeps its priority where it is charged wall time', async () => {
    const bot = fixture('fixed-reply.js', [], { limits: DEFAULT_LIMITS });
    await bot.waitingForInput(20_000);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    const pid = bot.botPid as number;
    expect(new Set(threadNices(pid))).toEqual(new Set([0]));
    expect(autogroupNice(pid) ?? 0).toBe(0);
    expect(threadNices(bot.pid as number)).toEqual([0]);
    expect(bot.limits.applied.some((a) => a.detail.startsWith('gives way'))).toBe(false);
  });
});
