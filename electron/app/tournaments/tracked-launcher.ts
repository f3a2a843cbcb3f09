import type { PlayerChannel } from '../../engine/channel.ts';
import type { ProcessLauncher } from '../../engine/bot-launcher.ts';
import type { Launcher, MatchBot } from '../../engine/play-match.ts';

/** A launcher that remembers what it started, so the service can make sure no bot outlives it. */
export interface TrackedLauncher extends Launcher {
  /** Why a bot cannot start, when the wrapped launcher can tell (the real one can). */
  check?(bot: MatchBot): Promise<string | null>;
  /** Bots started and not known to have exited. */
  readonly alive: number;
  /** Ends every bot still running (each one's whole process tree) and waits until they are gone. */
  shutdownAll(): Promise<void>;
}

/**
 * Wraps `inner` so every started bot is tracked until it exits. Games shut their bots down themselves;
 * this is the service's last line when it closes (a smoke test or a single match still running).
 */
export function trackedLauncher(inner: Launcher): TrackedLauncher {
  const channels = new Set<PlayerChannel>();
  const prune = (): void => {
    for (const c of channels) if (c.exited) channels.delete(c);
  };
  const checker = (inner as Partial<ProcessLauncher>).check;
  return {
    ...(checker ? { check: (bot: MatchBot) => checker.call(inner, bot) } : {}),
    // Games played there end with their runs (aborted when the service closes), bots and all.
    ...(inner.games ? { games: inner.games } : {}),
    async launch(bot, limits, cpus) {
      const launched = await inner.launch(bot, limits, cpus);
      prune();
      channels.add(launched.channel);
      return launched;
    },
    get alive() {
      prune();
      return channels.size;
    },
    async shutdownAll() {
      await Promise.all([...channels].map((c) => c.shutdown(0)));
      prune();
    },
  };
}
