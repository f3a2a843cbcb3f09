import {
  DEFAULT_LIMITS,
  planLaunch,
  type LimitName,
  type LimitsReport,
  type ResourceLimits,
} from './limits.ts';
import { offersOf } from './cgroup.ts';
import { sandboxCapabilities, type SandboxCapabilities } from './sandbox.ts';

/** One protection on this machine, for the bot library, the new-tournament form and `jury play`. */
export interface Protection {
  readonly limit: LimitName;
  /** `enforced`; `partial`: applied, weaker than asked; `missing`: not applied on this machine. */
  readonly status: 'enforced' | 'partial' | 'missing';
  /** What is enforced, or why it is weaker or missing: one English sentence. */
  readonly detail: string;
}

/**
 * What this machine will enforce for every bot under `limits` (default: Jury's defaults), worked out
 * by planning a launch exactly as a game would, so the summary can never disagree with the records.
 * Affinity is listed as it would be for a game pinned to its own core.
 */
export function machineProtections(
  limits: ResourceLimits = DEFAULT_LIMITS,
  caps: SandboxCapabilities = sandboxCapabilities(),
): Protection[] {
  const plan = planLaunch('/bot', [], limits, caps, {
    confinement: caps.bwrap
      ? {
          bwrap: caps.bwrap,
          privileged: caps.root,
          uid: caps.root && caps.botUids ? caps.botUids.base : null,
          setpriv: caps.setpriv,
          workdir: '/tmp/bot',
          mountAt: '/bot',
          chdir: '/bot',
          readOnly: [],
          inCwd: [],
          system: [],
          env: {},
          network: limits.network,
          tmpBytes: 1,
          hidden: [],
        }
      : null,
    cgroup:
      caps.memoryCgroup && caps.shell
        ? {
            enter: [],
            procsFile: null,
            oomKills: () => 0,
            control: () => null,
            offers: offersOf(caps.memoryCgroup),
            remove: async () => undefined,
          }
        : null,
    cgroupWhy: caps.cgroupWhy,
    cpus: caps.taskset ? [0] : null,
    uid: caps.root && caps.botUids ? caps.botUids.base : null,
  });
  const rows = protectionsOf(plan.report).map((r) =>
    r.limit === 'affinity'
      ? {
          ...r,
          detail: `each running game's bots on a core of their own while games at once ≤ ${caps.cores} (taskset)`,
        }
      : r,
  );
  if (!caps.taskset)
    rows.push({ limit: 'affinity', status: 'missing', detail: 'taskset (util-linux) is not available' });
  return rows;
}

/** The protections of one game record's limits report, in the same form. */
export function protectionsOf(report: LimitsReport): Protection[] {
  return [
    ...report.applied.map((a): Protection => ({
      limit: a.limit,
      status: a.partial ? 'partial' : 'enforced',
      detail: a.detail,
    })),
    ...report.notApplied.map((n): Protection => ({ limit: n.limit, status: 'missing', detail: n.why })),
  ];
}

/** The protections that are missing or partial, one line each ("filesystem missing: bubblewrap …"). */
export function protectionGaps(rows: readonly Protection[]): string[] {
  return rows.filter((r) => r.status !== 'enforced').map((r) => `${r.limit} ${r.status}: ${r.detail}`);
}
