import { externalGameId, registerPackageGame } from '../../../shared/games/registry.ts';
import { packageGameSchema } from '../../../shared/games/packages/game-schema.ts';
import { routeLine } from '../caia/line.ts';
import { isReport, parseReport } from '../caia/report.ts';
import type { ReplayResult } from './replay.ts';
import type { GameRecord } from './schema.ts';

/**
 * Records of game packages: Jury cannot replay their moves (the referee program knows the rules), so a
 * record is checked against what its referee said instead.
 */

/**
 * Registers the game package a record's `caia` section names, so that a record read in a process that
 * never loaded the package (`jury replay`, an export) passes the game id check. Never throws.
 */
export function admitRecordPackage(json: unknown): void {
  const pkg = (json as { caia?: { package?: unknown } } | null)?.caia?.package;
  const parsed = pkg === undefined ? null : packageGameSchema.safeParse(pkg);
  if (parsed?.success) registerPackageGame({ ...parsed.data, id: externalGameId(parsed.data.id) });
}

/**
 * Checks a package game's record: the scores must be those of the first report the referee sent
 * (`M report …` among its recorded lines), and a game without a report must have every score 0.
 */
export function checkPackageRecord(record: GameRecord): ReplayResult {
  const caia = record.caia;
  if (caia === undefined) return { ok: false, problem: 'a game package record without its caia section' };
  const seats = record.seats.length;
  const scoresOf = (scores: readonly number[]): string => scores.join(' ');
  if (record.end.kind === 'referee-failed') {
    return record.scores.every((s) => s === 0)
      ? { ok: true, end: record.end, scores: record.scores, finalState: null }
      : { ok: false, problem: `a game without a result has the scores ${scoresOf(record.scores)}` };
  }
  if (record.end.kind !== 'referee-report') {
    return { ok: false, problem: `a game package's game cannot end with ${record.end.kind}` };
  }
  for (const line of caia.referee.lines) {
    if (line.dir !== 'out') continue;
    const route = routeLine(line.text, seats);
    if (route.kind !== 'manager' || !isReport(route.text)) continue;
    const report = parseReport(route.text, seats);
    if (!report.ok) return { ok: false, problem: `the referee's report cannot be read: ${report.error}` };
    if (scoresOf(report.value.scores) !== scoresOf(record.scores)) {
      return {
        ok: false,
        problem: `the referee reported ${scoresOf(report.value.scores)}, the record says ${scoresOf(record.scores)}`,
      };
    }
    return { ok: true, end: record.end, scores: record.scores, finalState: null };
  }
  return { ok: false, problem: "the record has no report among the referee's lines" };
}
