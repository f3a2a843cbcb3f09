import type { GamePlayer } from '../engine/tournament/game-player.ts';
import type { PreparedRun } from '../engine/tournament/prepare-run.ts';
import { redisProblem } from '../engine/workers/connection.ts';
import { openRemoteRun, type RemoteRun } from '../engine/workers/coordinator.ts';
import { UsageError } from './usage-error.ts';
import { redisTargetOf, secretOf } from './worker-command.ts';

/** The options of `jury run` about remote workers. */
export interface WorkerRunFlags {
  /** The Redis URL of the queue: the games go to `jury worker`s. */
  readonly workers?: string;
  /** The Redis password's file (else JURY_REDIS_PASSWORD): a command line must not hold it. */
  readonly redisPasswordFile?: string;
  readonly secretFile?: string;
  /** `MIN:MAX`: only workers whose speed factor is in this range play. */
  readonly factorRange?: string;
}

/** Reads `--factor-range MIN:MAX` (null when absent), or a usage error saying what is wrong. */
export function factorRangeOf(text: string | undefined): readonly [number, number] | null {
  if (text === undefined) return null;
  const m = /^\s*([0-9.]+)\s*:\s*([0-9.]+)\s*$/.exec(text);
  const lo = Number(m?.[1]);
  const hi = Number(m?.[2]);
  if (!m || !(lo > 0) || !(hi >= lo)) {
    throw new UsageError(
      `--factor-range must be MIN:MAX with 0 < MIN ≤ MAX, such as 0.8:1.25, got ${JSON.stringify(text)}`,
    );
  }
  return [lo, hi];
}

/**
 * Checks `jury run`'s worker flags before anything is created: the Redis URL and password (and that it
 * answers), the secret and the factor range. Answers null without `--workers` (the flags that need it are then refused).
 */
export async function checkWorkerFlags(flags: WorkerRunFlags): Promise<{
  open: (prepared: PreparedRun, local: GamePlayer, localSlots: number, baseDir: string) => Promise<RemoteRun>;
} | null> {
  if (flags.workers === undefined) {
    if (
      flags.secretFile !== undefined ||
      flags.factorRange !== undefined ||
      flags.redisPasswordFile !== undefined
    ) {
      throw new UsageError('--secret-file, --redis-password-file and --factor-range go with --workers');
    }
    return null;
  }
  const target = await redisTargetOf(flags.workers, '--workers', flags.redisPasswordFile);
  const secret = await secretOf(flags.secretFile);
  const factorRange = factorRangeOf(flags.factorRange);
  const problem = await redisProblem(target);
  if (problem) throw new UsageError(`--workers: ${problem}`);
  return {
    open: async (prepared, local, localSlots, baseDir) => {
      try {
        return await openRemoteRun(prepared, local, { target, secret, localSlots, baseDir, factorRange });
      } catch (e) {
        throw new UsageError(`--workers: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}
