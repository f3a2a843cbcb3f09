import { inputError, ok, type InputError, type Result } from '../../games/result.ts';
import type { GameShape } from '../results/results.ts';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { dict, emptyTotals, entry, KNOCKOUT_STAGE } from './totals.ts';
import type {
  BotTotals,
  Dict,
  EventTotals,
  MatchTotals,
  PairTotals,
  SkillEntry,
  StageTotals,
} from './types.ts';
import { TOTALS_VERSION } from './types.ts';

// The store keeps the totals as a few keyed entries, so finishing a game rewrites a handful of rows (the
// event entry, its stage's bots, each of its bots' pair rows, the ratings) rather than the whole event,
// and reading them all is a few hundred rows however many games were played. A key is the JSON text of
// an array whose first element names the kind:
//
//   ["event"]              {version, games, stages: {name: [first, games]}}
//   ["bots", stage]        {id: [games, points, wins, draws, losses, timeouts, illegal, crashes, exits]}
//   ["pairs", stage, a]    {b: [meetings, opposed, for, against, wins, draws, losses]}   (a against b)
//   ["matches", stage]     {match: [round, [index, seats, scores]...]}                  (knockout only)
//   ["skill"]              {id: [mu, sigma, games]}
//
// Numbers go in arrays: they parse several times faster than objects with named fields.

/** The key of one entry (JSON text of an array, see above). */
export type TotalsKey = string;

const key = (...parts: string[]): TotalsKey => JSON.stringify(parts);

/** The key of the event-wide entry (version, games, stages). */
export const EVENT_KEY: TotalsKey = key('event');
const SKILL_KEY: TotalsKey = key('skill');

/**
 * The keys of every entry that `addOutcome` changes for this game. The store loads these (a missing key
 * is an empty entry), adds the game with `addOutcome`, and writes back exactly these keys from
 * {@link totalsEntries} of the result: the other entries of that partial totals are incomplete.
 */
export function touchedKeys(outcome: GameOutcome, game: ScheduledGame, shape: GameShape): TotalsKey[] {
  const keys = [EVENT_KEY, key('bots', game.stage)];
  for (const a of outcome.seats) keys.push(key('pairs', game.stage, a));
  if (!shape.cooperative) keys.push(SKILL_KEY);
  if (game.stage === KNOCKOUT_STAGE) keys.push(key('matches', game.stage));
  return keys;
}

/** A table as a plain JSON object (a `__proto__` key stays a key: it is defined, not assigned). */
function plainTable<T, U>(d: Dict<T>, encode: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const k of Object.keys(d)) {
    Object.defineProperty(out, k, {
      value: encode(d[k] as T),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const encodeBot = (b: BotTotals): number[] => [
  b.games,
  b.points,
  b.wins,
  b.draws,
  b.losses,
  b.irregular.TIMEOUT,
  b.irregular.ILLEGAL,
  b.irregular.CRASH,
  b.irregular.EXIT,
];
const encodePair = (p: PairTotals): number[] => [
  p.meetings,
  p.opposed,
  p.for,
  p.against,
  p.wins,
  p.draws,
  p.losses,
];
const encodeMatch = (m: MatchTotals): unknown[] => [
  m.round,
  ...m.games.map((g) => [g.index, g.seats, g.scores]),
];

/**
 * Every non-empty entry of `totals`, as [key, plain JSON value]; {@link totalsFromEntries} reverses it.
 */
export function totalsEntries(totals: EventTotals): [TotalsKey, unknown][] {
  const out: [TotalsKey, unknown][] = [];
  const stages: Dict<StageTotals> = totals.stages;
  for (const name of Object.keys(stages)) {
    const stage = stages[name] as StageTotals;
    if (Object.keys(stage.bots).length > 0) out.push([key('bots', name), plainTable(stage.bots, encodeBot)]);
    for (const a of Object.keys(stage.pairs)) {
      const row = stage.pairs[a] as Dict<PairTotals>;
      if (Object.keys(row).length > 0) out.push([key('pairs', name, a), plainTable(row, encodePair)]);
    }
    if (Object.keys(stage.matches).length > 0) {
      out.push([key('matches', name), plainTable(stage.matches, encodeMatch)]);
    }
  }
  if (Object.keys(totals.skill).length > 0) {
    out.push([SKILL_KEY, plainTable(totals.skill, (s) => [s.mu, s.sigma, s.games])]);
  }
  const event = {
    version: totals.version,
    games: totals.games,
    stages: plainTable(stages, (s) => [s.first, s.games]),
  };
  return [[EVENT_KEY, event], ...out];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `v` as an array of `length` finite numbers, or null. */
function numbers(v: unknown, length: number): number[] | null {
  if (!Array.isArray(v) || v.length !== length) return null;
  for (const x of v) if (!isNumber(x)) return null;
  return v as number[];
}

function decodeBot(v: unknown): BotTotals | null {
  const a = numbers(v, 9);
  if (!a) return null;
  // numbers() checked the length: the defaults only satisfy the type checker.
  const [
    games = 0,
    points = 0,
    wins = 0,
    draws = 0,
    losses = 0,
    TIMEOUT = 0,
    ILLEGAL = 0,
    CRASH = 0,
    EXIT = 0,
  ] = a;
  return { games, points, wins, draws, losses, irregular: { TIMEOUT, ILLEGAL, CRASH, EXIT } };
}

function decodePair(v: unknown): PairTotals | null {
  const a = numbers(v, 7);
  if (!a) return null;
  const [meetings = 0, opposed = 0, pointsFor = 0, against = 0, wins = 0, draws = 0, losses = 0] = a;
  return { meetings, opposed, for: pointsFor, against, wins, draws, losses };
}

function decodeSkill(v: unknown): SkillEntry | null {
  const a = numbers(v, 3);
  return a ? { mu: a[0] as number, sigma: a[1] as number, games: a[2] as number } : null;
}

function decodeMatch(v: unknown): MatchTotals | null {
  if (!Array.isArray(v) || !isCount(v[0])) return null;
  const games: MatchTotals['games'] = [];
  for (const g of v.slice(1) as unknown[]) {
    if (!Array.isArray(g) || g.length !== 3 || !isCount(g[0])) return null;
    const [index, seats, scores] = g as [number, unknown, unknown];
    if (!Array.isArray(seats) || !seats.every((s) => typeof s === 'string')) return null;
    if (!Array.isArray(scores) || !scores.every(isNumber) || scores.length !== seats.length) return null;
    games.push({ index, seats: seats as string[], scores: scores as number[] });
  }
  return { round: v[0], games };
}

/** Decodes every value of a stored table into `into`; false when one is malformed. */
function decodeTable<T>(value: unknown, decode: (v: unknown) => T | null, into: Dict<T>): boolean {
  if (!isObject(value)) return false;
  for (const k of Object.keys(value)) {
    const decoded = decode(value[k]);
    if (decoded === null) return false;
    into[k] = decoded;
  }
  return true;
}

function stageEntry(totals: EventTotals, name: string): StageTotals {
  let stage = entry(totals.stages, name);
  if (!stage) {
    stage = { first: Number.MAX_SAFE_INTEGER, games: 0, bots: dict(), pairs: dict(), matches: dict() };
    totals.stages[name] = stage;
  }
  return stage;
}

/**
 * Totals from entries (all of them, or only some: a missing entry is an empty one), checking every
 * value. An entry of an unknown kind, a malformed value or another layout version is an `InputError`;
 * the store then rebuilds its totals from the stored outcomes.
 */
export function totalsFromEntries(
  entries: Iterable<readonly [string, unknown]>,
): Result<EventTotals, InputError> {
  const totals = emptyTotals();
  for (const [k, value] of entries) {
    let parts: unknown;
    try {
      parts = JSON.parse(k);
    } catch {
      parts = null;
    }
    if (!Array.isArray(parts) || !parts.every((p) => typeof p === 'string')) {
      return inputError('bad-totals', `totals entry ${k}: not a key`);
    }
    const [kind, ...rest] = parts as string[];
    const [stage = '', a = ''] = rest;
    let good: boolean;
    if (kind === 'event' && rest.length === 0) {
      if (!isObject(value) || value['version'] !== TOTALS_VERSION) {
        return inputError('bad-totals', `totals entry ${k}: not layout version ${TOTALS_VERSION}`);
      }
      good = isCount(value['games']) && isObject(value['stages']);
      if (good) {
        totals.games = value['games'] as number;
        const stages = value['stages'] as Record<string, unknown>;
        for (const name of Object.keys(stages)) {
          const s = stages[name];
          if (!Array.isArray(s) || s.length !== 2 || !isCount(s[0]) || !isCount(s[1])) good = false;
          else {
            const st = stageEntry(totals, name);
            st.first = s[0];
            st.games = s[1];
          }
        }
      }
    } else if (kind === 'bots' && rest.length === 1) {
      good = decodeTable(value, decodeBot, stageEntry(totals, stage).bots);
    } else if (kind === 'pairs' && rest.length === 2) {
      const pairs = stageEntry(totals, stage).pairs;
      const row: Dict<PairTotals> = entry(pairs, a) ?? (pairs[a] = dict());
      good = decodeTable(value, decodePair, row);
    } else if (kind === 'matches' && rest.length === 1) {
      good = decodeTable(value, decodeMatch, stageEntry(totals, stage).matches);
    } else if (kind === 'skill' && rest.length === 0) {
      good = decodeTable(value, decodeSkill, totals.skill);
    } else {
      return inputError('bad-totals', `totals entry ${k}: unknown kind`);
    }
    if (!good) return inputError('bad-totals', `totals entry ${k}: malformed`);
  }
  return ok(totals);
}

/**
 * Totals from their plain JSON form (`JSON.parse(JSON.stringify(totals))`), checked, or an
 * `InputError`. Use it for totals that come from outside (an export, a message): its tables have no
 * prototype, as `rankEvent` expects.
 */
export function parseTotals(value: unknown): Result<EventTotals, InputError> {
  const bad = (what: string): { ok: false; error: InputError } => inputError('bad-totals', what);
  if (!isObject(value) || !isObject(value['stages']) || !isObject(value['skill'])) {
    return bad('the totals are not an object with stages and skill');
  }
  if (value['version'] !== TOTALS_VERSION || !isCount(value['games'])) {
    return bad(`the totals are not of layout version ${TOTALS_VERSION}`);
  }
  const totals = emptyTotals();
  totals.games = value['games'];
  const stages = value['stages'];
  for (const name of Object.keys(stages)) {
    const s = stages[name];
    if (!isObject(s) || !isCount(s['first']) || !isCount(s['games']))
      return bad(`stage ${name} is malformed`);
    if (!isObject(s['bots']) || !isObject(s['pairs']) || !isObject(s['matches'])) {
      return bad(`stage ${name} is malformed`);
    }
    const stage = stageEntry(totals, name);
    stage.first = s['first'];
    stage.games = s['games'];
    const fromBot = (v: unknown): BotTotals | null =>
      isObject(v) && isObject(v['irregular'])
        ? decodeBot([
            v['games'],
            v['points'],
            v['wins'],
            v['draws'],
            v['losses'],
            v['irregular']['TIMEOUT'],
            v['irregular']['ILLEGAL'],
            v['irregular']['CRASH'],
            v['irregular']['EXIT'],
          ])
        : null;
    const fromPair = (v: unknown): PairTotals | null =>
      isObject(v)
        ? decodePair([
            v['meetings'],
            v['opposed'],
            v['for'],
            v['against'],
            v['wins'],
            v['draws'],
            v['losses'],
          ])
        : null;
    const fromMatch = (v: unknown): MatchTotals | null =>
      isObject(v) && Array.isArray(v['games'])
        ? decodeMatch([
            v['round'],
            ...(v['games'] as unknown[]).map((g) =>
              isObject(g) ? [g['index'], g['seats'], g['scores']] : null,
            ),
          ])
        : null;
    if (!decodeTable(s['bots'], fromBot, stage.bots)) return bad(`stage ${name}: a bot is malformed`);
    if (!decodeTable(s['matches'], fromMatch, stage.matches))
      return bad(`stage ${name}: a match is malformed`);
    const pairs = s['pairs'];
    for (const a of Object.keys(pairs)) {
      const row: Dict<PairTotals> = dict();
      stage.pairs[a] = row;
      if (!decodeTable(pairs[a], fromPair, row)) return bad(`stage ${name}: the pairs of ${a} are malformed`);
    }
  }
  const fromSkill = (v: unknown): SkillEntry | null =>
    isObject(v) ? decodeSkill([v['mu'], v['sigma'], v['games']]) : null;
  if (!decodeTable(value['skill'], fromSkill, totals.skill)) return bad('a rating is malformed');
  return ok(totals);
}
