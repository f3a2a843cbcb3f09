import type { GameRow } from './game-filter.ts';

/**
 * The bracket screen's layouts, made from the game rows alone: every match (the games sharing a match
 * key: a knockout match, a pairing's two seat orders, a group set) with its bots, points and winner; the
 * stage overview (stages → rounds → matches) for Swiss, round robin, groups and gauntlet; and the
 * knockout bracket (rounds → matches → the two bots), with winners advancing as soon as they are known.
 */

/** The games of one match key with their totals. */
export interface MatchSummary {
  readonly key: string;
  readonly stage: string;
  readonly round: number;
  /** The bots in the seat order of the match's first game. */
  readonly bots: readonly string[];
  /** Points per bot (same order) over the finished games. */
  readonly points: readonly number[];
  readonly finished: number;
  readonly total: number;
  readonly running: boolean;
  /** The bot with the most points once every game is finished; null while playing or on a shared top. */
  readonly leader: string | null;
  /** Schedule indexes of the games, in order. */
  readonly games: readonly number[];
}

/** Every match of `rows`, in the order of its first game. */
export function summarizeMatches(rows: readonly GameRow[]): MatchSummary[] {
  const byKey = new Map<string, GameRow[]>();
  for (const row of [...rows].sort((a, b) => a.index - b.index)) {
    const list = byKey.get(row.match);
    if (list) list.push(row);
    else byKey.set(row.match, [row]);
  }
  return [...byKey.values()].map((games) => {
    const head = games[0] as GameRow;
    const bots = [...head.seats];
    for (const g of games) for (const s of g.seats) if (!bots.includes(s)) bots.push(s);
    const points = bots.map(() => 0);
    let finished = 0;
    for (const g of games) {
      if (g.state !== 'finished' || g.scores === null) continue;
      finished += 1;
      g.seats.forEach((name, seat) => {
        const at = bots.indexOf(name);
        points[at] = (points[at] ?? 0) + (g.scores?.[seat] ?? 0);
      });
    }
    const best = Math.max(...points);
    const top = bots.filter((_, i) => points[i] === best);
    return {
      key: head.match,
      stage: head.stage,
      round: head.round,
      bots,
      points,
      finished,
      total: games.length,
      running: games.some((g) => g.state === 'running'),
      leader: finished === games.length && top.length === 1 ? (top[0] ?? null) : null,
      games: games.map((g) => g.index),
    };
  });
}

/** One round of a stage with its matches. */
export interface RoundOverview {
  readonly round: number;
  readonly matches: readonly MatchSummary[];
}

/** One stage with its rounds (ascending). */
export interface StageOverview {
  readonly stage: string;
  readonly rounds: readonly RoundOverview[];
}

/** Stages (in schedule order: a Swiss stage before its final) → rounds → matches. */
export function stageOverview(rows: readonly GameRow[]): StageOverview[] {
  const stages = new Map<string, Map<number, MatchSummary[]>>();
  for (const m of summarizeMatches(rows)) {
    let rounds = stages.get(m.stage);
    if (!rounds) stages.set(m.stage, (rounds = new Map()));
    const list = rounds.get(m.round);
    if (list) list.push(m);
    else rounds.set(m.round, [m]);
  }
  return [...stages].map(([stage, rounds]) => ({
    stage,
    rounds: [...rounds].sort(([a], [b]) => a - b).map(([round, matches]) => ({ round, matches })),
  }));
}

/** One side of a knockout match: a bot (null: not known yet, or the empty side of a bye). */
export interface BracketSlot {
  readonly name: string | null;
  /** Points in this match; null before the match is scheduled. */
  readonly points: number | null;
  readonly winner: boolean;
}

/** One knockout match: `pending` (players not both known), `bye`, `playing`, or `decided`. */
export interface BracketMatch {
  readonly round: number;
  /** 1-based position in its round, top to bottom. */
  readonly slot: number;
  readonly state: 'pending' | 'bye' | 'playing' | 'decided';
  readonly top: BracketSlot;
  readonly bottom: BracketSlot;
  readonly winner: string | null;
  /** The scheduled games (none for pending matches and byes). */
  readonly match: MatchSummary | null;
}

/** The whole knockout: `rounds[r]` holds round r+1's matches, top to bottom; the champion once known. */
export interface KnockoutBracket {
  readonly rounds: readonly (readonly BracketMatch[])[];
  readonly champion: string | null;
}

/** What {@link knockoutBracket} can use besides the rows. */
export interface KnockoutOptions {
  /** The number of bots (byes make a bracket bigger than round 1 shows); guessed from the rows if absent. */
  readonly participants?: number;
  /** The schedule is complete: a match still tied after its decider went to the higher seed. */
  readonly complete?: boolean;
}

const KEY = /\/r(\d+)\/m(\d+)$/;

/** The knockout stage of `rows` as a bracket (see electron's knockout scheduler for the match keys). */
export function knockoutBracket(rows: readonly GameRow[], options: KnockoutOptions = {}): KnockoutBracket {
  const matches = new Map<string, MatchSummary>();
  let guess = 2;
  for (const m of summarizeMatches(rows.filter((r) => r.stage === 'knockout'))) {
    const found = KEY.exec(m.key);
    if (!found) continue;
    const round = Number(found[1]);
    const slot = Number(found[2]);
    matches.set(`${round}/${slot}`, m);
    guess = Math.max(guess, slot * 2 ** round);
  }
  const bots = new Set(rows.filter((r) => r.stage === 'knockout').flatMap((r) => r.seats)).size;
  let size = 2;
  while (size < Math.max(options.participants ?? 0, bots, guess)) size *= 2;
  const roundOneScheduled = [...matches.keys()].some((k) => k.startsWith('1/'));
  const at = (round: number, slot: number): MatchSummary | undefined => matches.get(`${round}/${slot}`);

  const rounds: BracketMatch[][] = [];
  for (let round = 1, count = size / 2; count >= 1; round++, count /= 2) {
    const list: BracketMatch[] = [];
    for (let slot = 1; slot <= count; slot++) {
      const feeders =
        round === 1 ? [null, null] : [2 * slot - 1, 2 * slot].map((s) => rounds[round - 2]?.[s - 1]);
      const fromTop = feeders[0]?.winner ?? null;
      const fromBottom = feeders[1]?.winner ?? null;
      const m = at(round, slot);
      if (m) {
        list.push(
          scheduled(m, round, slot, fromTop, fromBottom, at(round + 1, Math.ceil(slot / 2)), options),
        );
      } else if (round === 1 && roundOneScheduled) {
        // A bye: the bot in the next round that did not come from the sibling match. When the sibling
        // is a bye too, both bots of the next match are top seeds, and the better one (who sits first in
        // its first game) has the upper place in the bracket's seed order.
        const next = at(2, Math.ceil(slot / 2));
        const sibling = at(1, slot % 2 === 1 ? slot + 1 : slot - 1);
        const name = sibling
          ? (next?.bots.find((b) => !sibling.bots.includes(b)) ?? null)
          : (next?.bots[slot % 2 === 1 ? 0 : 1] ?? null);
        const top = { name, points: null, winner: name !== null };
        list.push({ round, slot, state: 'bye', top, bottom: empty, winner: name, match: null });
      } else {
        const top = { name: fromTop, points: null, winner: false };
        const bottom = { name: fromBottom, points: null, winner: false };
        list.push({ round, slot, state: 'pending', top, bottom, winner: null, match: null });
      }
    }
    rounds.push(list);
  }
  return { rounds, champion: rounds.at(-1)?.[0]?.winner ?? null };
}

const empty: BracketSlot = { name: null, points: null, winner: false };

/** A scheduled match: its bots placed by where they came from, and its winner when it is known. */
function scheduled(
  m: MatchSummary,
  round: number,
  slot: number,
  fromTop: string | null,
  fromBottom: string | null,
  next: MatchSummary | undefined,
  options: KnockoutOptions,
): BracketMatch {
  const [first = null, second = null] = m.bots;
  const swap = (fromTop !== null && second === fromTop) || (fromBottom !== null && first === fromBottom);
  const [topName, bottomName] = swap ? [second, first] : [first, second];
  const allIn = m.finished === m.total;
  // The next round is the proof; else the points once every game is in; else (schedule complete, still
  // tied after the decider) the higher seed, who sat first in the match's first game.
  const winner =
    next?.bots.find((b) => b === first || b === second) ??
    m.leader ??
    (allIn && options.complete === true ? first : null);
  const side = (name: string | null): BracketSlot => ({
    name,
    points: name === null ? null : (m.points[m.bots.indexOf(name)] ?? 0),
    winner: winner !== null && name === winner,
  });
  return {
    round,
    slot,
    state: winner === null ? 'playing' : 'decided',
    top: side(topName),
    bottom: side(bottomName),
    winner,
    match: m,
  };
}
