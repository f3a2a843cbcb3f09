import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, planLaunch } from './limits.ts';
import type { SandboxCapabilities } from './sandbox.ts';
import { decodeExit } from './signals.ts';

const linux: SandboxCapabilities = {
  platform: 'linux',
  root: false,
  pidNamespace: ['/usr/bin/unshare', '--user', '--map-root-user', '--pid', '--fork', '--kill-child'],
  netNamespace: true,
  prlimit: '/usr/bin/prlimit',
  reaper: '/usr/bin/timeout',
  setpriv: '/usr/bin/setpriv',
  bwrap: null,
  problems: [],
};
const bare: SandboxCapabilities = {
  ...linux,
  pidNamespace: null,
  netNamespace: false,
  prlimit: null,
  reaper: null,
  setpriv: null,
  problems: ['unshare (util-linux) is not installed'],
};

describe('planLaunch', () => {
  it('wraps the bot in namespace, reaper and limits, innermost limits', () => {
    const plan = planLaunch('/bots/a', ['-x'], DEFAULT_LIMITS, linux);
    expect([plan.command, ...plan.args]).toEqual([
      '/usr/bin/setpriv',
      '--pdeathsig',
      'KILL',
      '--',
      ...(linux.pidNamespace ?? []),
      '--net',
      '--',
      '/usr/bin/timeout',
      '--foreground',
      '0',
      '/usr/bin/prlimit',
      `--data=${1024 * 1024 * 1024}`,
      '--nproc=256',
      '--',
      '/bots/a',
      '-x',
    ]);
    expect(plan.depth).toBe(2);
    expect(plan.exitViaReaper).toBe(true);
    expect(plan.report.containment).toBe('pid-namespace');
    expect(plan.report.applied.map((a) => a.limit)).toEqual([
      'memory',
      'processes',
      'containment',
      'network',
    ]);
    expect(plan.report.notApplied).toEqual([]);
  });

  it('says that root ignores the process cap', () => {
    const plan = planLaunch('/bots/a', [], DEFAULT_LIMITS, { ...linux, root: true });
    expect(plan.args).not.toContain('--nproc=256');
    expect(plan.report.notApplied).toEqual([
      { limit: 'processes', why: 'Jury runs as root, and the kernel ignores RLIMIT_NPROC for root' },
    ]);
  });

  it('allows the network and drops absent caps when asked', () => {
    const plan = planLaunch('/bots/a', [], { memoryMiB: null, maxProcesses: null, network: true }, linux);
    expect(plan.args).not.toContain('--net');
    expect(plan.args.some((a) => a.includes('prlimit'))).toBe(false);
    expect(plan.report.applied.map((a) => a.limit)).toEqual(['containment']);
  });

  it('without a namespace the bot runs unwrapped and every missing limit is explained', () => {
    const plan = planLaunch('/bots/a', ['-x'], DEFAULT_LIMITS, bare);
    expect([plan.command, ...plan.args]).toEqual(['/bots/a', '-x']);
    expect(plan.depth).toBe(0);
    expect(plan.report.containment).toBe('process-group');
    expect(plan.report.applied).toEqual([]);
    expect(plan.report.notApplied.map((n) => n.limit)).toEqual([
      'memory',
      'processes',
      'containment',
      'network',
    ]);
    expect(plan.report.notApplied[2]?.why).toContain('unshare (util-linux) is not installed');
  });

  it('refuses sizes that make no sense instead of starving the bot', () => {
    const plan = planLaunch('/bots/a', [], { memoryMiB: 0, maxProcesses: 2.5, network: true }, linux);
    expect(plan.args.some((a) => a.startsWith('--data') || a.startsWith('--nproc'))).toBe(false);
    expect(plan.report.notApplied.map((n) => n.limit)).toEqual(['memory', 'processes']);
  });

  it('runs the bot as the namespace init when there is no reaper', () => {
    const plan = planLaunch('/bots/a', [], DEFAULT_LIMITS, { ...linux, reaper: null });
    expect(plan.depth).toBe(1);
    expect(plan.exitViaReaper).toBe(false);
    expect(plan.args).not.toContain('/usr/bin/timeout');
  });
});

describe('decodeExit', () => {
  it('turns the reaper’s 128 + n back into the signal, with canonical names', () => {
    expect(decodeExit(134, null, true)).toEqual({ code: null, signal: 'SIGABRT' });
    expect(decodeExit(139, null, true)).toEqual({ code: null, signal: 'SIGSEGV' });
    expect(decodeExit(3, null, true)).toEqual({ code: 3, signal: null });
    expect(decodeExit(134, null, false)).toEqual({ code: 134, signal: null });
    expect(decodeExit(null, 'SIGKILL', true)).toEqual({ code: null, signal: 'SIGKILL' });
  });
});
