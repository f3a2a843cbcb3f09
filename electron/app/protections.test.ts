import { describe, expect, it } from 'vitest';
import { LINUX_WITHOUT_SANDBOX } from '../../test/helpers/sandbox-caps.ts';
import { limitNames } from '../../shared/ipc/limit-names.ts';
import { ipcContract } from '../../shared/ipc/contract.ts';
import { LIMIT_NAMES, type LimitsReport, type ResourceLimits } from '../engine/process/limits.ts';
import { machineProtections } from '../engine/process/protections.ts';
import type { SandboxCapabilities } from '../engine/process/sandbox.ts';
import { gameLimits, systemProtections } from './protections.ts';

const response = ipcContract.requests['system.protections'].response;

const linux: SandboxCapabilities = LINUX_WITHOUT_SANDBOX;
/** macOS and Windows: no namespaces, no rlimits tool, no /proc. */
const elsewhere = (platform: string): SandboxCapabilities => ({
  ...linux,
  platform,
  pidNamespace: null,
  netNamespace: false,
  prlimit: null,
  reaper: null,
  setpriv: null,
  bwrapWhy: `bubblewrap needs Linux; this is ${platform}`,
  cgroupWhy: `memory cgroups need Linux; this is ${platform}`,
  taskset: null,
  shell: null,
  problems: [`resource limits and namespaces need Linux; this is ${platform}`],
});
const limits: ResourceLimits = { memoryMiB: 512, maxProcesses: 64, network: false };

describe('the contract and the engine', () => {
  it('name the same protections in the same order', () => {
    expect(limitNames).toEqual(LIMIT_NAMES);
  });

  it('accepts what machineProtections answers on this machine and on poorer ones', () => {
    const machines = [linux, elsewhere('darwin'), elsewhere('win32')];
    const answers = [machineProtections(limits), ...machines.map((caps) => machineProtections(limits, caps))];
    for (const rows of answers) expect(response.parse(rows)).toEqual(rows);
    const windows = answers[3]!;
    expect(windows.filter((r) => r.status === 'missing').map((r) => r.limit)).toEqual(
      expect.arrayContaining(['memory', 'processes', 'network', 'filesystem', 'suspend', 'cpu-time']),
    );
  });

  it('refuses a row with an unknown protection or status', () => {
    expect(response.safeParse([{ limit: 'swap', status: 'missing', detail: 'x' }]).success).toBe(false);
    expect(response.safeParse([{ limit: 'memory', status: 'off', detail: 'x' }]).success).toBe(false);
  });
});

describe('systemProtections', () => {
  it('asks the engine with the given limits, filling in the settings’ memory cap and Jury’s defaults', () => {
    const asked: ResourceLimits[] = [];
    const probe = (l?: ResourceLimits) => {
      asked.push(l!);
      return [{ limit: 'memory' as const, status: 'partial' as const, detail: 'weaker' }];
    };
    expect(systemProtections({}, { memoryMiB: 700 }, probe)).toEqual([
      { limit: 'memory', status: 'partial', detail: 'weaker' },
    ]);
    systemProtections({ memoryMiB: null, maxProcesses: 8, network: true }, { memoryMiB: 700 }, probe);
    systemProtections({ maxProcesses: null }, { memoryMiB: null }, probe);
    expect(asked).toEqual([
      { memoryMiB: 700, maxProcesses: 256, network: false },
      { memoryMiB: null, maxProcesses: 8, network: true },
      { memoryMiB: null, maxProcesses: null, network: false },
    ]);
  });

  it('reports what a Linux machine without bubblewrap lacks, in rows the contract accepts', () => {
    const rows = systemProtections({}, { memoryMiB: 1024 }, (l) => machineProtections(l, linux));
    expect(response.parse(rows)).toEqual(rows);
    expect(rows.filter((r) => r.status !== 'enforced').map((r) => [r.limit, r.status])).toEqual([
      ['memory', 'partial'],
      ['processes', 'partial'],
      // Without a cgroup: SIGSTOP of the group, and the bot's own process's CPU time.
      ['suspend', 'partial'],
      ['cpu-time', 'partial'],
      ['filesystem', 'missing'],
      ['disk', 'missing'],
    ]);
  });
});

describe('gameLimits', () => {
  it('turns a record’s report into the requested limits and one row per protection', () => {
    const report: LimitsReport = {
      requested: { memoryMiB: 256, maxProcesses: null, network: false },
      applied: [
        { limit: 'memory', detail: '256 MiB of private memory only', partial: true },
        { limit: 'containment', detail: 'own PID namespace' },
      ],
      notApplied: [{ limit: 'suspend', why: 'Windows has no SIGSTOP' }],
      containment: 'pid-namespace',
    };
    expect(gameLimits(report)).toEqual({
      requested: { memoryMiB: 256, maxProcesses: null, network: false },
      protections: [
        { limit: 'memory', status: 'partial', detail: '256 MiB of private memory only' },
        { limit: 'containment', status: 'enforced', detail: 'own PID namespace' },
        { limit: 'suspend', status: 'missing', detail: 'Windows has no SIGSTOP' },
      ],
    });
    expect(gameLimits(null)).toBeNull();
  });
});
