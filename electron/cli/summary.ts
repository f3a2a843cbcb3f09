import { describeEnd } from '../../shared/games/end.ts';
import { findGameInfo } from '../../shared/games/registry.ts';
import { describeFailure } from '../engine/referee/failure.ts';
import type { GameRecord } from '../engine/record/schema.ts';
import { protectionGaps, protectionsOf } from '../engine/process/protections.ts';

const seconds = (us: number): string => `${(us / 1e6).toFixed(3)} s`;
const millis = (us: number): string => `${(us / 1000).toFixed(1)} ms`;

/** The human summary `jury play` prints: seats, scores, statuses and times, then how the game ended. */
export function formatSummary(record: GameRecord, recordPath: string | null): string {
  const game = findGameInfo(record.game);
  const names = game?.seatNames ?? record.seats.map((_, i) => String(i + 1));
  const nameWidth = Math.max(...record.seats.map((s) => s.name.length), 4);
  const out = [
    `${game?.title ?? record.game}  seed ${record.seed}${record.board === null ? '' : `  board ${record.board}`}`,
    record.caia === undefined
      ? `timing ${record.timing.mode}, ${record.moves.length} moves in ${seconds(record.durationUs)}`
      : `timing ${record.timing.mode}, time factor ${record.caia.timeFactor}, ${record.lines.length} player lines in ${seconds(record.durationUs)}`,
    '',
  ];
  record.seats.forEach((s, i) => {
    const cells = [
      (names[i] ?? '').padEnd(6),
      s.name.padEnd(nameWidth),
      s.status.padEnd(7),
      String(s.score).padStart(5),
      `  time ${seconds(s.time.chargedUs)} (cpu ${seconds(s.time.cpuUs)}, slowest ${millis(s.time.maxChargedUs)})`,
    ];
    out.push(`  ${cells.join(' ')}`);
    if (s.failure) out.push(`  ${''.padEnd(6)} ${describeFailure(s.failure)}`);
    const missed = s.missed.timeout + s.missed.invalid + s.missed.gone;
    if (missed)
      out.push(
        `  ${''.padEnd(6)} missed turns: ${s.missed.timeout} late, ${s.missed.invalid} invalid, ${s.missed.gone} gone`,
      );
  });
  out.push('', `end: ${describeEnd(record.end, names)}`);
  const gaps = record.limits ? protectionGaps(protectionsOf(record.limits)) : [];
  if (gaps.length > 0) {
    out.push('', 'not enforced on this machine (see docs/judge.md):', ...gaps.map((g) => `  ${g}`));
  }
  if (record.caia?.log.path) out.push(`referee log: ${record.caia.log.path}`);
  if (recordPath) out.push(`record: ${recordPath}`);
  return `${out.join('\n')}\n`;
}

/** The one JSON object `jury play --json` prints: the essentials, plus the record's path. */
export function summaryJson(record: GameRecord, recordPath: string | null): object {
  return {
    game: record.game,
    seed: record.seed,
    board: record.board,
    end: record.end,
    scores: record.scores,
    seats: record.seats.map((s) => ({
      name: s.name,
      status: s.status,
      score: s.score,
      failure: s.failure,
      chargedUs: s.time.chargedUs,
      cpuUs: s.time.cpuUs,
      moves: s.time.moves,
      missed: s.missed,
    })),
    moves: record.moves.length,
    durationUs: record.durationUs,
    protections: record.limits ? protectionsOf(record.limits) : [],
    record: recordPath,
    ...(record.caia
      ? {
          caia: {
            firstTags: record.caia.firstTags.map((t) => t?.tag ?? null),
            refereeLog: record.caia.log.path,
          },
        }
      : {}),
  };
}
