import { existsSync } from 'node:fs';
import type { Competition, CompetitionGame } from '../../../shared/event/competition.ts';
import type { Ranking } from '../../../shared/tournament/ranking/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { TournamentStore } from '../store/store.ts';
import { leaderboard } from '../tournament/leaderboard.ts';
import { storedConfig } from '../tournament/run-store.ts';
import { EventRefusal } from './refusal.ts';

/**
 * What an event shows of a competition, read from its tournament store (read-only, so a running
 * competition is read while it plays): the standings, its games, one game's record. Who may see what
 * is access.ts's rule; these read everything.
 */

// organiser.ts still takes the type from here.
export type { CompetitionGame };

function read<T>(path: string, work: (store: TournamentStore) => T): T {
  // A competition refused before its run (too few programs) has no store.
  if (!existsSync(path)) throw new EventRefusal('not-found', 'this competition was not played');
  const store = TournamentStore.open(path, { readOnly: true });
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** The standings of the whole competition (every stage), ranked the one way Jury ranks. */
export function competitionStandings(path: string): Ranking {
  return read(path, (store) => leaderboard(store, storedConfig(store), 'event'));
}

/** The competition's games in schedule order; with `only`, those in which one of these participants sat. */
export function competitionGames(
  path: string,
  competition: Competition,
  only?: ReadonlySet<string>,
): CompetitionGame[] {
  const names = new Map(competition.entrants.map((e) => [e.participant, e.name]));
  return read(path, (store) => {
    const outcomes = new Map(store.outcomes().map((o) => [o.index, o]));
    return store
      .scheduled()
      .filter((g) => only === undefined || g.seats.some((s) => only.has(s)))
      .map((g) => {
        const o = outcomes.get(g.index);
        return {
          index: g.index,
          stage: g.stage,
          round: g.round,
          seats: g.seats,
          names: g.seats.map((s) => names.get(s) ?? s),
          scores: o ? o.scores : null,
          statuses: o ? o.statuses : null,
        };
      });
  });
}

/** A game's seats (participant ids) and its record, or null when there is no such game or it has not finished. */
export function competitionGame(
  path: string,
  index: number,
): { readonly seats: readonly string[]; readonly record: GameRecord } | null {
  return read(path, (store) => {
    const game = store.scheduled().find((g) => g.index === index);
    const record = game ? store.record(index) : null;
    return game && record ? { seats: game.seats, record } : null;
  });
}
