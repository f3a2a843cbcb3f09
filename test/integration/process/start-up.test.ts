import { describe, expect, it } from 'vitest';
import { ask, compileC, fixture, program, stateOf, useBots } from './helpers.ts';

const linux = process.platform === 'linux';

/** Milliseconds the promise `start` returns took to settle, counted from before `start` runs. */
async function took(start: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await start();
  return performance.now() - t0;
}

// The referee waits for every seat's program to start up before the first prompt (PlayerChannel.waitingForInput).
describe.runIf(linux)('waiting for a bot to start up, with real processes', () => {
  useBots();

  it('resolves once the program waits for its first line, its start-up over', async () => {
    const bot = fixture('burn.js', ['--start-ms=300', '--ms=1']);
    const waited = await took(() => bot.waitingForInput(10_000));
    // Its own start-up (Node's, then 300 ms of burning) is behind it, not the wrappers' alone.
    expect(bot.cpuUs()).toBeGreaterThanOrEqual(300_000);
    expect(waited).toBeLessThan(10_000);
    expect(stateOf(bot.botPid as number)).toBe('S');
  });

  it('gives up at the time given for a program that never waits', async () => {
    const bot = fixture('burn.js', ['--forever']);
    const waited = await took(() => bot.waitingForInput(400));
    expect(waited).toBeGreaterThanOrEqual(390);
    expect(waited).toBeLessThan(5_000);
    expect(bot.exited).toBe(false);
  });

  it('waits while a thread of a sleeping program is held up, with its CPU time standing still', async () => {
    // Its main thread sleeps in its read from the start; its helper thread sits in a disk-like wait
    // (state D) for 600 ms: a start-up not over although the program looks idle.
    const exe = compileC('busy-helper');
    if (exe === null) return;
    const bot = program(exe, ['--ms=600']);
    const waited = await took(() => bot.waitingForInput(10_000));
    expect(waited).toBeGreaterThanOrEqual(500);
    expect(waited).toBeLessThan(10_000);
    expect(await ask(bot, 'hello')).toMatchObject({ kind: 'line', line: 'ok' });
  });

  it('resolves as the program ends, without waiting out the time given', async () => {
    const bot = fixture('crash-start.js');
    const waited = await took(() => bot.waitingForInput(20_000));
    expect(waited).toBeLessThan(15_000);
    await bot.shutdown(0);
    expect(bot.exit).not.toBeNull();
  });
});
