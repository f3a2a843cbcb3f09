import type { GameOutcome } from '../types.ts';
import type { GameShape } from './results.ts';
import { seatResults } from './results.ts';

/** One cell of the crosstable: the row bot's games against the column bot. */
export interface PairCell {
  readonly games: number;
  /** Points the row bot scored in these games. */
  readonly for: number;
  /** Points the column bot scored in these games. */
  readonly against: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** A crosstable for a 2-player game: `cells[r][c]` is row bot `ids[r]` against `ids[c]`, null if unplayed. */
export interface Crosstable {
  readonly ids: readonly string[];
  readonly cells: readonly (readonly (PairCell | null)[])[];
}

/**
 * The crosstable of a 2-player game, rows and columns in the order of `order` (pass the standings order).
 * W/D/L follow `seatResults` (a failed seat loses). The diagonal is always null.
 */
export function crosstable(
  order: readonly string[],
  outcomes: readonly GameOutcome[],
  shape: GameShape,
): Crosstable {
  const pos = new Map(order.map((id, i) => [id, i]));
  type Cell = { -readonly [K in keyof PairCell]: PairCell[K] };
  const cells: (Cell | null)[][] = order.map(() => order.map(() => null));
  for (const o of outcomes) {
    if (o.seats.length !== 2) continue;
    const results = seatResults(o, shape);
    for (const seat of [0, 1]) {
      const r = pos.get(o.seats[seat] ?? '');
      const c = pos.get(o.seats[1 - seat] ?? '');
      if (r === undefined || c === undefined || r === c) continue;
      const row = cells[r] as (Cell | null)[];
      const cell = (row[c] ??= { games: 0, for: 0, against: 0, wins: 0, draws: 0, losses: 0 });
      cell.games += 1;
      cell.for += o.scores[seat] ?? 0;
      cell.against += o.scores[1 - seat] ?? 0;
      const res = results[seat];
      if (res === 'WIN') cell.wins += 1;
      else if (res === 'DRAW') cell.draws += 1;
      else cell.losses += 1;
    }
  }
  return { ids: order, cells };
}

/** One bot's record in one seat position. */
export interface SeatLine {
  readonly games: number;
  readonly points: number;
  /** Points per game in this seat (0 without games). */
  readonly average: number;
}

/** Per-seat statistics: for every bot and for the whole field, points by seat position. */
export interface SeatStats {
  /** Per bot, in the order given: one {@link SeatLine} per seat. */
  readonly bots: readonly { readonly id: string; readonly seats: readonly SeatLine[] }[];
  /** All bots together: shows whether a seat (moving first, a corner, a team) has an advantage. */
  readonly overall: readonly SeatLine[];
}

/** Per-seat statistics of any game (mostly for 4-player games, where seat order matters). */
export function seatStats(
  order: readonly string[],
  outcomes: readonly GameOutcome[],
  seats: number,
): SeatStats {
  const pos = new Map(order.map((id, i) => [id, i]));
  const games = order.map(() => new Array<number>(seats).fill(0));
  const points = order.map(() => new Array<number>(seats).fill(0));
  const allGames = new Array<number>(seats).fill(0);
  const allPoints = new Array<number>(seats).fill(0);
  for (const o of outcomes) {
    o.seats.forEach((id, seat) => {
      const score = o.scores[seat] ?? 0;
      allGames[seat] = (allGames[seat] ?? 0) + 1;
      allPoints[seat] = (allPoints[seat] ?? 0) + score;
      const i = pos.get(id);
      if (i === undefined) return;
      (games[i] as number[])[seat] = ((games[i] as number[])[seat] ?? 0) + 1;
      (points[i] as number[])[seat] = ((points[i] as number[])[seat] ?? 0) + score;
    });
  }
  const line = (g: number, p: number): SeatLine => ({ games: g, points: p, average: g > 0 ? p / g : 0 });
  return {
    bots: order.map((id, i) => ({
      id,
      seats: (games[i] as number[]).map((g, s) => line(g, (points[i] as number[])[s] ?? 0)),
    })),
    overall: allGames.map((g, s) => line(g, allPoints[s] ?? 0)),
  };
}
