import type { ExitInfo, PlayerChannel, ReadResult } from '../channel.ts';
import type { Failure } from '../referee/failure.ts';
import { TimeKeeper, type TimingMode } from '../timing/time-keeper.ts';
import { crashedTag, TAG_BAD_LINE, TAG_EMPTY_LINE, TAG_STOPPED, TAG_TIMEOUT } from './tags.ts';
import type { CaiaTag } from './types.ts';

/** One player as the host keeps it. */
interface Seat {
  readonly channel: PlayerChannel;
  /** Its budget ran out once: every later listen gets the timeout tag (caiaio's sticky outoftime). */
  timedOut: boolean;
  /** A listen has read the end of its output already (so a dead player is then `stopped`). */
  eofSeen: boolean;
  failure: Failure | null;
  firstTag: CaiaTag | null;
  tags: number;
  /** Listens asked for, and those that waited on the player (and were timed). */
  listens: number;
  timed: number;
  maxChargedUs: number;
}

/** What a listen answers the referee: a player's own line (with its arrival time) or a tag. */
export type ListenReply =
  | { readonly kind: 'line'; readonly line: string; readonly atUs: number }
  | { readonly kind: 'tag'; readonly line: string };

/** Options of {@link CaiaPlayers}. */
export interface CaiaPlayersOptions {
  readonly channels: readonly PlayerChannel[];
  /** Each player's budget after the time factor, in whole ms (caiaio truncates). */
  readonly limitMs: number;
  readonly mode: TimingMode;
  readonly clock: () => number;
  readonly t0: number;
  readonly suspendOthers: boolean;
  /** Called once per player, at its first tag. */
  readonly onFailure: (player: number, tag: string, failure: Failure) => void;
}

/** The failure of a program whose output ended: CRASH for a signal, a non-zero code or a failed start. */
function goneFailure(ply: number, exit: ExitInfo | null, pending: string): Failure {
  if (exit?.startError !== undefined) return { kind: 'start', ply, reason: exit.startError };
  const crashed = exit !== null && (exit.signal !== null || (exit.code !== null && exit.code !== 0));
  return { kind: crashed ? 'crash' : 'exit', ply, exit, pending };
}

/**
 * The players of one hosted game and caiaio's `listen` and `request_time` over them (PROTOCOL.md §4,
 * §6): time is charged only while a listen waits (a line that was already there costs nothing), through
 * Jury's {@link TimeKeeper}, so the `cpu` timing mode works here as for built-in games.
 */
export class CaiaPlayers {
  private readonly seats: Seat[];
  private readonly keeper: TimeKeeper;
  private readonly opts: CaiaPlayersOptions;

  constructor(options: CaiaPlayersOptions) {
    this.opts = options;
    this.seats = options.channels.map((channel) => ({
      channel,
      timedOut: false,
      eofSeen: false,
      failure: null,
      firstTag: null,
      tags: 0,
      listens: 0,
      timed: 0,
      maxChargedUs: 0,
    }));
    this.keeper = new TimeKeeper({
      control: { kind: 'game-total', budgetMs: options.limitMs },
      mode: options.mode,
      seats: this.seats.length,
      source: { wallUs: options.clock, cpuUs: (seat) => options.channels[seat]?.cpuUs() ?? 0 },
    });
  }

  /** `I request_time k`: `time <used ms> <used ms / factor>`, both truncated as caiaio does. */
  requestTime(player: number, timeFactor: number): string {
    const usedMs = Math.floor(this.keeper.totals(player - 1).chargedUs / 1000);
    return `time ${usedMs} ${Math.trunc(usedMs / timeFactor)}`;
  }

  /**
   * `I listen k`: the player's next line, or the tag that says why there is none. In caiaio's order: a
   * player that had died of a signal gets the crashed tag (before any line it left); one that had exited
   * and whose end of output was read already gets `stopped`; otherwise the host waits up to its time
   * left. A timeout, once, is the answer to every later listen. Resolves null when `abort` wins.
   */
  async listen(player: number, abort: Promise<'aborted'>): Promise<ListenReply | null> {
    const seat = this.seat(player);
    const ply = seat.listens;
    seat.listens += 1;
    if (seat.timedOut) return this.tag(player, TAG_TIMEOUT, null);
    const { channel } = seat;
    if (channel.exited && channel.exit?.signal) {
      return this.tag(player, crashedTag(channel.exit.signal), goneFailure(ply, channel.exit, ''));
    }
    if (channel.exited && seat.eofSeen)
      return this.tag(player, TAG_STOPPED, goneFailure(ply, channel.exit, ''));

    const others = this.opts.suspendOthers
      ? this.seats.filter((s) => s !== seat && !s.channel.exited).map((s) => s.channel)
      : [];
    others.forEach((c) => c.suspend());
    try {
      return await this.wait(player, ply, abort);
    } finally {
      others.forEach((c) => c.resume());
    }
  }

  private async wait(player: number, ply: number, abort: Promise<'aborted'>): Promise<ListenReply | null> {
    const seat = this.seat(player);
    const keeper = this.keeper;
    keeper.start(player - 1);
    for (;;) {
      const read: ReadResult | 'aborted' = await Promise.race([
        seat.channel.read(Math.max(0, keeper.waitLimitUs())),
        abort,
      ]);
      if (read === 'aborted') {
        keeper.abandon();
        return null;
      }
      if (read.kind === 'timeout') {
        if (!keeper.isOverdue() && keeper.waitLimitUs() > 0) continue; // cpu mode: not used up yet
        const time = this.charge(seat, keeper.stop());
        return this.timeout(player, { kind: 'timeout', ply, usedUs: time, pending: read.pending });
      }
      if (read.kind === 'closed') {
        this.charge(seat, keeper.stop());
        seat.eofSeen = true;
        return this.tag(
          player,
          TAG_EMPTY_LINE,
          goneFailure(ply, read.exit ?? seat.channel.exit, read.pending),
        );
      }
      const moveTime = keeper.stop(read.atUs);
      this.charge(seat, moveTime);
      if (moveTime.late) {
        const usedUs = keeper.totals(player - 1).chargedUs;
        return this.timeout(player, { kind: 'timeout', ply, usedUs, pending: '' });
      }
      if (read.kind === 'bad-line') {
        return this.tag(player, TAG_BAD_LINE, {
          kind: 'protocol',
          ply,
          code: read.code,
          detail: read.detail,
        });
      }
      if (read.line === '') {
        return this.tag(player, TAG_EMPTY_LINE, { kind: 'protocol', ply, code: 'empty-line', detail: '' });
      }
      return { kind: 'line', line: read.line, atUs: read.atUs };
    }
  }

  /**
   * A failure noted as "output closed" whose program has exited meanwhile gets its real exit (a crash
   * or a clean exit). Call before shutting the players down, which would kill the rest.
   */
  settleExits(): void {
    for (const seat of this.seats) {
      const f = seat.failure;
      if (f !== null && f.kind === 'exit' && f.exit === null && seat.channel.exited) {
        seat.failure = goneFailure(f.ply, seat.channel.exit, f.pending);
      }
    }
  }

  /** What the result needs of player k (1-based). */
  summary(player: number): {
    failure: Failure | null;
    firstTag: CaiaTag | null;
    tags: number;
    time: { chargedUs: number; wallUs: number; cpuUs: number; listens: number; maxChargedUs: number };
  } {
    const seat = this.seat(player);
    const totals = this.keeper.totals(player - 1);
    return {
      failure: seat.failure,
      firstTag: seat.firstTag,
      tags: seat.tags,
      time: { ...totals, listens: seat.timed, maxChargedUs: seat.maxChargedUs },
    };
  }

  private charge(seat: Seat, time: { chargedUs: number }): number {
    seat.timed += 1;
    seat.maxChargedUs = Math.max(seat.maxChargedUs, time.chargedUs);
    return this.keeper.totals(this.seats.indexOf(seat)).chargedUs;
  }

  private timeout(player: number, failure: Failure): ListenReply {
    this.seat(player).timedOut = true;
    return this.tag(player, TAG_TIMEOUT, failure);
  }

  private tag(player: number, line: string, failure: Failure | null): ListenReply {
    const seat = this.seat(player);
    seat.tags += 1;
    // Only the first failure counts (a sticky timeout repeats its tag without a failure of its own).
    if (seat.firstTag === null && failure !== null) {
      seat.firstTag = { tag: line, listen: seat.listens - 1, t: this.opts.clock() - this.opts.t0 };
      seat.failure = failure;
      this.opts.onFailure(player, line, failure);
    }
    return { kind: 'tag', line };
  }

  private seat(player: number): Seat {
    const seat = this.seats[player - 1];
    if (seat === undefined) throw new Error(`CaiaPlayers: no player ${player}`);
    return seat;
  }
}
