import { describe, expect, it } from 'vitest';
import { monotonicUs } from '../../../electron/engine/channel.ts';
import { sandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import { ask, fixture, LONG_US, program, sleep, stateOf, until, useBots } from './helpers.ts';

const linux = process.platform === 'linux';

describe('timing and suspension of real bots', () => {
  useBots();

  it('times a line by the arrival of its newline, not by when it is read', async () => {
    const bot = fixture('fixed-reply.js', ['--count=2']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    await sleep(300); // the second line arrived meanwhile
    const before = monotonicUs();
    const r = await bot.read(0);
    expect(r).toMatchObject({ kind: 'line', line: 'ok' });
    expect(r.kind === 'line' && before - r.atUs).toBeGreaterThan(200_000);
  });

  it('drops received but unread lines on request', async () => {
    const bot = fixture('fixed-reply.js', ['--count=3']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    await sleep(200);
    expect(bot.discardReceived()).toBe(2);
    expect(await bot.read(100_000)).toEqual({ kind: 'timeout', pending: '' });
  });

  it.runIf(linux)(
    'measures the CPU time of a busy bot to within a few milliseconds of its own count',
    async () => {
      const bot = fixture('burn.js', ['--ms=150']);
      expect(await ask(bot, 'warm-up')).toMatchObject({ kind: 'line' });
      for (let i = 0; i < 2; i++) {
        const c0 = bot.cpuUs();
        const r = await ask(bot, 'go');
        const charged = bot.cpuUs() - c0;
        expect(r.kind).toBe('line');
        const own = Number(r.kind === 'line' ? r.line.split(' ')[1] : NaN);
        expect(own).toBeGreaterThanOrEqual(150_000);
        // The bot's own count starts after it read the line and stops before it wrote the reply.
        expect(charged).toBeGreaterThanOrEqual(own - 1000);
        expect(charged).toBeLessThan(own + 10_000);
      }
    },
  );

  const caps = sandboxCapabilities();
  // The machine without cgroups: the bot is stopped by signals and timed by its own process.
  const signals = { sandbox: { ...caps, memoryCgroup: null, cgroupWhy: 'left out by the test' } };

  it.runIf(linux && caps.memoryCgroup !== null)(
    "suspending freezes the whole bot: no CPU time passes, a detached child's included",
    async () => {
      // A shell that starts the spinner in the background and waits: the spinner is its grandchild.
      const bot = program('/bin/sh', ['-c', "setsid /bin/sh -c 'while :; do :; done' & wait"]);
      expect(await until(() => bot.cpuUs() > 50_000, 15_000)).toBe(true);
      bot.suspend();
      await sleep(100);
      const c1 = bot.cpuUs();
      await sleep(400);
      expect(bot.cpuUs() - c1).toBeLessThan(1000);
      bot.resume();
      expect(await until(() => bot.cpuUs() - c1 > 20_000, 15_000)).toBe(true);
    },
  );

  it.runIf(linux)('SIGSTOP really stops the bot: no CPU time passes while it is suspended', async () => {
    const bot = fixture('burn.js', ['--forever'], signals);
    expect(await until(() => bot.cpuUs() > 50_000, 15_000)).toBe(true);
    bot.suspend();
    expect(await until(() => stateOf(bot.botPid!) === 'T', 5000)).toBe(true);
    const c1 = bot.cpuUs();
    await sleep(400);
    expect(bot.cpuUs() - c1).toBeLessThan(1000);
    bot.resume();
    expect(await until(() => bot.cpuUs() - c1 > 20_000, 15_000)).toBe(true);
    expect(stateOf(bot.botPid!)).not.toBe('T');
  });

  it.runIf(linux && Boolean(caps.setsid) && (caps.bwrap !== null || caps.pidNamespace !== null))(
    'by signals, in a namespace only the bot is stopped, not the idle wrappers above it (each would have to wake up)',
    async () => {
      const bot = fixture('burn.js', ['--forever'], signals);
      expect(await until(() => bot.cpuUs() > 50_000, 15_000)).toBe(true);
      bot.suspend();
      expect(await until(() => stateOf(bot.botPid!) === 'T', 5000)).toBe(true);
      expect(stateOf(bot.pid!)).not.toBe('T');
      bot.resume();
      expect(await until(() => stateOf(bot.botPid!) !== 'T', 5000)).toBe(true);
    },
  );

  it('a shut-down bot that was suspended is still killed (and a stopped bot cannot exit by itself)', async () => {
    const bot = fixture('fixed-reply.js');
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    bot.suspend();
    expect(await bot.shutdown(5000)).toEqual({ code: 0, signal: null }); // resumed, then saw end of input
  });

  it('a stderr flood never blocks or slows stdout', async () => {
    const bot = fixture('stderr-flood.js', ['--mib=24']);
    const t0 = monotonicUs();
    expect(await ask(bot, 'a', 60_000_000)).toMatchObject({ kind: 'line', line: 'ok' });
    const err = bot.stderr();
    expect(err.bytes).toBeGreaterThanOrEqual(24 * 1000 * 1000);
    expect(err.truncated).toBe(true);
    expect(Buffer.byteLength(err.full)).toBeLessThanOrEqual(1024 * 1024);
    expect(err.shown).toHaveLength(10_000);
    expect(err.full.startsWith(err.shown)).toBe(true);
    // The reply follows the flood: draining 24 MiB must not take anywhere near a game's budget.
    expect(monotonicUs() - t0).toBeLessThan(LONG_US);
    expect(await ask(bot, 'b')).toMatchObject({ kind: 'line', line: 'ok' });
  });
});

describe('a bot that writes faster than the judge reads', () => {
  useBots();

  it('is held back by the pipe once the unread output passes the cap, and resumed when read', async () => {
    const lines = 20_000;
    const reply = 'x'.repeat(99); // 100 bytes a line: 2 MB in all
    const bot = fixture('fixed-reply.js', [`--count=${lines}`, `--reply=${reply}`], {
      maxQueuedBytes: 16 * 1024,
    });
    bot.send(['go']);
    expect(await bot.read(LONG_US)).toMatchObject({ kind: 'line', line: reply });
    await sleep(500);
    // At most the cap (16 KiB) plus a chunk or two (64 KiB each) was taken in: under 2,000 lines.
    const first = bot.discardReceived();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(5_000);
    let total = 1 + first;
    while (total < lines) {
      const r = await bot.read(LONG_US);
      expect(r).toMatchObject({ kind: 'line', line: reply });
      total += 1 + bot.discardReceived();
    }
    expect(total).toBe(lines);
  });
});
