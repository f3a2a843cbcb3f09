import type { GameOutcome, Participant } from '../types.ts';
import type { FailureStatus, GameShape } from './results.ts';
import { seatResults, teamOfSeat } from './results.ts';

/** Which criterion put a bot below the one ranked just above it. */
export type TieBreak = 'points' | 'irregular' | 'head-to-head' | 'opponents' | 'name';

/** One line of the standings. */
export interface StandingRow {
  /** 1-based place; every place is distinct because the last tie-break is the name (then the id). */
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  /** Sum of the game's own scores (Less/More 0–20 each, 6561 the shared score, Flit 1 for a sole win). */
  readonly points: number;
  readonly games: number;
  /** Points per game (0 without games). */
  readonly average: number;
  /** Irregular losses by kind. */
  readonly irregular: Readonly<Record<FailureStatus, number>>;
  /** Sum of the irregular losses. */
  readonly irregularTotal: number;
  /** Wins, draws and losses by {@link seatResults}; null for cooperative games, where they mean nothing. */
  readonly wdl: { readonly wins: number; readonly draws: number; readonly losses: number } | null;
  /** Points scored in games against other bots with the same points and irregular losses. */
  readonly headToHead: number;
  /** Mean over every opponent met (once per game and seat) of that opponent's average points. */
  readonly opponentAverage: number;
  /** What separated it from the bot just above (null for the first). */
  readonly decidedBy: TieBreak | null;
}

interface Acc {
  points: number;
  games: number;
  irregular: Record<FailureStatus, number>;
  wins: number;
  draws: number;
  losses: number;
  /** Sum of the opponents' averages and how many opponents (one per game and opposing seat). */
  oppSum: number;
  oppCount: number;
  headToHead: number;
}

/**
 * The standings of `participants` over `outcomes` (already filtered, see `selectOutcomes`). Ranking:
 * 1. more points; 2. fewer irregular losses (CodeCup's tie-break); 3. more head-to-head points, the points
 * scored in games that included another bot equal on 1 and 2; 4. higher opponent average (a
 * Buchholz that stays fair when bots played different numbers of games); 5. name, then id, so the order
 * is total and reproducible. Bots in outcomes but not in `participants` are ignored.
 */
export function computeStandings(
  participants: readonly Participant[],
  outcomes: readonly GameOutcome[],
  shape: GameShape,
): readonly StandingRow[] {
  const acc = new Map<string, Acc>();
  for (const p of participants) {
    const irregular = { TIMEOUT: 0, ILLEGAL: 0, CRASH: 0, EXIT: 0 };
    acc.set(p.id, {
      points: 0,
      games: 0,
      irregular,
      wins: 0,
      draws: 0,
      losses: 0,
      oppSum: 0,
      oppCount: 0,
      headToHead: 0,
    });
  }
  const teamOf = teamOfSeat(shape);
  for (const o of outcomes) {
    const results = seatResults(o, shape, teamOf);
    o.seats.forEach((id, seat) => {
      const a = acc.get(id);
      if (!a) return;
      a.points += o.scores[seat] ?? 0;
      a.games += 1;
      const status = o.statuses[seat] ?? 'OK';
      if (status !== 'OK') a.irregular[status] += 1;
      const r = results[seat];
      if (r === 'WIN') a.wins += 1;
      else if (r === 'DRAW') a.draws += 1;
      else a.losses += 1;
    });
  }

  const irr = (a: Acc): number =>
    a.irregular.TIMEOUT + a.irregular.ILLEGAL + a.irregular.CRASH + a.irregular.EXIT;
  const avg = new Map<string, number>();
  for (const [id, a] of acc) avg.set(id, a.games > 0 ? a.points / a.games : 0);

  // Second pass, once the totals are known. Opponents are the seats of other teams (in a cooperative
  // game the partner is all there is). Head-to-head: the points a bot scored in games where another bot
  // with the same points and irregular losses sat at the table too.
  for (const o of outcomes) {
    o.seats.forEach((id, seat) => {
      const a = acc.get(id);
      if (!a) return;
      let met = false;
      o.seats.forEach((other, s) => {
        if (s === seat) return;
        if (shape.cooperative || teamOf[s] !== teamOf[seat]) {
          a.oppSum += avg.get(other) ?? 0;
          a.oppCount += 1;
        }
        const b = acc.get(other);
        if (b && other !== id && b.points === a.points && irr(b) === irr(a)) met = true;
      });
      if (met) a.headToHead += o.scores[seat] ?? 0;
    });
  }

  const rows = participants.map((p) => {
    const a = acc.get(p.id) as Acc;
    return {
      id: p.id,
      name: p.name,
      points: a.points,
      games: a.games,
      average: avg.get(p.id) ?? 0,
      irregular: a.irregular,
      irregularTotal: irr(a),
      wdl: shape.cooperative ? null : { wins: a.wins, draws: a.draws, losses: a.losses },
      headToHead: a.headToHead,
      opponentAverage: a.oppCount > 0 ? a.oppSum / a.oppCount : 0,
    };
  });
  type Row = (typeof rows)[number];
  const keys: readonly [TieBreak, (a: Row, b: Row) => number][] = [
    ['points', (a, b) => b.points - a.points],
    ['irregular', (a, b) => a.irregularTotal - b.irregularTotal],
    ['head-to-head', (a, b) => b.headToHead - a.headToHead],
    ['opponents', (a, b) => b.opponentAverage - a.opponentAverage],
    ['name', (a, b) => cmp(a.name, b.name) || cmp(a.id, b.id)],
  ];
  const decide = (a: Row, b: Row): [TieBreak, number] => {
    for (const [name, f] of keys) {
      const d = f(a, b);
      if (d !== 0) return [name, d];
    }
    return ['name', 0];
  };
  rows.sort((a, b) => decide(a, b)[1]);
  return rows.map((r, i) => {
    const above = rows[i - 1];
    return { ...r, rank: i + 1, decidedBy: above ? decide(above, r)[0] : null };
  });
}

/** Code-unit order: the same on every machine and locale, unlike `localeCompare`. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
