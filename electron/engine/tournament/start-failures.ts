import { describeUnplayed, type Unplayed } from '../../../shared/games/failure-texts.ts';
import type { Failure } from '../referee/failure.ts';
import { VouchedRecord } from '../record/vouched.ts';
import type { RunnerEvent } from './runner.ts';

/** What a run saw of one participant's games. */
interface Seen {
  games: number;
  /** Games in which it crashed before its first move. */
  crashed: number;
  /** How, from the first such game whose record this process holds. */
  failure: Failure | null;
}

/**
 * Watches a run's finished games for bots that never played: a bot whose every game is a CRASH before its
 * first move (a program that cannot start here, a folder it cannot read) turns a tournament into its
 * opponents' walk-overs, and the run must say so loudly rather than "finished". Feed it every runner
 * event; ask for {@link StartFailures.warnings} when the run is over.
 */
export class StartFailures {
  readonly #seen = new Map<string, Seen>();

  /** Takes note of a finished game (other events are ignored). */
  observe(event: RunnerEvent): void {
    if (event.kind !== 'game-finished') return;
    event.game.seats.forEach((id, seat) => {
      const summary = event.summary.seats[seat];
      if (summary === undefined) return;
      const seen = this.#seen.get(id) ?? { games: 0, crashed: 0, failure: null };
      seen.games += 1;
      if (summary.status === 'CRASH' && summary.time.moves === 0) {
        seen.crashed += 1;
        // A remote worker's sealed record is not read here: its summary says enough.
        const failure = event.record instanceof VouchedRecord ? null : event.record.seats[seat]?.failure;
        seen.failure ??= failure ?? null;
      }
      this.#seen.set(id, seen);
    });
  }

  /**
   * Every participant (by id, named by `names`) that crashed before its first move in every game it
   * played in this run, with how the first such game went when known; empty when every bot played. The
   * app words them in the user's language (shared/games/failure-texts.ts `unplayedMessage`).
   */
  unplayed(names: ReadonlyMap<string, string>): Unplayed[] {
    const out: Unplayed[] = [];
    for (const [id, seen] of this.#seen) {
      if (seen.games === 0 || seen.crashed < seen.games) continue;
      out.push({
        name: names.get(id) ?? id,
        crashed: seen.crashed,
        games: seen.games,
        failure: seen.failure,
      });
    }
    return out;
  }

  /** {@link unplayed} as one English sentence each, for the command line. */
  warnings(names: ReadonlyMap<string, string>): string[] {
    return this.unplayed(names).map(describeUnplayed);
  }
}
