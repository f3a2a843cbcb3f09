import type { EloOptions } from './elo.ts';
import type { FailureStatus, GameShape } from '../results/results.ts';
import type { Participant } from '../types.ts';

/**
 * A string-keyed table of the totals. Keys are participant ids, stage names and match keys, which come
 * from users, so every table this module builds has no prototype (an id `__proto__` or `constructor` is a
 * plain key); read them with `Object.hasOwn` (see `entry` in totals.ts), never with `in`.
 */
export type Dict<T> = { [key: string]: T };

/** One bot's running totals in one stage. */
export interface BotTotals {
  games: number;
  /** Sum of the game's own scores (6561: the shared score). */
  points: number;
  /** By `seatResults` (a failed seat loses; cooperative 6561 draws). */
  wins: number;
  draws: number;
  losses: number;
  /** Irregular losses by CodeCup's status word. */
  irregular: Record<FailureStatus, number>;
}

/** One ordered pair of bots (a, b) in one stage: what a did in the games where b sat at the table. */
export interface PairTotals {
  /** Games both sat in. */
  meetings: number;
  /** Of those, games in which b was an opponent (another team; in cooperative 6561 every partner counts). */
  opposed: number;
  /** a's points in these games. */
  for: number;
  /** b's points in these games. */
  against: number;
  /** a's results in these games, by `seatResults`. */
  wins: number;
  draws: number;
  losses: number;
}

/** One finished game of a knockout match. */
export interface MatchGame {
  readonly index: number;
  readonly seats: readonly string[];
  readonly scores: readonly number[];
}

/** A knockout match (stage `knockout`): its round and its finished games, by schedule index. */
export interface MatchTotals {
  round: number;
  games: MatchGame[];
}

/** One stage's totals. */
export interface StageTotals {
  /** The lowest schedule index of its finished games: stages are ordered by it. */
  first: number;
  /** Finished games of the stage. */
  games: number;
  bots: Dict<BotTotals>;
  /** `pairs[a][b]`, for every a and b that met, both ways. */
  pairs: Dict<Dict<PairTotals>>;
  /** Knockout matches by match key (only for the stage `knockout`). */
  matches: Dict<MatchTotals>;
}

/** A bot's openskill rating (Weng–Lin, Plackett–Luce) after the games added so far. */
export interface SkillEntry {
  mu: number;
  sigma: number;
  games: number;
}

/**
 * The running totals of a whole event, built game by game with `addOutcome` in the order games finish
 * (`fromOutcomes` gives exactly the same from a list). Plain JSON: `JSON.stringify` and
 * `parseTotals(JSON.parse(text))` round-trip it, and the store keeps it entry by entry
 * (`totalsEntries`, `touchedKeys`). Everything `rankEvent` shows is derived from it.
 */
export interface EventTotals {
  /** {@link TOTALS_VERSION}. */
  version: number;
  /** Games added. */
  games: number;
  stages: Dict<StageTotals>;
  /** openskill ratings over every game added, in the order added; absent for cooperative games. */
  skill: Dict<SkillEntry>;
}

/** The layout version of {@link EventTotals}; a store holding another version rebuilds its totals. */
export const TOTALS_VERSION = 1;

/** What the leaderboard ranks: the whole event, or one stage of it by name. */
export type RankView = 'event' | { readonly stage: string };

/** What {@link RankContext} needs besides the totals. */
export interface RankContext {
  /** Every participant: each gets exactly one row, with zeros when it has no games. */
  readonly participants: readonly Participant[];
  /** The game's seats, teams and cooperation (a registry `GameInfo` fits). */
  readonly shape: GameShape;
  /** Default `'event'`. */
  readonly view?: RankView | undefined;
  /**
   * The knockout format's games per match (k). Needed to know whether a match whose games are in is
   * decided (k games with unequal totals, or a decider); without it a match counts as decided only when
   * its winner appears in a later round, so the champion is not named.
   */
  readonly gamesPerMatch?: number | undefined;
  /**
   * Optional: the participants scheduled in each stage (from the schedule). A bot listed for a stage
   * counts as that stage's participant before its first game there finishes, so a finalist is ranked with
   * the finalists (with zero games) from the moment the final is scheduled. Without it, a bot joins a
   * stage's group with its first finished game in that stage.
   */
  readonly stageMembers?: Readonly<Record<string, readonly string[]>> | undefined;
  /** Elo fit options (anchor 1500, prior sd 1000 by default). */
  readonly elo?: EloOptions | undefined;
}

/** Which criterion put a row below the row just above it. */
export type Decider =
  /** The row above was ranked by a later stage (a finalist above a Swiss-only bot). */
  | 'stage'
  /** Knockout: the row above went further, or won the match between them (the final). */
  | 'knockout'
  | 'points'
  | 'average'
  | 'irregular'
  | 'head-to-head'
  | 'opponents'
  | 'name'
  /** The row above played games in the view and this one none. */
  | 'games';

/** One bot's figures in one stage. */
export interface StageLine {
  readonly stage: string;
  readonly games: number;
  readonly points: number;
  /** Points per game (0 without games). */
  readonly average: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly irregularTotal: number;
}

/** Elo with its 95% interval (2-player, non-cooperative games). */
export interface EloFigure {
  readonly elo: number;
  /** Standard error (Elo points). */
  readonly se: number;
  readonly low: number;
  readonly high: number;
}

/** openskill μ ± σ and the conservative μ − 3σ. */
export interface SkillFigure {
  readonly mu: number;
  readonly sigma: number;
  readonly conservative: number;
  readonly games: number;
}

/** A bot's knockout progress: the highest round it played, and whether it lost there. */
export interface KnockoutFigure {
  /** The last round it played (0: none yet). */
  readonly reached: number;
  /** It lost its match in round `reached`. */
  readonly out: boolean;
  /** It won the final. */
  readonly champion: boolean;
}

/** One row of the leaderboard. */
export interface RankRow {
  /** 1-based place. */
  readonly place: number;
  /** The last place this row shares (knockout: losers of one round share 3–4, 5–8 …); else `place`. */
  readonly placeTo: number;
  readonly id: string;
  readonly name: string;
  /**
   * The stage whose group placed this row (a scheduled finalist without a final game yet: `final`), or
   * null when it has no game and no scheduled place in the view (ranked last, by name).
   */
  readonly stage: string | null;
  /** Games, points and average in the ranking stage (zeros when `stage` is null). */
  readonly games: number;
  readonly points: number;
  readonly average: number;
  /** One line per stage of the view (the event view: every stage, in order), zeros where it played none. */
  readonly stages: readonly StageLine[];
  /** W/D/L over the view's games; null for cooperative games. */
  readonly wdl: { readonly wins: number; readonly draws: number; readonly losses: number } | null;
  /** Irregular losses by kind over the view's games. */
  readonly irregular: Readonly<Record<FailureStatus, number>>;
  readonly irregularTotal: number;
  /** Points (or points per game, basis `average`) against the bots tied with it on the criteria above. */
  readonly headToHead: number;
  /** Mean of the opponents' averages, over every opponent met once per game (ranking stage). */
  readonly opponentAverage: number;
  /** From every game of the event, the same in every view; null unless 2-player non-cooperative. */
  readonly elo: EloFigure | null;
  /** From every game of the event, the same in every view; null for cooperative games. */
  readonly skill: SkillFigure | null;
  /** For bots ranked by a knockout stage, else null. */
  readonly knockout: KnockoutFigure | null;
  /** Null for the first row. */
  readonly decidedBy: Decider | null;
}

/** How one stage was ranked in this leaderboard. */
export interface StageRanking {
  readonly stage: string;
  /** Finished games of the stage. */
  readonly games: number;
  /** Bots with games in the stage. */
  readonly participants: number;
  /**
   * `average`: the bots it ranks played different numbers of games in it, so they were ranked by points
   * per game; `points`: equal counts, ranked by total points.
   */
  readonly basis: 'points' | 'average';
  /** Ranked as a knockout bracket (places by the round lost). */
  readonly knockout: boolean;
}

/** The leaderboard: the one answer every view shows. */
export interface Ranking {
  readonly view: RankView;
  readonly rows: readonly RankRow[];
  /** `average` when any stage's rows were ranked by points per game (say so under the table). */
  readonly basis: 'points' | 'average';
  /** The stages of the view, in event order (first game index), with how each ranked its rows. */
  readonly stages: readonly StageRanking[];
  /** Which rating columns the game has. */
  readonly ratings: { readonly elo: boolean; readonly skill: boolean };
}
