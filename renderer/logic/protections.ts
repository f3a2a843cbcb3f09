import { limitNames, type LimitName, type ProtectionStatus } from '../../shared/ipc/limit-names.ts';
import type { Request, Response } from '../../shared/ipc/contract.ts';

/**
 * The protections around every bot as the screens show them: what this machine enforces
 * (`system.protections`) and what a recorded game ran under. Pure: the rows come from the engine, these
 * helpers only order and split them, and say which limits to ask about.
 */

/** One protection: its name, how well it holds, and the engine's sentence. */
export type Protection = Response<'system.protections'>[number];
/** The limits `system.protections` is asked about (a field left out: the defaults). */
export type ProtectionLimits = Request<'system.protections'>;
/** The limits a finished game ran under (`limits` of a replay). */
export type GameLimits = NonNullable<Response<'tournament.replay'>['limits']>;

/** The rows split for a screen: what is missing or weaker (the warning) and what holds. */
export interface ProtectionSummary {
  /** Missing first, then partial; each in the order of {@link limitNames}. */
  readonly gaps: readonly Protection[];
  /** Enforced rows, in the order of {@link limitNames}. */
  readonly enforced: readonly Protection[];
  /** Every row, gaps first. */
  readonly all: readonly Protection[];
}

const STATUS_ORDER: Readonly<Record<ProtectionStatus, number>> = { missing: 0, partial: 1, enforced: 2 };

function rank(limit: LimitName): number {
  return limitNames.indexOf(limit);
}

/** Orders rows: missing, partial, enforced; within each, by the protection's place in the record. */
export function orderProtections(rows: readonly Protection[]): Protection[] {
  return [...rows].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || rank(a.limit) - rank(b.limit),
  );
}

/** Splits rows into the gaps (missing, partial) and what is enforced. */
export function summarizeProtections(rows: readonly Protection[]): ProtectionSummary {
  const all = orderProtections(rows);
  return {
    gaps: all.filter((r) => r.status !== 'enforced'),
    enforced: all.filter((r) => r.status === 'enforced'),
    all,
  };
}

/** The message key of a protection's name under `protections.names` (`cpu-time` → `cpuTime`). */
export function limitKey(limit: LimitName): string {
  return limit.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The badge class of a status (theme.css): green, amber, red. */
export function statusBadge(status: ProtectionStatus): 'badge-ok' | 'badge-warn' | 'badge-danger' {
  if (status === 'enforced') return 'badge-ok';
  return status === 'partial' ? 'badge-warn' : 'badge-danger';
}

/** The row of one protection, or undefined when the rows do not name it. */
export function rowOf(rows: readonly Protection[], limit: LimitName): Protection | undefined {
  return rows.find((r) => r.limit === limit);
}

/** The limits of the new-tournament form (null: no cap). */
export interface FormLimits {
  readonly memoryMiB: number | null;
  readonly maxProcesses: number | null;
  readonly network: boolean;
}

/**
 * What to ask `system.protections` for the form's limits, or null while a number is one the draft
 * would refuse (the field says why; the rows shown stay those of the last good values).
 */
export function limitsRequest(form: FormLimits): ProtectionLimits | null {
  const { memoryMiB, maxProcesses, network } = form;
  if (memoryMiB !== null && !(Number.isInteger(memoryMiB) && memoryMiB >= 16)) return null;
  if (maxProcesses !== null && !(Number.isInteger(maxProcesses) && maxProcesses >= 1)) return null;
  return { memoryMiB, maxProcesses, network };
}

/** One key per distinct request: a field left out (the default) differs from null (no cap). */
export function limitsKey(request: ProtectionLimits): string {
  const { memoryMiB, maxProcesses, network } = request;
  return JSON.stringify([memoryMiB, maxProcesses, network].map((v) => (v === undefined ? 'default' : v)));
}
