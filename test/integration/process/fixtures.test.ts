import { describe, expect, it } from 'vitest';
import { monotonicUs } from '../../../electron/engine/channel.ts';
import { ask, compileC, fixture, LONG_US, program, sleep, useBots } from './helpers.ts';

// Each misbehaving fixture, run for real under the default limits, ends as the referee must see it.
describe('fixture bots through the process layer', () => {
  useBots();

  it('crash at start: closed with the exit code and the stderr message', async () => {
    const bot = fixture('crash-start.js', ['--code=7']);
    const r = await bot.read(LONG_US);
    expect(r).toEqual({ kind: 'closed', exit: { code: 7, signal: null }, pending: '' });
    expect(bot.stderr().shown).toContain('crash-start: dying before the game');
  });

  it('crash by abort(): reported as SIGABRT, not as the SIGSEGV a namespace init would show', async () => {
    const r = await fixture('crash-start.js', ['--abort']).read(LONG_US);
    expect(r).toMatchObject({ kind: 'closed', exit: { code: null, signal: 'SIGABRT' } });
  });

  it('crash mid-game: replies, then closed with its exit code', async () => {
    const bot = fixture('crash-mid.js', ['--after=2', '--code=5']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'ok' });
    expect(await ask(bot, 'b')).toMatchObject({ kind: 'line', line: 'ok' });
    expect(await ask(bot, 'c')).toEqual({ kind: 'closed', exit: { code: 5, signal: null }, pending: '' });
    expect(bot.exited).toBe(true);
  });

  it('hang: times out with nothing pending, and is killed at shutdown', async () => {
    const bot = fixture('hang.js');
    await sleep(300); // let it start, so the timeout below measures the hang, not Node's start-up
    expect(await ask(bot, 'a', 300_000)).toEqual({ kind: 'timeout', pending: '' });
    expect(await bot.shutdown(100)).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('no newline: times out with the reply pending (a forgotten flush or newline)', async () => {
    const bot = fixture('no-newline.js', ['--reply=e4']);
    bot.send(['a']);
    // A line never comes: poll until the partial reply has arrived (start-up may be slow).
    let r = await bot.read(200_000);
    for (let i = 0; i < 100 && r.kind === 'timeout' && r.pending === ''; i++) r = await bot.read(200_000);
    expect(r).toEqual({ kind: 'timeout', pending: 'e4' });
  });

  it('no flush (C stdio buffering): the flushed reply arrives, the unflushed one never does', async () => {
    const exe = compileC('no-flush');
    if (!exe) return; // no C compiler on this machine
    const bot = program(exe, ['--after=1', '--reply=move']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'move' });
    expect(await ask(bot, 'b', 1_000_000)).toEqual({ kind: 'timeout', pending: '' });
    expect(await bot.shutdown(2000)).toEqual({ code: 0, signal: null });
  });

  it('garbage bytes: an undecodable line, then the bot goes on', async () => {
    const bot = fixture('garbage.js');
    const r = await ask(bot, 'a');
    expect(r).toMatchObject({ kind: 'bad-line', code: 'undecodable' });
    expect(r.kind === 'bad-line' && r.detail).toContain('offset 1: fffe');
    expect(await ask(bot, 'b')).toMatchObject({ kind: 'line', line: 'ok' });
  });

  it('over-long line: reported as too long, and framing recovers at the next newline', async () => {
    const bot = fixture('long-line.js', ['--bytes=1000000']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'bad-line', code: 'too-long' });
    expect(await ask(bot, 'b')).toMatchObject({ kind: 'line', line: 'ok' });
  });

  it('late reply: times out first, then the line comes, timed when it arrived', async () => {
    const bot = fixture('late-reply.js', ['--ms=600']);
    expect(await ask(bot, 'warm-up-free?', 50_000)).toEqual({ kind: 'timeout', pending: '' });
    const r = await bot.read(LONG_US);
    expect(r).toMatchObject({ kind: 'line', line: 'ok' });
    expect(r.kind === 'line' && r.atUs).toBeLessThanOrEqual(monotonicUs());
  });

  it('exits early with code 0: closed with that exit', async () => {
    expect(await ask(fixture('exits-early.js'), 'a')).toEqual({
      kind: 'closed',
      exit: { code: 0, signal: null },
      pending: '',
    });
  });

  it('closes stdout but keeps running: closed without an exit, long before the timeout', async () => {
    const bot = fixture('closes-stdout.js', ['--after=1']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'ok' });
    const t0 = monotonicUs();
    expect(await ask(bot, 'b')).toEqual({ kind: 'closed', exit: null, pending: '' });
    expect(monotonicUs() - t0).toBeLessThan(LONG_US / 2);
    expect(bot.exited).toBe(false);
    expect(await bot.shutdown(100)).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('ignores Quit: still killed once the grace period is over', async () => {
    const bot = fixture('ignores-quit.js');
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'ok' });
    bot.send(['Quit']);
    const t0 = monotonicUs();
    expect(await bot.shutdown(300)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(monotonicUs() - t0).toBeGreaterThanOrEqual(290_000);
  });

  it('never reads stdin: writes pile up harmlessly, and the bot is killed at shutdown', async () => {
    const bot = fixture('no-read.js', ['--say=hello']);
    expect(await bot.read(LONG_US)).toMatchObject({ kind: 'line', line: 'hello' });
    const line = 'x'.repeat(1000);
    for (let i = 0; i < 300; i++) bot.send([line, line]); // 600 kB: far more than a pipe holds
    expect(await bot.read(200_000)).toEqual({ kind: 'timeout', pending: '' });
    expect(await bot.shutdown(100)).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('a well-behaved bot exits by itself on end of input within the grace period', async () => {
    const bot = fixture('fixed-reply.js', ['--reply=fine']);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'fine' });
    expect(await bot.shutdown(10_000)).toEqual({ code: 0, signal: null });
  });

  it('relays a real player and misbehaves on top of it', async () => {
    const bot = fixture('crash-mid.js', [
      '--after=1',
      '--',
      process.execPath,
      'fixed-reply.js',
      '--reply=relayed',
    ]);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'relayed' });
    expect(await ask(bot, 'b')).toMatchObject({ kind: 'closed', exit: { code: 3 } });
  });
});
