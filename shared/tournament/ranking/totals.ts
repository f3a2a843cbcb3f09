import type { GameShape } from '../results/results.ts';
import { seatResults, teamOfSeat } from '../results/results.ts';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { rateOutcome } from './skill.ts';
import type { BotTotals, Dict, EventTotals, PairTotals, StageTotals } from './types.ts';
import { TOTALS_VERSION } from './types.ts';

/** The stage whose matches are kept as a knockout bracket (the knockout format's only stage). */
export const KNOCKOUT_STAGE = 'knockout';

/** A new table without a prototype (see {@link Dict}). */
export function dict<T>(): Dict<T> {
  return Object.create(null) as Dict<T>;
}

/** `d[key]` when `d` has it as its own key (never an inherited `constructor` or `__proto__`). */
export function entry<T>(d: Dict<T>, key: string): T | undefined {
  return Object.hasOwn(d, key) ? d[key] : undefined;
}

/** The totals of an event with no finished game. */
export function emptyTotals(): EventTotals {
  return { version: TOTALS_VERSION, games: 0, stages: dict(), skill: dict() };
}

/** Zero totals for a bot. */
export function emptyBot(): BotTotals {
  return {
    games: 0,
    points: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    irregular: { TIMEOUT: 0, ILLEGAL: 0, CRASH: 0, EXIT: 0 },
  };
}

/** Zero totals for a pair. */
export function emptyPair(): PairTotals {
  return { meetings: 0, opposed: 0, for: 0, against: 0, wins: 0, draws: 0, losses: 0 };
}

function stageOf(totals: EventTotals, game: ScheduledGame): StageTotals {
  let stage = entry(totals.stages, game.stage);
  if (!stage) {
    stage = { first: game.index, games: 0, bots: dict(), pairs: dict(), matches: dict() };
    totals.stages[game.stage] = stage;
  }
  return stage;
}

/**
 * Adds one finished game to `totals`, in place, and returns it. Call it once per game, in the order games
 * finish (the store does, inside the transaction that stores the game): the openskill ratings are
 * updated game by game, so the order matters for them and for nothing else. `game` is the game's
 * scheduled entry (its `stage`, `round` and `match`); `shape` the game's seats, teams and cooperation.
 * Touches only the entries named by {@link touchedKeys}.
 */
export function addOutcome(
  totals: EventTotals,
  outcome: GameOutcome,
  game: ScheduledGame,
  shape: GameShape,
): EventTotals {
  const teamOf = teamOfSeat(shape);
  const results = seatResults(outcome, shape, teamOf);
  const stage = stageOf(totals, game);
  stage.first = Math.min(stage.first, game.index);
  stage.games += 1;
  totals.games += 1;
  const seats = outcome.seats;
  for (let s = 0; s < seats.length; s++) {
    const id = seats[s] as string;
    const bot = entry(stage.bots, id) ?? (stage.bots[id] = emptyBot());
    const score = outcome.scores[s] ?? 0;
    const result = results[s];
    bot.games += 1;
    bot.points += score;
    if (result === 'WIN') bot.wins += 1;
    else if (result === 'DRAW') bot.draws += 1;
    else bot.losses += 1;
    const status = outcome.statuses[s] ?? 'OK';
    if (status !== 'OK') bot.irregular[status] += 1;
    const row = entry(stage.pairs, id) ?? (stage.pairs[id] = dict());
    for (let o = 0; o < seats.length; o++) {
      const other = seats[o] as string;
      if (o === s || other === id) continue;
      const pair = entry(row, other) ?? (row[other] = emptyPair());
      pair.meetings += 1;
      if (shape.cooperative || teamOf[o] !== teamOf[s]) pair.opposed += 1;
      pair.for += score;
      pair.against += outcome.scores[o] ?? 0;
      if (result === 'WIN') pair.wins += 1;
      else if (result === 'DRAW') pair.draws += 1;
      else pair.losses += 1;
    }
  }
  if (game.stage === KNOCKOUT_STAGE) {
    const match =
      entry(stage.matches, game.match) ?? (stage.matches[game.match] = { round: game.round, games: [] });
    match.games.push({ index: game.index, seats: [...seats], scores: [...outcome.scores] });
    match.games.sort((a, b) => a.index - b.index);
  }
  rateOutcome(totals.skill, outcome, shape, teamOf);
  return totals;
}

/**
 * The totals of these games added one by one in the order given (pass them in finish order, as the store
 * does): exactly what {@link addOutcome} builds incrementally. `schedule` gives each game's scheduled
 * entry (every scheduled game, in any order); outcomes of games not in it are skipped.
 */
export function fromOutcomes(
  outcomes: Iterable<GameOutcome>,
  schedule: Iterable<ScheduledGame>,
  shape: GameShape,
): EventTotals {
  const byIndex = new Map<number, ScheduledGame>();
  for (const g of schedule) byIndex.set(g.index, g);
  const totals = emptyTotals();
  for (const o of outcomes) {
    const game = byIndex.get(o.index);
    if (game) addOutcome(totals, o, game, shape);
  }
  return totals;
}
