import type { PlayerChannel, ReadResult } from '../../../electron/engine/channel.ts';
import { monotonicUs } from '../../../electron/engine/channel.ts';
import type { Launcher, LaunchedBot } from '../../../electron/engine/play-match.ts';
import type { SeatLog } from './stamps.ts';

/**
 * A launcher that starts bots with `inner` (the real process launcher) and notes, per seat (in the order
 * of the launch calls, which is seat order), when the referee writes to each and when each reply line arrived (the channel's own timestamp).
 * The note costs one clock read per write, so games played through it split a span into its parts
 * (stamps.ts, splitSpans) but never give the per-move figures themselves; the deadline part plays through
 * it (a clock read against a 1 ms margin) to tell why a timeout happened.
 */
export function loggingLauncher(inner: Launcher, logs: SeatLog[]): Launcher {
  return {
    async launch(bot, limits, cpus): Promise<LaunchedBot> {
      // Noted before the launch: the seats launch together and may finish starting in any order.
      const log: SeatLog = { sends: [], arrivals: [] };
      logs.push(log);
      const launched = await inner.launch(bot, limits, cpus);
      return { ...launched, channel: logged(launched.channel, log) };
    },
  };
}

/** `inner` with send and read noted; everything else (whatever the channel grows) passed through. */
function logged(inner: PlayerChannel, log: SeatLog): PlayerChannel {
  const send = (lines: readonly string[]): void => {
    log.sends.push(monotonicUs());
    inner.send(lines);
  };
  const read = async (timeoutUs: number): Promise<ReadResult> => {
    const r = await inner.read(timeoutUs);
    if (r.kind === 'line') log.arrivals.push(r.atUs);
    return r;
  };
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'send') return send;
      if (key === 'read') return read;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
