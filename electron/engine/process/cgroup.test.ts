import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBotCgroup, findMemoryCgroup, readSelfCgroup } from './cgroup.ts';

/** A folder laid out like a cgroup v2 mount (the real one cannot be faked; the files can). */
function fakeV2(controllers: string, juryControls: string | null): string {
  const root = mkdtempSync(join(tmpdir(), 'jury-cgroupfs-'));
  writeFileSync(join(root, 'cgroup.controllers'), controllers);
  if (juryControls !== null) {
    mkdirSync(join(root, 'jury'));
    writeFileSync(join(root, 'jury', 'cgroup.subtree_control'), juryControls);
  }
  return root;
}

describe('memory cgroups', () => {
  it('reads /proc/self/cgroup lines of v1 and v2', () => {
    expect(readSelfCgroup('4:memory:/process_api/abc\n0::/user.slice/app.scope\n')).toEqual([
      { id: '4', controllers: ['memory'], path: '/process_api/abc' },
      { id: '0', controllers: [], path: '/user.slice/app.scope' },
    ]);
  });

  it('v2: uses a jury cgroup whose children may use the memory controller', () => {
    const root = fakeV2('cpu memory pids', 'memory pids');
    const found = findMemoryCgroup(root, readSelfCgroup('0::/user.slice/app.scope\n'));
    expect(found).toEqual({ support: { version: 2, parent: join(root, 'jury') }, why: null });
  });

  it('v2 without the memory controller, or without the right to enable it: none, with the reason', () => {
    const none = findMemoryCgroup(fakeV2('cpu pids', null), []);
    expect(none).toEqual({ support: null, why: 'the cgroup v2 hierarchy has no memory controller' });
    const refused = findMemoryCgroup(fakeV2('cpu memory', ''), readSelfCgroup('0::/u\n'));
    expect(refused.support).toBeNull();
    expect(refused.why).toContain('may not create memory cgroups');
  });

  it('v2: a bot cgroup caps memory with no swap, and counts OOM kills', () => {
    const root = fakeV2('memory', 'memory');
    const parent = join(root, 'jury');
    // The kernel makes these files in every new cgroup; here the test does.
    const made = createBotCgroup({ version: 2, parent }, 'bot-1', 64 * 1024 * 1024, '/bin/sh');
    expect(made.why).toBeNull();
    const dir = join(parent, 'bot-1');
    expect(readFileSync(join(dir, 'memory.max'), 'utf8')).toBe(String(64 * 1024 * 1024));
    expect(made.cgroup?.procsFile).toBe(join(dir, 'cgroup.procs'));
    expect(made.cgroup?.enter).toEqual([
      '/bin/sh',
      '-c',
      'echo 0 >"$0" && exec "$@"',
      join(dir, 'cgroup.procs'),
    ]);
    expect(made.cgroup?.oomKills()).toBe(0);
    writeFileSync(join(dir, 'memory.events'), 'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n');
    expect(made.cgroup?.oomKills()).toBe(1);
  });

  it('systemd: a transient user scope per bot, capped with no swap, that execs the bot in place', () => {
    const made = createBotCgroup(
      { version: 'systemd', systemdRun: '/usr/bin/systemd-run' },
      'bot-3',
      1024,
      '/bin/sh',
    );
    expect(made.cgroup?.enter).toEqual([
      '/usr/bin/systemd-run',
      '--user',
      '--scope',
      '--quiet',
      '--collect',
      '--unit=jury-bot-3',
      '-p',
      'MemoryMax=1024',
      '-p',
      'MemorySwapMax=0',
      '--',
    ]);
    expect(made.cgroup?.procsFile).toBeNull();
  });

  it('a cgroup that cannot be made is reported, not thrown', () => {
    const made = createBotCgroup({ version: 1, parent: '/nonexistent/jury' }, 'bot-2', 1024, '/bin/sh');
    expect(made.cgroup).toBeNull();
    expect(made.why).toMatch(/^the memory cgroup could not be made: /);
    expect(existsSync('/nonexistent/jury/bot-2')).toBe(false);
  });

  it('v1: one cgroup per hierarchy (memory, cpuacct, freezer), all joined before the bot starts', () => {
    const root = mkdtempSync(join(tmpdir(), 'jury-cgroupv1-'));
    const [memory, cpuacct, freezer] = ['memory', 'cpuacct', 'freezer'].map((h) =>
      join(root, h, 'jury-1'),
    ) as [string, string, string];
    for (const dir of [memory, cpuacct, freezer]) mkdirSync(dir, { recursive: true });
    const support = { version: 1 as const, parent: memory, cpuacct, freezer };
    const made = createBotCgroup(support, 'bot-4', null, '/bin/sh');
    const procs = [memory, cpuacct, freezer].map((d) => join(d, 'bot-4', 'cgroup.procs'));
    expect(made.cgroup?.enter).toEqual([
      '/bin/sh',
      '-c',
      'echo 0 >"$0" && echo 0 >"$1" && echo 0 >"$2" && shift 2 && exec "$@"',
      ...procs,
    ]);
    // No cap asked: no limit is written (the cgroup only times and freezes the bot).
    expect(existsSync(join(memory, 'bot-4', 'memory.limit_in_bytes'))).toBe(false);
    // The kernel makes these files; here the test does.
    writeFileSync(join(cpuacct, 'bot-4', 'cpuacct.usage'), '1234567890\n');
    writeFileSync(join(freezer, 'bot-4', 'freezer.state'), 'THAWED\n');
    const control = made.cgroup?.control(null);
    expect(control?.cpuUs()).toBe(1234567.89);
    expect(control?.freeze()).toBe(true);
    expect(readFileSync(join(freezer, 'bot-4', 'freezer.state'), 'utf8')).toMatch(/^FROZEN/);
    control?.close();
    // Closed, the clock keeps its last reading.
    expect(control?.cpuUs()).toBe(1234567.89);
  });

  it("v2: the bot's clock is cpu.stat's usage_usec, its freezer cgroup.freeze", () => {
    const root = fakeV2('memory', 'memory');
    const made = createBotCgroup({ version: 2, parent: join(root, 'jury') }, 'bot-5', 1 << 20, '/bin/sh');
    const dir = join(root, 'jury', 'bot-5');
    writeFileSync(join(dir, 'cpu.stat'), 'usage_usec 42000\nuser_usec 40000\nsystem_usec 2000\n');
    writeFileSync(join(dir, 'cgroup.freeze'), '0\n');
    const control = made.cgroup?.control(null);
    expect(control?.cpuUs()).toBe(42000);
    expect(control?.freeze()).toBe(true);
    expect(readFileSync(join(dir, 'cgroup.freeze'), 'utf8')).toMatch(/^1/);
    expect(control?.thaw()).toBe(true);
    expect(readFileSync(join(dir, 'cgroup.freeze'), 'utf8')).toMatch(/^0/);
  });

  it('v1 hierarchies found from /proc/self/cgroup, mounted alone or together (cpu,cpuacct)', () => {
    const root = mkdtempSync(join(tmpdir(), 'jury-cgroupfs1-'));
    for (const h of ['memory', 'cpu,cpuacct', 'freezer']) {
      mkdirSync(join(root, h, 'self'), { recursive: true });
      writeFileSync(join(root, h, 'cgroup.procs'), '');
    }
    const self = readSelfCgroup('6:freezer:/\n4:memory:/self\n2:cpu,cpuacct:/self\n0::/\n');
    const found = findMemoryCgroup(root, self);
    // The memory parent must offer its limit file (the kernel makes it; a fake folder has none).
    expect(found.support).toBeNull();
    mkdirSync(join(root, 'memory', 'self', `jury-${process.pid}`), { recursive: true });
    writeFileSync(join(root, 'memory', 'self', `jury-${process.pid}`, 'memory.limit_in_bytes'), '');
    for (const h of ['cpu,cpuacct', 'freezer']) {
      const dir = join(root, h, h === 'freezer' ? '' : 'self', `jury-${process.pid}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cgroup.procs'), '');
    }
    expect(findMemoryCgroup(root, self).support).toEqual({
      version: 1,
      parent: join(root, 'memory', 'self', `jury-${process.pid}`),
      cpuacct: join(root, 'cpu,cpuacct', 'self', `jury-${process.pid}`),
      freezer: join(root, 'freezer', `jury-${process.pid}`),
    });
  });
});
