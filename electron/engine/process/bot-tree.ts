import { CpuMeter } from './cpu-meter.ts';
import { hasProc, oldestChild, pidNamespaceOf } from './proc.ts';

/**
 * Finds the real bot process below the wrappers Jury spawned (unshare forks the namespace init, which
 * forks the bot: `depth` levels). The search starts as soon as the wrapper is spawned and retries with a
 * short back-off, in the background, so the hot path (cpuUs) never scans /proc.
 */
export class BotTree {
  private readonly depth: number;
  private readonly chain: number[];
  private meter: CpuMeter | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private namespace: string | null = null;

  /** `rootPid`: the spawned process; `depth`: wrapper levels between it and the bot (0: it is the bot). */
  constructor(rootPid: number, depth: number) {
    this.depth = depth;
    this.chain = [rootPid];
    this.step();
  }

  /** The bot's process id once found, else null. */
  get botPid(): number | null {
    return this.chain.length > this.depth ? (this.chain[this.depth] ?? null) : null;
  }

  /** The process id of the namespace's init (the first process below unshare), or null. */
  get initPid(): number | null {
    return this.depth > 0 ? (this.chain[1] ?? null) : null;
  }

  /** The bot's PID namespace ("pid:[N]"), read when the bot was found; null without one. */
  get pidNamespace(): string | null {
    return this.namespace;
  }

  /**
   * The bot's process id, searched for now if it was not found yet (the background search may still be
   * waiting to retry); null when it does not exist yet.
   */
  find(): number | null {
    if (this.botPid === null && this.timer !== null) {
      clearTimeout(this.timer);
      this.step();
    }
    return this.botPid;
  }

  /**
   * The bot's CPU time in µs (0 while the bot cannot be found, or where /proc is missing); see
   * CpuMeter.readUs. A bot not found yet is searched for now: read as 0 and found a moment later, its
   * start-up (an interpreter loading) would count as the CPU time of its first move.
   */
  cpuUs(knownThreads = false): number {
    if (this.meter === null) this.find();
    return this.meter?.readUs(knownThreads) ?? 0;
  }

  /** Stops searching and metering (the bot is gone); cpuUs then keeps its last value. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.meter?.close();
  }

  private step(): void {
    this.timer = null;
    if (!hasProc) return;
    while (this.chain.length <= this.depth) {
      const last = this.chain[this.chain.length - 1];
      const child = last === undefined ? null : oldestChild(last);
      if (child === null) break;
      this.chain.push(child);
    }
    const bot = this.botPid;
    if (bot !== null) {
      this.meter = new CpuMeter(bot);
      this.meter.readUs();
      if (this.depth > 0) this.namespace = pidNamespaceOf(bot);
      return;
    }
    // Forks take microseconds to a few milliseconds; give up after about 10 s (the wrapper failed).
    this.attempts++;
    if (this.attempts > 250) return;
    this.timer = setTimeout(() => this.step(), Math.min(50, this.attempts));
    this.timer.unref();
  }
}
