import type { GameOutcome, Participant, ScheduledGame } from '../types.ts';

/** One bot's line of the points-per-round chart. */
export interface PointsSeries {
  readonly id: string;
  readonly name: string;
  /** Cumulative points after each round of {@link PointsByRound.rounds}, in that order. */
  readonly points: readonly number[];
}

/**
 * The points chart: its x axis and one cumulative series per bot. The axis is the schedule's rounds when
 * the view has two or more; a view of one round (a round robin of two or three bots, a knockout of two,
 * a gauntlet's one round) is charted game by game instead, as one round would be a single column of dots.
 */
export interface PointsByRound {
  /** What the x axis counts: rounds, or finished games. */
  readonly unit: 'round' | 'game';
  /**
   * The x axis in order: with `round`, the rounds that have finished games in schedule order, as `stage`
   * and `round` within it; with `game`, the finished games by schedule index, `round` being the game's
   * number (index + 1, as the CSV and the games list number them).
   */
  readonly rounds: readonly { readonly stage: string; readonly round: number }[];
  readonly series: readonly PointsSeries[];
}

/**
 * Cumulative points (the sum of the game's own scores, as the standings count them) of every bot after
 * each round. Rounds are the (stage, round) pairs of the schedule in the order their first game was
 * scheduled, so a Swiss stage's rounds come before the final's; only rounds with at least one finished
 * outcome are counted, so the chart grows as results come in. `bots` gives the order of the series (pass
 * the standings rows); outcomes of bots not listed are ignored, and so are outcomes whose game is not in
 * `scheduled` (filter both the same way to chart one stage).
 */
export function pointsByRound(
  bots: readonly Participant[],
  scheduled: readonly ScheduledGame[],
  outcomes: Iterable<GameOutcome>,
): PointsByRound {
  const roundKey = new Map<number, string>();
  const order: { stage: string; round: number; key: string }[] = [];
  const seen = new Set<string>();
  for (const g of [...scheduled].sort((a, b) => a.index - b.index)) {
    const key = JSON.stringify([g.stage, g.round]);
    roundKey.set(g.index, key);
    if (!seen.has(key)) {
      seen.add(key);
      order.push({ stage: g.stage, round: g.round, key });
    }
  }
  // Points scored per round and bot.
  const scored = new Map<string, Map<string, number>>();
  for (const o of outcomes) {
    const key = roundKey.get(o.index);
    if (key === undefined) continue;
    let perBot = scored.get(key);
    if (!perBot) scored.set(key, (perBot = new Map()));
    o.seats.forEach((id, seat) => perBot.set(id, (perBot.get(id) ?? 0) + (o.scores[seat] ?? 0)));
  }
  if (order.length < 2) return byGame(bots, scheduled, outcomes);
  const rounds = order.filter((r) => scored.has(r.key));
  const series = bots.map((bot) => {
    let total = 0;
    const points = rounds.map((r) => (total += scored.get(r.key)?.get(bot.id) ?? 0));
    return { id: bot.id, name: bot.name, points };
  });
  return { unit: 'round', rounds: rounds.map(({ stage, round }) => ({ stage, round })), series };
}

/** The chart game by game: cumulative points after each finished game of `scheduled`, by index. */
function byGame(
  bots: readonly Participant[],
  scheduled: readonly ScheduledGame[],
  outcomes: Iterable<GameOutcome>,
): PointsByRound {
  const stageOf = new Map(scheduled.map((g) => [g.index, g.stage]));
  const games = [...outcomes].filter((o) => stageOf.has(o.index)).sort((a, b) => a.index - b.index);
  const series = bots.map((bot) => {
    let total = 0;
    const points = games.map((o) => {
      o.seats.forEach((id, seat) => {
        if (id === bot.id) total += o.scores[seat] ?? 0;
      });
      return total;
    });
    return { id: bot.id, name: bot.name, points };
  });
  const rounds = games.map((o) => ({ stage: stageOf.get(o.index) ?? '', round: o.index + 1 }));
  return { unit: 'game', rounds, series };
}
