import { readdirSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers a running bot's priority to `nice` (higher is lower): every thread it has now (Linux's nice is
 * per thread; threads and processes it starts later inherit it from theirs) and its session's autogroup,
 * which is what Linux weighs against other sessions (the interface's) where autogroup scheduling is on:
 * the bot leads a session of its own (setsid), so a thread's nice alone would not reach past it. Raising
 * a nice again needs privileges: call it once the bot runs its own program. Never throws: a bot that is
 * gone, or a system without either facility, keeps what it has. Returns how many threads were lowered.
 */
export function lowerPriority(pid: number, nice: number): number {
  let lowered = 0;
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    threads = [String(pid)];
  }
  for (const tid of threads) {
    try {
      setPriority(Number(tid), nice);
      lowered++;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroup scheduling in this kernel, or the bot is gone.
  }
  return lowered;
}
