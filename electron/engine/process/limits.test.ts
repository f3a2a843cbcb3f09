import { describe, expect, it } from 'vitest';
import { LINUX_WITHOUT_SANDBOX } from '../../../test/helpers/sandbox-caps.ts';
import { DEFAULT_LIMITS, NO_SETUP, planLaunch } from './limits.ts';
import type { SandboxCapabilities } from './sandbox.ts';
import { decodeExit } from './signals.ts';

const linux: SandboxCapabilities = LINUX_WITHOUT_SANDBOX;
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
      'identity',
      'network',
      'suspend',
      'cpu-time',
    ]);
    // RLIMIT_DATA misses shared mappings, and RLIMIT_NPROC is shared with Jury's user: both partial;
    // without a cgroup, SIGSTOP misses a process that left the group and /proc counts no child.
    expect(plan.report.applied.filter((a) => a.partial).map((a) => a.limit)).toEqual([
      'memory',
      'processes',
      'suspend',
      'cpu-time',
    ]);
    expect(plan.report.notApplied.map((n) => n.limit)).toEqual(['filesystem', 'disk']);
  });

  it('as root without a uid to switch to, the process cap is not applied and the bot runs as root', () => {
    const plan = planLaunch('/bots/a', [], DEFAULT_LIMITS, { ...linux, root: true });
    expect(plan.args).not.toContain('--nproc=256');
    expect(plan.report.notApplied.map((n) => n.limit)).toEqual([
      'processes',
      'filesystem',
      'disk',
      'identity',
    ]);
    expect(plan.report.notApplied[0]?.why).toContain('the kernel ignores RLIMIT_NPROC for root');
  });

  it('as root with a uid, drops to it above prlimit so that the process cap binds', () => {
    const plan = planLaunch(
      '/bots/a',
      [],
      DEFAULT_LIMITS,
      { ...linux, root: true },
      { ...NO_SETUP, uid: 60123 },
    );
    const argv = [plan.command, ...plan.args];
    const drop = argv.indexOf('--reuid=60123');
    expect(drop).toBeGreaterThan(argv.indexOf('/usr/bin/timeout'));
    expect(drop).toBeLessThan(argv.indexOf('/usr/bin/prlimit'));
    expect(argv).toContain('--nproc=256');
    expect(plan.report.applied).toContainEqual({
      limit: 'processes',
      detail: '256 processes and threads of its own uid 60123 (RLIMIT_NPROC)',
    });
  });

  it('with bubblewrap: joins the cgroup first, pins, confines, drops the uid, then the limits', () => {
    const setup = {
      ...NO_SETUP,
      uid: 60007,
      cpus: [1],
      cgroup: {
        enter: ['/bin/sh', '-c', 'echo 0 >"$0" && exec "$@"', '/cg/bot/cgroup.procs'],
        procsFile: '/cg/bot/cgroup.procs',
        oomKills: () => 0,
        control: () => null,
        offers: { clock: true, freezer: true },
        remove: async () => undefined,
      },
      confinement: {
        bwrap: '/usr/bin/bwrap',
        privileged: true,
        uid: 60007,
        setpriv: '/usr/bin/setpriv',
        workdir: null,
        mountAt: '/bots',
        chdir: '/bots',
        readOnly: [],
        inCwd: [],
        system: [],
        env: {},
        network: false,
        tmpBytes: 1024,
        hidden: [],
      },
    };
    const plan = planLaunch(
      '/bots/a',
      ['-x'],
      DEFAULT_LIMITS,
      { ...linux, root: true, bwrap: '/usr/bin/bwrap' },
      setup,
    );
    const argv = [plan.command, ...plan.args];
    expect(argv.slice(0, 4)).toEqual(['/bin/sh', '-c', 'echo 0 >"$0" && exec "$@"', '/cg/bot/cgroup.procs']);
    expect(argv.slice(4, 7)).toEqual(['/usr/bin/taskset', '-c', '1']);
    expect(argv[7]).toBe('/usr/bin/bwrap');
    expect(argv).not.toContain('/usr/bin/unshare');
    const tail = argv.slice(argv.indexOf('/usr/bin/prlimit'));
    expect(tail).toEqual(['/usr/bin/prlimit', '--nproc=256', '--', '/bots/a', '-x']);
    expect(plan.depth).toBe(2);
    expect(plan.exitViaReaper).toBe(true);
    expect(plan.report.notApplied).toEqual([]);
    expect(plan.report.applied.map((a) => a.limit)).toEqual([
      'memory',
      'processes',
      'containment',
      'filesystem',
      'disk',
      'identity',
      'network',
      'affinity',
      'suspend',
      'cpu-time',
    ]);
    expect(plan.report.applied.some((a) => a.partial)).toBe(false);
    expect(plan.report.applied.find((a) => a.limit === 'disk')?.detail).toContain('in memory');
    expect(plan.report.applied.find((a) => a.limit === 'suspend')?.detail).toContain('cgroup freezer');
  });

  it('runs background work (a build beside games) niced first, on its own cores; a game never', () => {
    const background = planLaunch('/bots/a', [], { ...DEFAULT_LIMITS, background: { cpus: [0, 1] } }, linux);
    const argv = [background.command, ...background.args];
    expect(argv.slice(0, 6)).toEqual(['/usr/bin/nice', '-n', '19', '/usr/bin/taskset', '-c', '0,1']);
    // A launch's own cores (a game's slot) win over the background's.
    const pinned = planLaunch('/bots/a', [], { ...DEFAULT_LIMITS, background: { cpus: [0] } }, linux, {
      ...NO_SETUP,
      cpus: [3],
    });
    expect(pinned.args.slice(2, 5)).toEqual(['/usr/bin/taskset', '-c', '3']);
    const game = planLaunch('/bots/a', [], DEFAULT_LIMITS, linux);
    expect([game.command, ...game.args]).not.toContain('/usr/bin/nice');
  });

  it('allows the network and drops absent caps when asked', () => {
    const plan = planLaunch('/bots/a', [], { memoryMiB: null, maxProcesses: null, network: true }, linux);
    expect(plan.args).not.toContain('--net');
    expect(plan.args.some((a) => a.includes('prlimit'))).toBe(false);
    expect(plan.report.applied.map((a) => a.limit)).toEqual([
      'containment',
      'identity',
      'suspend',
      'cpu-time',
    ]);
  });

  it('without a namespace the bot runs unwrapped and every missing limit is explained', () => {
    const plan = planLaunch('/bots/a', ['-x'], DEFAULT_LIMITS, bare);
    expect([plan.command, ...plan.args]).toEqual(['/bots/a', '-x']);
    expect(plan.depth).toBe(0);
    expect(plan.report.containment).toBe('process-group');
    expect(plan.report.applied.map((a) => a.limit)).toEqual(['identity', 'suspend', 'cpu-time']);
    expect(plan.report.notApplied.map((n) => n.limit)).toEqual([
      'memory',
      'processes',
      'containment',
      'filesystem',
      'disk',
      'network',
    ]);
    expect(plan.report.notApplied[2]?.why).toContain('unshare (util-linux) is not installed');
  });

  it('refuses sizes that make no sense instead of starving the bot', () => {
    const plan = planLaunch('/bots/a', [], { memoryMiB: 0, maxProcesses: 2.5, network: true }, linux);
    expect(plan.args.some((a) => a.startsWith('--data') || a.startsWith('--nproc'))).toBe(false);
    expect(plan.report.notApplied.map((n) => n.limit)).toEqual(['memory', 'processes', 'filesystem', 'disk']);
  });

  it('starts the bot through setsid inside a namespace, so that it leads a process group of its own', () => {
    const withSetsid = { ...linux, setsid: '/usr/bin/setsid' };
    const plan = planLaunch('/bots/a', ['-x'], DEFAULT_LIMITS, withSetsid);
    expect(plan.args.slice(-4)).toEqual(['/usr/bin/setsid', '--', '/bots/a', '-x']);
    expect(plan.depth).toBe(2); // setsid execs in place: the bot is not a group leader there
    expect(plan.ownGroup).toBe(true);
    // Without a namespace the group is what holds the bot's processes together: it stays.
    const bareTooling = planLaunch('/bots/a', ['-x'], DEFAULT_LIMITS, { ...bare, setsid: '/usr/bin/setsid' });
    expect([bareTooling.command, ...bareTooling.args]).toEqual(['/bots/a', '-x']);
    expect(bareTooling.ownGroup).toBe(false);
    expect(planLaunch('/bots/a', [], DEFAULT_LIMITS, linux).ownGroup).toBe(false);
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

describe('timing guarantees by platform', () => {
  it('names what Windows and macOS cannot do', () => {
    const win = planLaunch('C:/bots/a.exe', [], DEFAULT_LIMITS, { ...bare, platform: 'win32' });
    expect(win.report.notApplied.map((n) => n.limit)).toContain('suspend');
    expect(win.report.notApplied.map((n) => n.limit)).toContain('cpu-time');
    const mac = planLaunch('/bots/a', [], DEFAULT_LIMITS, { ...bare, platform: 'darwin' });
    expect(mac.report.notApplied.map((n) => n.limit)).not.toContain('suspend');
    expect(mac.report.notApplied.map((n) => n.limit)).toContain('cpu-time');
  });
});
