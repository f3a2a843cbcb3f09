import { importedGameFacts, importedGameId } from '../../games/imported.ts';
import { err, ok, type InputError, type Result } from '../../games/result.ts';
import type { GameId } from '../../games/types.ts';
import type { GameShape, SeatResult } from '../results/results.ts';
import { statusWords } from '../results/results.ts';
import type { GameOutcome, Participant, ScheduledGame, SeatStatus } from '../types.ts';
import { CODECUP_HEADER, placeOf, problemAt, type CodecupRow } from './parse.ts';

/**
 * What a CodeCup result file holds as Jury keeps an event: participants (from User, in the order they
 * first appear, ids `p1`, `p2` …), the games in the order they were played (the Swiss first, then by
 * round) with CodeCup's stage and round numbers, their outcomes, CodeCup's game numbers and the file's order.
 */
export interface CodecupEvent {
  /** The imported game (`codecup-import-<players>`, or the game whose rules were given). */
  readonly game: GameId;
  readonly players: number;
  readonly participants: readonly Participant[];
  readonly scheduled: readonly ScheduledGame[];
  readonly outcomes: readonly GameOutcome[];
  /** CodeCup's number of every game, by schedule index. */
  readonly gameNumbers: readonly number[];
  /** Every game's place in the file (from 0), by schedule index: the export writes the rows in this order. */
  readonly fileOrder: readonly number[];
  /** Distinct Swiss rounds (0 without a Swiss stage). */
  readonly swissRounds: number;
  /** Participants with a final game (0 without a final). */
  readonly finalists: number;
  /** Where the file contradicts itself, in file order; imported as published all the same. */
  readonly contradictions: readonly CodecupContradiction[];
}

/**
 * A row the file publishes against its own other fields: `status`, a WIN, DRAW or LOSE that is not what
 * the game's scores give by the rule (CodeCup's plain one, or the `--game` rules), such as Box's LOSE with
 * 93 against a TIMEOUT with 0, or WIN against WIN; `score`, a failed player (TIMEOUT, ILLEGAL, CRASH,
 * EXIT) with a score other than 0. The message starts with `line L, column C (Field)`, as a refusal.
 */
export interface CodecupContradiction {
  readonly kind: 'status' | 'score';
  readonly game: number;
  readonly line: number;
  readonly message: string;
}

/** The rules of a game Jury knows, for a file of that game (`jury import codecup --game`). */
export interface ImportRules {
  readonly id: GameId;
  readonly title: string;
  readonly shape: GameShape;
}

const FAILURES: ReadonlySet<string> = new Set(['TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT']);

/** A published status word as a win, draw or loss: a failed player lost. */
function resultOf(status: CodecupRow['status']): SeatResult {
  return status === 'WIN' || status === 'DRAW' ? status : 'LOSE';
}

/** A contradiction at field `field` (header order) of `row`. */
function contradiction(
  kind: CodecupContradiction['kind'],
  row: CodecupRow,
  field: number,
  message: string,
): CodecupContradiction {
  const { message: where } = problemAt(placeOf(row, field), CODECUP_HEADER[field] ?? null, message);
  return { kind, game: row.game, line: row.line, message: where };
}

/** The rows of one game, in file order. */
type GameRows = readonly CodecupRow[];

/** Groups the rows into games: a game's rows are together, `Player 1` first, one row per seat. */
function groupGames(rows: readonly CodecupRow[]): Result<GameRows[], InputError> {
  const games: CodecupRow[][] = [];
  const firstLine = new Map<number, number>();
  for (const row of rows) {
    const current = games.at(-1);
    if (current !== undefined && current[0]?.game === row.game) {
      const first = current[0];
      if (row.seat !== current.length) {
        return err(
          problemAt(placeOf(row, 3), 'Player', `expected "Player ${current.length + 1}" in game ${row.game}`),
        );
      }
      if (row.round !== first.round)
        return err(
          problemAt(
            placeOf(row, 1),
            'Round',
            `game ${row.game} is in round ${first.round} on line ${first.line}`,
          ),
        );
      if (row.stage !== first.stage)
        return err(
          problemAt(placeOf(row, 2), 'IsSwiss', `game ${row.game} is ${first.stage} on line ${first.line}`),
        );
      const twice = current.find((r) => r.user === row.user);
      if (twice)
        return err(
          problemAt(placeOf(row, 4), 'User', `already plays game ${row.game} on line ${twice.line}`),
        );
      current.push(row);
      continue;
    }
    const seen = firstLine.get(row.game);
    if (seen !== undefined) {
      return err(
        problemAt(
          placeOf(row, 0),
          'Game',
          `game ${row.game} began on line ${seen}; a game's rows must be together`,
        ),
      );
    }
    if (row.seat !== 0)
      return err(problemAt(placeOf(row, 3), 'Player', `game ${row.game} must start with "Player 1"`));
    firstLine.set(row.game, row.line);
    games.push([row]);
  }
  return ok(games);
}

/**
 * Makes an event of the file's rows (from `parseCodecupCsv`), as published: every game's scores, statuses
 * and wins, draws and losses are the file's words (`GameOutcome.results`), so Jury's standings and its
 * export say what the file says. It refuses only what is not one event in CodeCup's layout (a game's rows
 * apart, seats out of order, one User twice in a game, games of different sizes, fewer than two players),
 * naming the line and column. Rows whose status is not what the scores give (the higher score wins,
 * equal best scores draw, the others lose; a failed player loses and scores 0) are kept and listed in
 * `contradictions`: CodeCup's own rule is not always that one (Box's results follow each player's score
 * against the draw score). With `rules` (a game Jury knows, such as cooperative 6561 or Less with its
 * teams), the statuses are compared with that game's rules instead, every game has its number of seats,
 * and the event is of that game.
 */
export function codecupEvent(
  rows: readonly CodecupRow[],
  rules?: ImportRules,
): Result<CodecupEvent, InputError> {
  const grouped = groupGames(rows);
  if (!grouped.ok) return grouped;
  let games = grouped.value;
  const players = games[0]?.length ?? 0;
  for (const g of games) {
    if (g.length !== players) {
      const last = g[g.length - 1] as CodecupRow;
      const row = g.length > players ? (g[players] as CodecupRow) : last;
      return err(
        problemAt(
          placeOf(row, 3),
          'Player',
          `game ${last.game} has ${g.length} players; the first game has ${players}`,
        ),
      );
    }
  }
  // Jury's schedule in the order CodeCup played it, whatever the file's order: the Swiss first, rounds
  // in order (the ranking orders stages by their first game, the points chart rounds by the schedule).
  // Stable: within a round, the file's order. `fileOrder` keeps the file's order for the export.
  const position = new Map(games.map((g, i) => [g, i]));
  const stageRank = (g: GameRows) => (g[0]?.stage === 'swiss' ? 0 : 1);
  games = [...games].sort((a, b) => stageRank(a) - stageRank(b) || (a[0]?.round ?? 0) - (b[0]?.round ?? 0));
  const opening = games[0]?.[0];
  if (rules && opening && rules.shape.seats !== players) {
    const seats = `${rules.title} has ${rules.shape.seats} seats`;
    return err(
      problemAt(placeOf(opening, 3), 'Player', `game ${opening.game} has ${players} players; ${seats}`),
    );
  }
  const game = rules?.id ?? importedGameId(players);
  const shape = rules?.shape ?? importedGameFacts(game);
  const rule = rules
    ? `by the rules of ${rules.title}`
    : 'the higher score wins, equal best scores draw, a failed player loses';
  // parse.ts allows Player 1 to Player 32, so every count has its facts; this only satisfies the compiler.
  if (shape === undefined) return err(problemAt({ line: 2, column: 1 }, null, `${players} players per game`));
  const ids = new Map<string, string>();
  const participants: Participant[] = [];
  const idOf = (user: string): string => {
    let id = ids.get(user);
    if (id === undefined) {
      id = `p${ids.size + 1}`;
      ids.set(user, id);
      participants.push({ id, name: user });
    }
    return id;
  };
  const scheduled: ScheduledGame[] = [];
  const outcomes: GameOutcome[] = [];
  const contradictions: CodecupContradiction[] = [];
  const swiss = new Set<number>();
  const finalists = new Set<string>();
  for (const [index, g] of games.entries()) {
    const first = g[0] as CodecupRow;
    const seats = g.map((r) => idOf(r.user));
    const byScores: GameOutcome = {
      index,
      seats,
      scores: g.map((r) => r.score),
      statuses: g.map((r) => (FAILURES.has(r.status) ? r.status : 'OK') as SeatStatus),
      end: 'referee-report',
      times: g.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 })),
      budgetUs: 0,
    };
    const words = statusWords(byScores, shape);
    for (const [seat, r] of g.entries()) {
      if (FAILURES.has(r.status) && r.score !== 0) {
        const message = `${r.score} for a player with ${r.status}; a failed player scores 0`;
        contradictions.push(contradiction('score', r, 5, message));
      } else if (words[seat] !== r.status) {
        const message = `${r.status}, but the scores of game ${r.game} give ${words[seat] ?? '?'} (${rule})`;
        contradictions.push(contradiction('status', r, 6, message));
      }
    }
    const outcome: GameOutcome = { ...byScores, results: g.map((r) => resultOf(r.status)) };
    if (first.stage === 'swiss') swiss.add(first.round);
    else for (const id of seats) finalists.add(id);
    scheduled.push({
      index,
      stage: first.stage,
      round: first.round,
      seats,
      seed: 0,
      board: null,
      match: `codecup-${first.game}`,
    });
    outcomes.push(outcome);
  }
  const needed = Math.max(2, players);
  const first = rows[0];
  if (participants.length < needed && first !== undefined) {
    const names = `the file names ${participants.length} player(s); an event needs at least ${needed}`;
    return err(problemAt(placeOf(first, 4), 'User', names));
  }
  return ok({
    game,
    players,
    participants,
    scheduled,
    outcomes,
    gameNumbers: games.map((g) => g[0]?.game ?? 0),
    fileOrder: games.map((g) => position.get(g) ?? 0),
    swissRounds: swiss.size,
    finalists: finalists.size,
    // In file order: the games were taken in the order CodeCup played them.
    contradictions: contradictions.sort((a, b) => a.line - b.line),
  });
}
