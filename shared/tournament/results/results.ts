import type { GameInfo } from '../../games/types.ts';
import type { GameOutcome, ScheduledGame, SeatStatus } from '../types.ts';

/** The facts of a game that standings need; a registry {@link GameInfo} fits as it is. */
export type GameShape = Pick<GameInfo, 'seats' | 'teams' | 'cooperative' | 'timeControl'>;

/** A seat's result: won, drew or lost. */
export type SeatResult = NonNullable<GameOutcome['results']>[number];

/** A program failure kind, CodeCup's irregular losses. */
export type FailureStatus = Exclude<SeatStatus, 'OK'>;

/** The status word of CodeCup's CSV export: the failure word for a failed seat, else WIN, DRAW or LOSE. */
export type StatusWord = SeatResult | FailureStatus;

/** Every failure kind, in the order the reports list them. */
export const FAILURE_STATUSES: readonly FailureStatus[] = ['TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT'];

/** The team index of every seat (seats missing from `shape.teams` play alone). */
export function teamOfSeat(shape: GameShape): readonly number[] {
  const team: number[] = [];
  shape.teams.forEach((seats, t) => seats.forEach((s) => (team[s] = t)));
  let next = shape.teams.length;
  for (let s = 0; s < shape.seats; s++) if (team[s] === undefined) team[s] = next++;
  return team;
}

/**
 * Every team's score: the best score of its members. In Less a failed player scores 0 while its partner
 * keeps the team score, so the maximum is the team's real score.
 */
export function teamScores(outcome: GameOutcome, teamOf: readonly number[]): readonly number[] {
  const scores: number[] = [];
  outcome.scores.forEach((score, seat) => {
    const t = teamOf[seat] ?? seat;
    scores[t] = Math.max(scores[t] ?? -Infinity, score);
  });
  return Array.from(scores, (s) => s ?? 0);
}

/**
 * Every seat's result: the published one when the outcome has it (an imported CodeCup game, see
 * `GameOutcome.results`), otherwise by the scores. Cooperative games (6561): DRAW for all, since both
 * share one score. Otherwise teams are compared by team score: a sole best team wins and the others
 * lose; when every team has the best score it is a DRAW for all, and when some but not all share it they
 * draw and the rest lose. This gives the 2-player rule (higher wins, equal draws), Less by team score,
 * and Flit (the scorer of 1 wins, all zero is a draw). A failed seat always LOSEs: a program that failed
 * lost its game, even when its partner's team score won. Pass `teamOf` (from {@link teamOfSeat}) to save
 * its work in long loops.
 */
export function seatResults(
  outcome: GameOutcome,
  shape: GameShape,
  teamOf: readonly number[] = teamOfSeat(shape),
): readonly SeatResult[] {
  if (outcome.results !== undefined) return outcome.results;
  // Plain loops without spreads or callbacks: this runs once per game in every standings query.
  const scores = outcome.scores;
  // teamOfSeat numbers teams below teams.length + seats; slots of absent teams stay -Infinity.
  const ts = new Array<number>(shape.teams.length + teamOf.length).fill(-Infinity);
  for (let s = 0; s < scores.length; s++) {
    const t = teamOf[s] ?? s;
    if ((scores[s] as number) > (ts[t] as number)) ts[t] = scores[s] as number;
  }
  let best = -Infinity;
  let atBest = 0;
  for (const v of ts) {
    if (v === -Infinity) continue;
    if (v > best) {
      best = v;
      atBest = 1;
    } else if (v === best) atBest += 1;
  }
  const out = new Array<SeatResult>(scores.length);
  for (let s = 0; s < scores.length; s++) {
    if (outcome.statuses[s] !== 'OK') out[s] = 'LOSE';
    else if (shape.cooperative) out[s] = 'DRAW';
    else if ((ts[teamOf[s] ?? s] as number) < best) out[s] = 'LOSE';
    else out[s] = atBest === 1 ? 'WIN' : 'DRAW';
  }
  return out;
}

/** Every seat's CodeCup status word: its failure word when it failed, otherwise {@link seatResults}. */
export function statusWords(outcome: GameOutcome, shape: GameShape): readonly StatusWord[] {
  const results = seatResults(outcome, shape);
  return results.map((r, seat) => {
    const status = outcome.statuses[seat] ?? 'OK';
    return status === 'OK' ? r : status;
  });
}

/** Which outcomes count: all of them, or only those whose scheduled game is in one of `stages`. */
export interface OutcomeFilter {
  /** The schedule, needed to know each game's stage. */
  readonly scheduled?: readonly ScheduledGame[];
  /** Only games of these stages (for example `['final']` for the final ranking after a Swiss). */
  readonly stages?: readonly string[];
}

/** The outcomes that pass `filter`, in schedule order (ratings that update game by game depend on it). */
export function selectOutcomes(
  outcomes: Iterable<GameOutcome>,
  filter: OutcomeFilter = {},
): readonly GameOutcome[] {
  const all = [...outcomes].sort((a, b) => a.index - b.index);
  const { stages, scheduled } = filter;
  if (!stages) return all;
  const stageOf = new Map<number, string>();
  for (const g of scheduled ?? []) stageOf.set(g.index, g.stage);
  const wanted = new Set(stages);
  return all.filter((o) => wanted.has(stageOf.get(o.index) ?? ''));
}
