import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOT_MARKER_VAR, type BotProcessOptions } from '../../../electron/engine/process/bot-process.ts';
import { sandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';
import {
  ask,
  fixture,
  FIXTURES,
  liveProcesses,
  marker,
  sleep,
  until,
  useBots,
  withoutNamespace,
} from './helpers.ts';

const linux = process.platform === 'linux';
const hasNamespace = linux && sandboxCapabilities().pidNamespace !== null;

/**
 * Starts leaves-children.js (which exits after `exitAfter` replies, or on end of input) and waits until
 * its child and its orphaned daemon run. `marked()` lists every live process whose command line carries
 * the marker: the wrappers, the bot, the child and the daemon.
 */
async function botWithOrphans(options: BotProcessOptions = {}, exitAfter = -1) {
  const mark = marker();
  const bot = fixture('leaves-children.js', [`--marker=${mark}`, `--exit-after=${exitAfter}`], options);
  const marked = () => liveProcesses().filter((p) => p.cmdline.includes(mark));
  const role = (r: string) => marked().find((p) => p.cmdline.includes(`--role=${r} `));
  // The daemon's parent exits 50 ms after starting it.
  expect(await until(() => role('child') !== undefined && role('daemon') !== undefined, 15_000)).toBe(true);
  expect(await until(() => role('daemon-parent') === undefined, 5_000)).toBe(true);
  return { bot, marked, daemon: role('daemon')! };
}

describe.runIf(linux)('no process outlives its game', () => {
  useBots();

  it.runIf(hasNamespace)('PID namespace: the child and the setsid daemon die with the bot', async () => {
    const { bot, marked, daemon } = await botWithOrphans();
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'ok' });
    const ns = bot.pidNamespace;
    expect(ns).toMatch(/^pid:\[\d+\]$/);
    expect(bot.limits.containment).toBe('pid-namespace');
    const pgid = bot.pid;
    // The daemon left the process group and the session: the namespace is what catches it.
    expect(daemon.pgid).not.toBe(pgid);
    expect(daemon.pidNs).toBe(ns);

    // The bot exits by itself on end of input and leaves its processes behind: nothing may remain.
    expect(await bot.shutdown(5000)).toEqual({ code: 0, signal: null });
    expect(await until(() => marked().length === 0, 5000)).toBe(true);
    // A process killed a moment ago may still be a zombie (no command line) until its parent reaps it.
    const left = (): unknown[] => liveProcesses().filter((p) => p.pidNs === ns || p.pgid === pgid);
    await until(() => left().length === 0, 5000);
    expect(left()).toEqual([]);
  });

  it('process-group fallback: the marker finds the child and the daemon after the bot exits', async () => {
    const { bot, marked, daemon } = await botWithOrphans(withoutNamespace());
    expect(bot.limits.containment).toBe('process-group');
    expect(daemon.pgid).not.toBe(bot.pid);
    expect(bot.botPid).toBe(bot.pid);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line', line: 'ok' });
    expect(await bot.shutdown(5000)).toEqual({ code: 0, signal: null });
    expect(await until(() => marked().length === 0, 5000)).toBe(true);
    expect(liveProcesses().filter((p) => p.pgid === bot.pid)).toEqual([]);
  });

  it('a bot that exits while its orphans hold stdout still reads as closed', async () => {
    const { bot, marked } = await botWithOrphans(withoutNamespace(), 1);
    expect(await ask(bot, 'a')).toMatchObject({ kind: 'line' });
    // The bot exits, but its child and daemon still hold the stdout pipe: no end of file will come.
    const r = await ask(bot, 'b');
    expect(r).toMatchObject({ kind: 'closed', exit: { code: 0, signal: null } });
    await bot.shutdown(0);
    expect(await until(() => marked().length === 0, 5000)).toBe(true);
  });

  it.runIf(hasNamespace && sandboxCapabilities().setpriv !== null)(
    'a Jury that dies, even by SIGKILL, takes its bots and their daemons with it',
    async () => {
      const mark = marker();
      const jury = fileURLToPath(new URL('../../../electron/engine/process/bot-process.ts', import.meta.url));
      const script = [
        `import { startBot } from ${JSON.stringify(jury)};`,
        `const bot = startBot({ executable: ${JSON.stringify(`${FIXTURES}/leaves-children.js`)},`,
        `  args: ['--marker=${mark}'], cwd: ${JSON.stringify(FIXTURES)} });`,
        'bot.send(["a"]); await bot.read(20e6);',
        'setInterval(() => {}, 1000);',
      ].join('\n');
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
      const exited = new Promise((r) => child.once('exit', r));
      try {
        const marked = () => liveProcesses().filter((p) => p.cmdline.includes(mark));
        const daemonUp = () => marked().some((p) => p.cmdline.includes('--role=daemon '));
        expect(await until(daemonUp, 15_000)).toBe(true);
        child.kill('SIGKILL'); // Jury dies without any chance to clean up
        await exited;
        expect(await until(() => marked().length === 0, 5000)).toBe(true);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it('marks every bot with a unique environment entry', async () => {
    const bot = fixture('no-read.js', ['--say=up']);
    expect(await bot.read(20_000_000)).toMatchObject({ kind: 'line', line: 'up' });
    const pid = bot.botPid;
    expect(pid).not.toBeNull();
    const { readFileSync } = await import('node:fs');
    const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
    expect(env.filter((e) => e.startsWith(`${BOT_MARKER_VAR}=`))).toHaveLength(1);
  });

  it('writing to a dead bot never throws nor crashes Node', async () => {
    const bot = fixture('crash-start.js');
    expect(await bot.read(20_000_000)).toMatchObject({ kind: 'closed' });
    for (let i = 0; i < 50; i++) bot.send(['after death', 'x'.repeat(10_000)]);
    await sleep(100);
    expect(await bot.shutdown(0)).toEqual({ code: 3, signal: null });
    expect(await bot.shutdown(0)).toEqual({ code: 3, signal: null }); // safe to call twice
  });

  it('a missing program is a closed channel with the reason, not an exception', async () => {
    const bot = fixture('does-not-exist.js');
    expect(bot.startError).toContain('does not exist');
    const startError = `cannot start ${FIXTURES}/does-not-exist.js: it does not exist`;
    const exit = { code: null, signal: null, startError };
    expect(await bot.read(1_000_000)).toEqual({ kind: 'closed', exit, pending: '' });
    expect(bot.stderr().full).toContain('does not exist');
    expect(await bot.shutdown(0)).toEqual(exit);
  });
});
