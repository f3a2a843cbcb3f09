import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * The machine's physical cores (Linux: distinct core ids per package in /proc/cpuinfo; elsewhere the
 * logical processors), so that hyper-threads do not count as room for a game.
 */
export function physicalCores(cpuinfo = readCpuinfo()): number {
  if (cpuinfo === null) return availableParallelism();
  const cores = new Set<string>();
  let physical = '0';
  for (const line of cpuinfo.split('\n')) {
    const [key, value] = line.split(':').map((s) => s.trim());
    if (key === 'physical id') physical = value ?? '0';
    if (key === 'core id') cores.add(`${physical}:${value ?? ''}`);
  }
  return cores.size > 0 ? cores.size : availableParallelism();
}

/** A worker's default slots: physical cores − 1 (one left for Jury and the system), at least one. */
export function defaultWorkerSlots(): number {
  return Math.max(1, physicalCores() - 1);
}

function readCpuinfo(): string | null {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return null;
  }
}
