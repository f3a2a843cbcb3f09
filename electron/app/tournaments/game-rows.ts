import type { z } from 'zod';
import type { gameRowSchema } from '../../../shared/ipc/app-schemas.ts';
import type { GameOutcome, Participant, ScheduledGame } from '../../../shared/tournament/types.ts';
import type { TournamentStore } from '../../engine/store/store.ts';

/** One line of `tournament.games`. */
export type GameRow = z.output<typeof gameRowSchema>;

/** What the game list is made from. */
export interface GameRowsInput {
  readonly participants: readonly Participant[];
  readonly scheduled: readonly ScheduledGame[];
  readonly outcomes: Iterable<GameOutcome>;
  /** Indexes of the games running now. */
  readonly running: ReadonlySet<number>;
  /** A finished game's duration in milliseconds, when known. */
  readonly durationMs: (index: number) => number | null;
}

/** Every scheduled game in schedule order, with its result once finished. */
export function gameRows(input: GameRowsInput): GameRow[] {
  const names = new Map(input.participants.map((p) => [p.id, p.name]));
  const outcomes = new Map([...input.outcomes].map((o) => [o.index, o]));
  return [...input.scheduled]
    .sort((a, b) => a.index - b.index)
    .map((g) => {
      const o = outcomes.get(g.index);
      return {
        index: g.index,
        stage: g.stage,
        round: g.round,
        match: g.match,
        seats: g.seats.map((id) => names.get(id) ?? id),
        state: o ? 'finished' : input.running.has(g.index) ? 'running' : 'scheduled',
        scores: o ? [...o.scores] : null,
        statuses: o ? [...o.statuses] : null,
        end: o ? o.end : null,
        durationMs: o ? input.durationMs(g.index) : null,
      };
    });
}

/**
 * Game durations by index, read from the records once and kept: records are big, and a finished game's
 * duration never changes. Games finished in this process are added as they finish, without a read.
 */
export class DurationCache {
  readonly #byTournament = new Map<string, Map<number, number>>();

  /** Notes the duration of a game that just finished. */
  add(id: string, index: number, durationUs: number): void {
    this.#of(id).set(index, durationUs / 1000);
  }

  /** The duration of every finished game of `store` (reading the records not seen yet). */
  lookup(id: string, store: TournamentStore, finished: Iterable<number>): (index: number) => number | null {
    const known = this.#of(id);
    for (const index of finished) {
      if (known.has(index)) continue;
      const record = store.record(index);
      if (record) known.set(index, record.durationUs / 1000);
    }
    return (index) => known.get(index) ?? null;
  }

  /** Forgets one game's duration (its result was deleted; it is played again). */
  drop(id: string, index: number): void {
    this.#byTournament.get(id)?.delete(index);
  }

  /** Forgets a tournament (removed). */
  forget(id: string): void {
    this.#byTournament.delete(id);
  }

  #of(id: string): Map<number, number> {
    let known = this.#byTournament.get(id);
    if (!known) this.#byTournament.set(id, (known = new Map()));
    return known;
  }
}
