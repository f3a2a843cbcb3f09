import type { z } from 'zod';
import type { gameLimitsSchema, protectionSchema } from '../../shared/ipc/app-schemas.ts';
import type { CheckedRequest, Response } from '../../shared/ipc/contract.ts';
import { DEFAULT_LIMITS, type LimitsReport } from '../engine/process/limits.ts';
import {
  machineProtections,
  protectionsOf,
  type Protection as EngineProtection,
} from '../engine/process/protections.ts';

/**
 * The app's side of the protections: `system.protections` (what this machine enforces for every bot) and
 * the limits a recorded game ran under, both as the contract's rows. The engine's rows are declared
 * apart from the contract's zod schema; the check below fails to compile when the two drift apart.
 */

/** Whether two types are the same (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameRows: Same<EngineProtection, z.infer<typeof protectionSchema>> = true;
void _sameRows;

/** What `system.protections` answers. */
export type ProtectionRows = Response<'system.protections'>;
/** The limits of a replayed game. */
export type GameLimits = z.infer<typeof gameLimitsSchema>;

/**
 * `system.protections`: the protections of a game under the asked limits, where a field left out takes
 * the settings' default memory cap or Jury's default (256 processes, no network). `probe` is the
 * engine's machineProtections (tests pass their own).
 */
export function systemProtections(
  request: CheckedRequest<'system.protections'>,
  defaults: { readonly memoryMiB: number | null },
  probe: typeof machineProtections = machineProtections,
): ProtectionRows {
  return probe({
    memoryMiB: request.memoryMiB === undefined ? defaults.memoryMiB : request.memoryMiB,
    maxProcesses: request.maxProcesses === undefined ? DEFAULT_LIMITS.maxProcesses : request.maxProcesses,
    network: request.network ?? DEFAULT_LIMITS.network,
  }).map(({ limit, status, detail }) => ({ limit, status, detail }));
}

/** The limits a game ran under, from its record's report (null when the record has none). */
export function gameLimits(report: LimitsReport | null): GameLimits | null {
  if (report === null) return null;
  const { memoryMiB, maxProcesses, network } = report.requested;
  return {
    requested: { memoryMiB, maxProcesses, network },
    protections: protectionsOf(report).map(({ limit, status, detail }) => ({ limit, status, detail })),
  };
}
