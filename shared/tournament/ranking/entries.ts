import { inputError, ok, type InputError, type Result } from '../../games/result.ts';
import type { GameShape } from '../standings/results.ts';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { dict, emptyTotals, entry, KNOCKOUT_STAGE } from './totals.ts';
import type { BotTotals, EventTotals, MatchTotals, PairTotals, SkillEntry } from './types.ts';
import { TOTALS_VERSION } from './types.ts';

// The store keeps the totals as small keyed entries, so finishing a game rewrites a few rows (its bots,
// its pairs, their ratings) rather than the whole event. A key is the JSON text of an array whose first
// element names the kind: ["event"], ["bot", stage, id], ["pair", stage, a, b], ["match", stage, key],
// ["skill", id]. The ["event"] entry holds the version, the game count and each stage's first index and
// game count.

/** The key of one entry (JSON text of an array, see above). */
export type TotalsKey = string;

const key = (...parts: string[]): TotalsKey => JSON.stringify(parts);

/** The key of the event-wide entry (version, games, stages). */
export const EVENT_KEY: TotalsKey = key('event');

/**
 * The keys of every entry that {@link addOutcome} changes for this game: load these (a missing key is a
 * zero entry), add the game, and write them back. This is how the store updates its totals per game.
 */
export function touchedKeys(outcome: GameOutcome, game: ScheduledGame, shape: GameShape): TotalsKey[] {
  const keys = [EVENT_KEY];
  for (const a of outcome.seats) {
    keys.push(key('bot', game.stage, a));
    for (const b of outcome.seats) if (a !== b) keys.push(key('pair', game.stage, a, b));
    if (!shape.cooperative) keys.push(key('skill', a));
  }
  if (game.stage === KNOCKOUT_STAGE) keys.push(key('match', game.stage, game.match));
  return keys;
}

/** Every entry of `totals`, as [key, plain JSON value]; {@link totalsFromEntries} reverses it. */
export function totalsEntries(totals: EventTotals): [TotalsKey, unknown][] {
  const stages: Record<string, { first: number; games: number }> = {};
  const out: [TotalsKey, unknown][] = [];
  for (const [name, stage] of Object.entries(totals.stages)) {
    Object.defineProperty(stages, name, {
      value: { first: stage.first, games: stage.games },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    for (const [id, bot] of Object.entries(stage.bots)) out.push([key('bot', name, id), bot]);
    for (const [a, row] of Object.entries(stage.pairs))
      for (const [b, pair] of Object.entries(row)) out.push([key('pair', name, a, b), pair]);
    for (const [m, match] of Object.entries(stage.matches)) out.push([key('match', name, m), match]);
  }
  for (const [id, s] of Object.entries(totals.skill)) out.push([key('skill', id), s]);
  return [[EVENT_KEY, { version: totals.version, games: totals.games, stages }], ...out];
}

type Check<T> = (value: unknown) => T | null;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function numbers<K extends string>(
  fields: Readonly<Record<K, (v: unknown) => boolean>>,
): Check<Record<K, number>> {
  return (value) => {
    if (!isObject(value)) return null;
    const out = {} as Record<K, number>;
    for (const f of Object.keys(fields) as K[]) {
      if (!Object.hasOwn(value, f) || !fields[f](value[f])) return null;
      out[f] = value[f] as number;
    }
    return out;
  };
}

const botCounts = numbers({
  games: isCount,
  points: isNumber,
  wins: isCount,
  draws: isCount,
  losses: isCount,
});
const irregular = numbers({ TIMEOUT: isCount, ILLEGAL: isCount, CRASH: isCount, EXIT: isCount });
const checkBot: Check<BotTotals> = (v) => {
  const counts = botCounts(v);
  const irr = isObject(v) ? irregular(v['irregular']) : null;
  return counts && irr ? { ...counts, irregular: irr } : null;
};
const checkPair: Check<PairTotals> = numbers({
  meetings: isCount,
  opposed: isCount,
  for: isNumber,
  against: isNumber,
  wins: isCount,
  draws: isCount,
  losses: isCount,
});
const checkSkill: Check<SkillEntry> = numbers({ mu: isNumber, sigma: isNumber, games: isCount });
const checkMatch: Check<MatchTotals> = (v) => {
  if (!isObject(v) || !isCount(v['round']) || !Array.isArray(v['games'])) return null;
  const games: MatchTotals['games'] = [];
  for (const g of v['games'] as unknown[]) {
    if (!isObject(g) || !isCount(g['index'])) return null;
    const seats = g['seats'];
    const scores = g['scores'];
    if (!Array.isArray(seats) || !seats.every((s) => typeof s === 'string')) return null;
    if (!Array.isArray(scores) || !scores.every(isNumber) || scores.length !== seats.length) return null;
    games.push({ index: g['index'], seats: [...(seats as string[])], scores: [...(scores as number[])] });
  }
  return { round: v['round'], games };
};

/**
 * Totals from entries (all of them, or only some: a missing entry is a zero one), checking every value.
 * An entry of an unknown kind, a malformed value or another layout version is an `InputError`; the
 * store then rebuilds its totals from the stored outcomes.
 */
export function totalsFromEntries(
  entries: Iterable<readonly [string, unknown]>,
): Result<EventTotals, InputError> {
  const totals = emptyTotals();
  const bad = (k: string, what: string): { ok: false; error: InputError } =>
    inputError('bad-totals', `totals entry ${k}: ${what}`);
  for (const [k, value] of entries) {
    let parts: unknown;
    try {
      parts = JSON.parse(k);
    } catch {
      return bad(k, 'the key is not JSON');
    }
    if (!Array.isArray(parts) || !parts.every((p) => typeof p === 'string')) return bad(k, 'not a key');
    const [kind, ...rest] = parts as string[];
    const stageNamed = (name: string): ReturnType<typeof stageEntry> => stageEntry(totals, name);
    if (kind === 'event' && rest.length === 0) {
      if (!isObject(value) || value['version'] !== TOTALS_VERSION)
        return bad(k, `not layout version ${TOTALS_VERSION}`);
      if (!isCount(value['games']) || !isObject(value['stages'])) return bad(k, 'malformed');
      totals.games = value['games'];
      for (const [name, s] of Object.entries(value['stages'])) {
        if (!isObject(s) || !isCount(s['first']) || !isCount(s['games']))
          return bad(k, `stage ${name} is malformed`);
        const stage = stageNamed(name);
        stage.first = s['first'];
        stage.games = s['games'];
      }
    } else if (kind === 'bot' && rest.length === 2) {
      const bot = checkBot(value);
      if (!bot) return bad(k, 'malformed');
      stageNamed(rest[0] as string).bots[rest[1] as string] = bot;
    } else if (kind === 'pair' && rest.length === 3) {
      const pair = checkPair(value);
      if (!pair) return bad(k, 'malformed');
      const pairs = stageNamed(rest[0] as string).pairs;
      const a = rest[1] as string;
      (entry(pairs, a) ?? (pairs[a] = dict()))[rest[2] as string] = pair;
    } else if (kind === 'match' && rest.length === 2) {
      const match = checkMatch(value);
      if (!match) return bad(k, 'malformed');
      stageNamed(rest[0] as string).matches[rest[1] as string] = match;
    } else if (kind === 'skill' && rest.length === 1) {
      const skill = checkSkill(value);
      if (!skill) return bad(k, 'malformed');
      totals.skill[rest[0] as string] = skill;
    } else return bad(k, 'unknown kind');
  }
  return ok(totals);
}

function stageEntry(totals: EventTotals, name: string): EventTotals['stages'][string] {
  let stage = entry(totals.stages, name);
  if (!stage) {
    stage = { first: Number.MAX_SAFE_INTEGER, games: 0, bots: dict(), pairs: dict(), matches: dict() };
    totals.stages[name] = stage;
  }
  return stage;
}

/** Totals from their plain JSON form (`JSON.parse(JSON.stringify(totals))`), checked, or an `InputError`. */
export function parseTotals(value: unknown): Result<EventTotals, InputError> {
  if (!isObject(value) || !isObject(value['stages']) || !isObject(value['skill'])) {
    return inputError('bad-totals', 'the totals are not an object with stages and skill');
  }
  const entries: [TotalsKey, unknown][] = [];
  const stages: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(value['stages'])) {
    if (!isObject(s) || !isObject(s['bots']) || !isObject(s['pairs']) || !isObject(s['matches'])) {
      return inputError('bad-totals', `stage ${name} is malformed`);
    }
    Object.defineProperty(stages, name, {
      value: { first: s['first'], games: s['games'] },
      enumerable: true,
    });
    for (const [id, bot] of Object.entries(s['bots'])) entries.push([key('bot', name, id), bot]);
    for (const [a, row] of Object.entries(s['pairs'])) {
      if (!isObject(row)) return inputError('bad-totals', `stage ${name}: pairs of ${a} are malformed`);
      for (const [b, pair] of Object.entries(row)) entries.push([key('pair', name, a, b), pair]);
    }
    for (const [m, match] of Object.entries(s['matches'])) entries.push([key('match', name, m), match]);
  }
  for (const [id, s] of Object.entries(value['skill'])) entries.push([key('skill', id), s]);
  entries.unshift([EVENT_KEY, { version: value['version'], games: value['games'], stages }]);
  return totalsFromEntries(entries);
}
