import { gameInfo } from '../../../shared/games/registry.ts';
import {
  fromOutcomes,
  rankEvent,
  stageOrder,
  type EventTotals,
  type RankContext,
  type Ranking,
  type RankView,
} from '../../../shared/tournament/ranking/index.ts';
import type { Crosstable, PairCell } from '../../../shared/tournament/results/crosstable.ts';
import type { GameShape } from '../../../shared/tournament/results/results.ts';
import type { Participant, ScheduledGame } from '../../../shared/tournament/types.ts';
import type { ExportData, GameData } from '../export/data.ts';
import type { TournamentStore } from '../store/store.ts';
import { importedInfo } from '../import/imported-info.ts';
import type { TournamentConfig } from './config.ts';

/**
 * The one way every view of a stored event gets its leaderboard (issue 11): `jury standings` (text and
 * JSON), the app's `tournament.standings` (and so `jury serve`), and the HTML, JSON and CSV exports all call
 * {@link leaderboard} or {@link leaderboardOf}, which rank with `rankEvent` from
 * shared/tournament/ranking over the event's totals with the context built here. Nothing else ranks.
 */

/**
 * The event's running totals: the only place a view reads them. The store keeps them as games finish
 * (one query, whatever the number of games; never a reload of every outcome).
 */
export function eventTotals(store: TournamentStore): EventTotals {
  return store.totals();
}

/** What ranking an event needs besides its totals. */
export interface LeaderboardInput {
  readonly participants: readonly Participant[];
  /** The game's seats, teams and cooperation (the registry's `GameInfo`). */
  readonly shape: GameShape;
  /** The knockout format's games per match, so a decided match names its winner (and the champion). */
  readonly gamesPerMatch?: number;
  /** The scheduled games without a result: their seats rank with their stage before they finish a game. */
  readonly unfinished: readonly ScheduledGame[];
}

/** The input of a stored event: its participants, the game's shape, the format's settings, the unfinished games. */
export function leaderboardInput(store: TournamentStore, config: TournamentConfig): LeaderboardInput {
  return {
    participants: store.participants().map((p) => ({ id: p.id, name: p.name })),
    shape: gameInfo(config.game),
    ...(config.schedule.kind === 'knockout' ? { gamesPerMatch: config.schedule.gamesPerMatch } : {}),
    unfinished: store.unfinished(),
  };
}

/** Which stages each participant is scheduled in without a finished game there yet (from the unfinished games). */
function stageMembers(unfinished: readonly ScheduledGame[]): Record<string, string[]> {
  const members = new Map<string, Set<string>>();
  for (const g of unfinished) {
    const set = members.get(g.stage) ?? new Set<string>();
    for (const id of g.seats) set.add(id);
    members.set(g.stage, set);
  }
  return Object.fromEntries([...members].map(([stage, ids]) => [stage, [...ids]]));
}

/** The `RankContext` of a view: every participant, the game's shape, k for knockout, the stage members. */
export function rankContext(input: LeaderboardInput, view: RankView): RankContext {
  return {
    participants: input.participants,
    shape: input.shape,
    view,
    ...(input.gamesPerMatch !== undefined ? { gamesPerMatch: input.gamesPerMatch } : {}),
    stageMembers: stageMembers(input.unfinished),
  };
}

/** The name of a stage as views show it: `swiss` → `Swiss`, `final` → `Final`. */
export function stageTitle(stage: string): string {
  return stage.charAt(0).toUpperCase() + stage.slice(1);
}

/** The title of the whole-event view. */
export const WHOLE_EVENT = 'Whole event';

/** The names that ask for the whole event (compared case-insensitively). */
const EVENT_NAMES = new Set(['whole event', 'event', 'all']);

/** The leaderboard of an event: its totals, its stages and every view of it, ranked the one way. */
export interface Leaderboard {
  readonly totals: EventTotals;
  readonly input: LeaderboardInput;
  /** Every stage with finished or scheduled games, in event order. */
  readonly stages: readonly string[];
  /** The ranking of a view. */
  rank(view: RankView): Ranking;
  /**
   * The view a user named: nothing, `Whole event` (or `event`, `all`) for the whole event, otherwise a
   * stage by its name or title in any case (`Swiss`, `final`). An unknown name gets a sentence naming the
   * views there are.
   */
  view(name: string | undefined): { ok: true; view: RankView } | { ok: false; message: string };
  /** The crosstable of a view (2-player games; else null), rows in the ranking's order. */
  crosstable(ranking: Ranking): Crosstable | null;
}

/** The leaderboard of an event from its totals (pure: tests and imported data call this too). */
export function leaderboardFrom(totals: EventTotals, input: LeaderboardInput): Leaderboard {
  const stages = stageOrder(totals);
  for (const g of input.unfinished) if (!stages.includes(g.stage)) stages.push(g.stage);
  return {
    totals,
    input,
    stages,
    rank: (view) => rankEvent(totals, rankContext(input, view)),
    view(name) {
      const wanted = name?.trim().toLowerCase();
      if (wanted === undefined || EVENT_NAMES.has(wanted)) return { ok: true, view: 'event' };
      const stage = stages.find((s) => s.toLowerCase() === wanted);
      if (stage !== undefined) return { ok: true, view: { stage } };
      const views = [WHOLE_EVENT, ...stages.map(stageTitle)].map((v) => JSON.stringify(v)).join(', ');
      return { ok: false, message: `no stage ${JSON.stringify(name)} in this event; its views: ${views}` };
    },
    crosstable: (ranking) => crosstableOf(totals, ranking, input.shape),
  };
}

/** The leaderboard of a stored event (one read of its totals, then any number of views). */
export function leaderboardOf(store: TournamentStore, config: TournamentConfig): Leaderboard {
  const input = leaderboardInput(store, config);
  return leaderboardFrom(eventTotals(store), input);
}

/** The ranking of one view of a stored event: what every view shows. */
export function leaderboard(store: TournamentStore, config: TournamentConfig, view: RankView): Ranking {
  return leaderboardOf(store, config).rank(view);
}

/**
 * The crosstable of a ranking's view from the pair totals (2-player games; else null): `cells[r][c]` is
 * row bot against column bot over the view's stages, rows and columns in the ranking's order.
 */
export function crosstableOf(totals: EventTotals, ranking: Ranking, shape: GameShape): Crosstable | null {
  if (shape.seats !== 2) return null;
  const ids = ranking.rows.map((r) => r.id);
  const stages = ranking.view === 'event' ? Object.keys(totals.stages) : [ranking.view.stage];
  type Cell = { -readonly [K in keyof PairCell]: PairCell[K] };
  const cells = ids.map((a) =>
    ids.map((b): Cell | null => {
      if (a === b) return null;
      let cell: Cell | null = null;
      for (const name of stages) {
        const stage = Object.hasOwn(totals.stages, name) ? totals.stages[name] : undefined;
        const row = stage && Object.hasOwn(stage.pairs, a) ? stage.pairs[a] : undefined;
        const pair = row && Object.hasOwn(row, b) ? row[b] : undefined;
        if (!pair || pair.meetings === 0) continue;
        cell ??= { games: 0, for: 0, against: 0, wins: 0, draws: 0, losses: 0 };
        cell.games += pair.meetings;
        cell.for += pair.for;
        cell.against += pair.against;
        cell.wins += pair.wins;
        cell.draws += pair.draws;
        cell.losses += pair.losses;
      }
      return cell;
    }),
  );
  return { ids, cells };
}

/** The scheduled games of `data` without an outcome. */
export function unfinishedOf(data: Pick<GameData, 'scheduled' | 'outcomes'>): ScheduledGame[] {
  const done = new Set(data.outcomes.map((o) => o.index));
  return data.scheduled.filter((g) => !done.has(g.index));
}

/**
 * The leaderboard of plain game data (tests, imported events): the totals built from the outcomes in
 * schedule order (the store adds them in finish order, which only openskill can tell apart).
 */
export function leaderboardOfGames(data: GameData, gamesPerMatch?: number): Leaderboard {
  const outcomes = [...data.outcomes].sort((a, b) => a.index - b.index);
  return leaderboardFrom(fromOutcomes(outcomes, data.scheduled, data.shape), {
    participants: data.participants,
    shape: data.shape,
    ...(gamesPerMatch !== undefined ? { gamesPerMatch } : {}),
    unfinished: unfinishedOf(data),
  });
}

/** The export data of an event: its game data with the whole event's ranking and crosstable. */
export function exportDataOf(board: Leaderboard, data: GameData): ExportData {
  const ranking = board.rank('event');
  return { ...data, ranking, crosstable: board.crosstable(ranking) };
}

/** What the exports of a stored event are made from (`jury export`, the app's exports). */
export function storedExportData(store: TournamentStore, config: TournamentConfig): ExportData {
  const board = leaderboardOf(store, config);
  // An imported event's CSV numbers its games as CodeCup's file did.
  const imported = importedInfo(store);
  return exportDataOf(board, {
    participants: board.input.participants,
    scheduled: store.scheduled(),
    outcomes: store.outcomes(),
    shape: board.input.shape,
    ...(imported
      ? {
          codecup: {
            gameNumbers: imported.gameNumbers,
            ...(imported.fileOrder ? { fileOrder: imported.fileOrder } : {}),
          },
        }
      : {}),
  });
}

/** The export data of plain game data (tests, imported events). */
export function exportDataOfGames(data: GameData, gamesPerMatch?: number): ExportData {
  return exportDataOf(leaderboardOfGames(data, gamesPerMatch), data);
}
