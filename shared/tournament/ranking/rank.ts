import { FAILURE_STATUSES, type FailureStatus } from '../results/results.ts';
import type { Participant } from '../types.ts';
import { eloFit } from './elo.ts';
import { knockoutKey, knockoutProgress } from './knockout.ts';
import { skillFigure, skillOf } from './skill.ts';
import { emptyBot, entry, KNOCKOUT_STAGE } from './totals.ts';
import type {
  BotTotals,
  Decider,
  Dict,
  EloFigure,
  EventTotals,
  KnockoutFigure,
  PairTotals,
  RankContext,
  Ranking,
  RankRow,
  StageLine,
  StageRanking,
  StageTotals,
} from './types.ts';

/** Code-unit order: the same on every machine and locale, unlike `localeCompare`. */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const irregularTotal = (b: BotTotals): number =>
  b.irregular.TIMEOUT + b.irregular.ILLEGAL + b.irregular.CRASH + b.irregular.EXIT;

/** Differences this small are rounding, not results (sums of averages taken in another order). */
function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The stages of the event, in the order their first games were scheduled (then by name). */
export function stageOrder(totals: EventTotals): string[] {
  return Object.keys(totals.stages).sort((a, b) => {
    const sa = entry(totals.stages, a) as StageTotals;
    const sb = entry(totals.stages, b) as StageTotals;
    return sa.first - sb.first || cmp(a, b);
  });
}

/** Elo of every participant from the pair totals of every stage (2-player non-cooperative), else null. */
function eloFigures(totals: EventTotals, ctx: RankContext): Map<string, EloFigure> | null {
  const { shape } = ctx;
  if (shape.seats !== 2 || shape.cooperative) return null;
  const order = ctx.participants.map((p) => p.id);
  const pos = new Map(order.map((id, i) => [id, i]));
  const n = order.length;
  // games[i][j] games of i against j, and results[i][j] i's results in them (a win 1, a draw ½).
  const games = order.map(() => new Array<number>(n).fill(0));
  const results = order.map(() => new Array<number>(n).fill(0));
  for (const name of Object.keys(totals.stages)) {
    const pairs = (totals.stages[name] as StageTotals).pairs;
    for (const a of Object.keys(pairs)) {
      const i = pos.get(a);
      if (i === undefined) continue;
      const row = pairs[a] as Dict<PairTotals>;
      const gi = games[i] as number[];
      const ri = results[i] as number[];
      for (const b of Object.keys(row)) {
        const j = pos.get(b);
        if (j === undefined || j === i) continue;
        const ab = row[b] as PairTotals;
        gi[j] = (gi[j] as number) + ab.meetings;
        ri[j] = (ri[j] as number) + ab.wins + ab.draws / 2;
      }
    }
  }
  // a's Elo score per game is (r_a + 1 − r_b) / 2: a win 1, a draw ½, a loss 0, a double failure ½ each.
  const points = games.map((row, i) =>
    row.map(
      (g, j) => (g + ((results[i] as number[])[j] as number) - ((results[j] as number[])[i] as number)) / 2,
    ),
  );
  const fit = eloFit(order, games, points, ctx.elo);
  return new Map(fit.map((r) => [r.id, { elo: r.elo, se: r.se, low: r.low, high: r.high }]));
}

interface Work {
  readonly p: Participant;
  readonly bot: BotTotals;
  primary: number;
  irregular: number;
  headToHead: number;
  opponentAverage: number;
  knockout: KnockoutFigure | null;
  key: number;
}

/** The criteria in order, each comparing two bots of one stage's group (negative: `a` ranks higher). */
const CRITERIA: readonly [Decider, (a: Work, b: Work) => number][] = [
  ['knockout', (a, b) => b.key - a.key],
  ['points', (a, b) => (close(a.primary, b.primary) ? 0 : b.primary - a.primary)],
  ['irregular', (a, b) => (close(a.irregular, b.irregular) ? 0 : a.irregular - b.irregular)],
  ['head-to-head', (a, b) => (close(a.headToHead, b.headToHead) ? 0 : b.headToHead - a.headToHead)],
  [
    'opponents',
    (a, b) => (close(a.opponentAverage, b.opponentAverage) ? 0 : b.opponentAverage - a.opponentAverage),
  ],
  ['name', (a, b) => cmp(a.p.name, b.p.name) || cmp(a.p.id, b.p.id)],
];

function decide(a: Work, b: Work, basis: 'points' | 'average'): [Decider, number] {
  for (const [name, f] of CRITERIA) {
    const d = f(a, b);
    if (d !== 0) return [name === 'points' && basis === 'average' ? 'average' : name, d];
  }
  return ['name', 0];
}

/**
 * Ranks the bots of one group by one stage: knockout progress first (knockout stage only), then points
 * (or points per game when the group's game counts differ), fewer irregular losses (per game on that
 * basis), head-to-head among the bots tied so far, opponents' average, name, id.
 */
function rankGroup(
  group: readonly Participant[],
  stage: StageTotals,
  knockout: Map<string, KnockoutFigure> | null,
): { order: Work[]; basis: 'points' | 'average'; deciders: (Decider | null)[] } {
  const work: Work[] = group.map((p) => {
    const bot = entry(stage.bots, p.id) ?? emptyBot();
    const k = knockout ? (knockout.get(p.id) ?? { reached: 0, out: false, champion: false }) : null;
    return {
      p,
      bot,
      primary: 0,
      irregular: 0,
      headToHead: 0,
      opponentAverage: 0,
      knockout: k,
      key: knockout ? knockoutKey(k ?? undefined) : 0,
    };
  });
  const counts = new Set(work.map((w) => w.bot.games));
  const basis = counts.size > 1 ? 'average' : 'points';
  const average = (b: BotTotals): number => (b.games > 0 ? b.points / b.games : 0);
  for (const w of work) {
    w.primary = basis === 'average' ? average(w.bot) : w.bot.points;
    w.irregular =
      basis === 'average' && w.bot.games > 0 ? irregularTotal(w.bot) / w.bot.games : irregularTotal(w.bot);
  }
  // Head-to-head: points against the other bots equal so far (same knockout key, points and irregular).
  const tiedKey = (w: Work): string => `${w.key}|${w.primary}|${w.irregular}`;
  const tied = new Map<string, Set<string>>();
  for (const w of work) tied.set(tiedKey(w), (tied.get(tiedKey(w)) ?? new Set()).add(w.p.id));
  // Every bot of the stage by a fixed rank (code-unit order of ids), so sums of averages come out the
  // same whatever order the pairs first met; each opponent's average computed once.
  const ids = Object.keys(stage.bots).sort(cmp);
  const rankOf = new Map(ids.map((id, i) => [id, i]));
  const averages = ids.map((id) => average(stage.bots[id] as BotTotals));
  const weight = new Float64Array(ids.length);
  for (const w of work) {
    const row = entry(stage.pairs, w.p.id);
    const mates = tied.get(tiedKey(w)) as Set<string>;
    let pts = 0;
    let games = 0;
    let oppSum = 0;
    let oppCount = 0;
    if (row) {
      weight.fill(0);
      for (const other of Object.keys(row)) {
        const pair = row[other] as PairTotals;
        if (other !== w.p.id && mates.has(other)) {
          pts += pair.for;
          games += pair.meetings;
        }
        const r = rankOf.get(other);
        if (r !== undefined && pair.opposed > 0) {
          weight[r] = pair.opposed;
          oppCount += pair.opposed;
        }
      }
      for (let r = 0; r < ids.length; r++) {
        const times = weight[r] as number;
        if (times > 0) oppSum += times * (averages[r] as number);
      }
    }
    w.headToHead = basis === 'average' ? (games > 0 ? pts / games : 0) : pts;
    w.opponentAverage = oppCount > 0 ? oppSum / oppCount : 0;
  }
  work.sort((a, b) => decide(a, b, basis)[1]);
  const deciders = work.map((w, i) => {
    const above = work[i - 1];
    return above ? decide(above, w, basis)[0] : null;
  });
  return { order: work, basis, deciders };
}

const zeroIrregular = (): Record<FailureStatus, number> => ({ TIMEOUT: 0, ILLEGAL: 0, CRASH: 0, EXIT: 0 });

/**
 * The leaderboard: one row per participant, the same rules for every view (see docs/tournaments.md,
 * "Ranking"). Stages are taken in event order (by their first game). Bots that played the last stage of
 * the view come first, ranked by it; then the bots of the stage before that are not placed yet, ranked
 * by it, and so on (CodeCup: the finalists by the final, then the rest by the Swiss); bots without a game
 * in the view come last by name. A knockout stage ranks by the round lost. Elo and openskill come from
 * every game of the event whatever the view. Cost: linear in the pairs that met, plus the Elo fit (cubic
 * in the number of bots); independent of the number of games.
 */
export function rankEvent(totals: EventTotals, ctx: RankContext): Ranking {
  const view = ctx.view ?? 'event';
  const all = stageOrder(totals);
  const names = view === 'event' ? all : [view.stage];
  const empty: StageTotals = { first: 0, games: 0, bots: {}, pairs: {}, matches: {} };
  const stageOf = (name: string): StageTotals => entry(totals.stages, name) ?? empty;
  const elo = eloFigures(totals, ctx);
  const withSkill = !ctx.shape.cooperative;

  const placed = new Set<string>();
  const ordered: {
    work: Work;
    stage: string | null;
    decidedBy: Decider | null;
    basis: 'points' | 'average';
  }[] = [];
  const stages: StageRanking[] = [];
  const knockoutOf = new Map<string, Map<string, KnockoutFigure>>();
  for (const name of [...names].reverse()) {
    const stage = stageOf(name);
    const isKnockout = name === KNOCKOUT_STAGE && stage.games > 0;
    const members = new Set([
      ...Object.keys(stage.bots),
      ...(ctx.stageMembers && Object.hasOwn(ctx.stageMembers, name) ? (ctx.stageMembers[name] ?? []) : []),
    ]);
    const group = ctx.participants.filter((p) => !placed.has(p.id) && (isKnockout || members.has(p.id)));
    let knockout: Map<string, KnockoutFigure> | null = null;
    if (isKnockout) {
      knockout = knockoutProgress(stage.matches, ctx.participants.length, ctx.gamesPerMatch);
      knockoutOf.set(name, knockout);
    }
    const { order, basis, deciders } = rankGroup(group, stage, knockout);
    order.forEach((work, i) => {
      placed.add(work.p.id);
      const decidedBy = i === 0 ? (ordered.length > 0 ? 'stage' : null) : (deciders[i] ?? null);
      ordered.push({ work, stage: name, decidedBy, basis });
    });
    stages.unshift({
      stage: name,
      games: stage.games,
      participants: Object.keys(stage.bots).length,
      basis,
      knockout: isKnockout,
    });
  }
  const rest = ctx.participants
    .filter((p) => !placed.has(p.id))
    .sort((a, b) => cmp(a.name, b.name) || cmp(a.id, b.id));
  rest.forEach((p, i) => {
    const work: Work = {
      p,
      bot: emptyBot(),
      primary: 0,
      irregular: 0,
      headToHead: 0,
      opponentAverage: 0,
      knockout: null,
      key: 0,
    };
    ordered.push({
      work,
      stage: null,
      decidedBy: ordered.length === 0 ? null : i === 0 ? 'games' : 'name',
      basis: 'points',
    });
  });

  // Places: consecutive, except that bots sharing a knockout key share a place range.
  const rows: RankRow[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const { work, stage, decidedBy } = ordered[i] as (typeof ordered)[number];
    let place = i + 1;
    let placeTo = i + 1;
    if (work.knockout) {
      const same = (j: number): boolean => {
        const o = ordered[j];
        return o !== undefined && o.stage === stage && o.work.knockout !== null && o.work.key === work.key;
      };
      let from = i;
      while (same(from - 1)) from--;
      let to = i;
      while (same(to + 1)) to++;
      place = from + 1;
      placeTo = to + 1;
    }
    const id = work.p.id;
    const lines: StageLine[] = names.map((name) => {
      const b = entry(stageOf(name).bots, id) ?? emptyBot();
      return {
        stage: name,
        games: b.games,
        points: b.points,
        average: b.games > 0 ? b.points / b.games : 0,
        wins: b.wins,
        draws: b.draws,
        losses: b.losses,
        irregularTotal: irregularTotal(b),
      };
    });
    const irregular = zeroIrregular();
    let wins = 0;
    let draws = 0;
    let losses = 0;
    for (const name of names) {
      const b = entry(stageOf(name).bots, id);
      if (!b) continue;
      for (const s of FAILURE_STATUSES) irregular[s] += b.irregular[s];
      wins += b.wins;
      draws += b.draws;
      losses += b.losses;
    }
    const own = stage ? entry(stageOf(stage).bots, id) : undefined;
    rows.push({
      place,
      placeTo,
      id,
      name: work.p.name,
      stage,
      games: own?.games ?? 0,
      points: own?.points ?? 0,
      average: own && own.games > 0 ? own.points / own.games : 0,
      stages: lines,
      wdl: ctx.shape.cooperative ? null : { wins, draws, losses },
      irregular,
      irregularTotal: FAILURE_STATUSES.reduce((s, k) => s + irregular[k], 0),
      headToHead: work.headToHead,
      opponentAverage: work.opponentAverage,
      elo: elo?.get(id) ?? null,
      skill: withSkill ? skillFigure(skillOf(totals.skill, id)) : null,
      knockout: work.knockout,
      decidedBy,
    });
  }
  return {
    view,
    rows,
    basis: stages.some((s) => s.basis === 'average') ? 'average' : 'points',
    stages,
    ratings: { elo: elo !== null, skill: withSkill },
  };
}
