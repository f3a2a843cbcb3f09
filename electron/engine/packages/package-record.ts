import type { GameEnd, RefereeFailureCause } from '../../../shared/games/end.ts';
import type { GameFacts } from '../../../shared/games/types.ts';
import { describeCaiaEnd } from '../caia/outcome.ts';
import type { CaiaEnd, CaiaGameResult } from '../caia/types.ts';
import type { LimitsReport } from '../process/limits.ts';
import type { CaiaSection } from '../record/caia-section.ts';
import { RECORD_FORMAT, RECORD_VERSION, type GameRecord, type SeatRecord } from '../record/schema.ts';
import type { TimingMode } from '../timing/time-keeper.ts';
import { JURY_VERSION } from '../version.ts';
import type { PackageGame } from '../../../shared/games/packages/game.ts';

/** A player of a package game as the record names it. */
export interface PackageSeat {
  readonly name: string;
  readonly command: readonly string[];
  readonly executableHash: string | null;
}

/** Everything a package game's record is made of besides the host's result. */
export interface PackageRecordParts {
  readonly info: GameFacts;
  readonly game: PackageGame;
  readonly seed: number;
  readonly timing: TimingMode;
  /** Each player's budget before the time factor (the manifest's, or the one given instead). */
  readonly budgetMs: number;
  readonly limits: LimitsReport | null;
  readonly startedAt: string;
  readonly seats: readonly PackageSeat[];
  readonly refereeCommand: readonly string[];
  /** The referee's log: its file name, how to show it, and where Jury kept it (null: not kept). */
  readonly log: CaiaSection['log'];
}

/** A mutable copy of a limits report for the record. */
function copyLimits(l: LimitsReport | null): GameRecord['limits'] {
  if (l === null) return null;
  return {
    requested: { ...l.requested },
    applied: l.applied.map((a) => ({ ...a })),
    notApplied: l.notApplied.map((n) => ({ ...n })),
    containment: l.containment,
  };
}

/** The cause, in {@link GameEnd}'s terms, of a hosted game that ended without a report. */
function failureCause(end: Exclude<CaiaEnd, { kind: 'reported' }>): RefereeFailureCause {
  switch (end.kind) {
    case 'bad-report':
      return 'bad-report';
    case 'referee-error':
      return 'protocol';
    case 'referee-exited':
      return 'exited';
    case 'watchdog':
      return 'watchdog';
    case 'aborted':
      return 'aborted';
  }
}

/** How a hosted game ended, as a {@link GameEnd}: the referee's report, or why there is none. */
export function packageGameEnd(end: CaiaEnd): GameEnd {
  if (end.kind === 'reported') return { kind: 'referee-report', message: end.message };
  return { kind: 'referee-failed', cause: failureCause(end), reason: describeCaiaEnd(end) };
}

/**
 * The record of a hosted game: a seat per player (its CodeCup status as the host decided it from the
 * tags and the referee's words, its failure what caiaio saw, its score from the report; 0 when there is
 * none), the players' lines as the record's lines, no moves, and the referee's side in the `caia` section
 * (with both accounts of each verdict). Call it once every program has been shut down.
 */
export function packageRecord(facts: PackageRecordParts, result: CaiaGameResult): GameRecord {
  const scores = result.end.kind === 'reported' ? [...result.end.scores] : result.players.map(() => 0);
  const seats = result.players.map((p, i): SeatRecord => {
    const seat = facts.seats[i];
    return {
      name: seat?.name ?? `player ${i + 1}`,
      command: seat ? [...seat.command] : null,
      executableHash: seat?.executableHash ?? null,
      status: p.status,
      failure: p.failure,
      takeover: null,
      score: scores[i] ?? 0,
      time: {
        chargedUs: p.time.chargedUs,
        wallUs: p.time.wallUs,
        cpuUs: p.time.cpuUs,
        moves: p.time.listens,
        maxChargedUs: p.time.maxChargedUs,
      },
      missed: { timeout: 0, invalid: 0, gone: 0 },
      stderr: { ...p.stderr },
      exit: p.exit,
      killedAfterEnd: p.failure === null && p.exit?.signal === 'SIGKILL',
    };
  });
  const playerLines = result.transcript.filter((l) => l.program > 0);
  const refereeLines = result.transcript.filter((l) => l.program === 0);
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    jury: JURY_VERSION,
    game: facts.info.id,
    rulesVersion: facts.info.rulesVersion,
    seed: facts.seed,
    board: null,
    timing: { mode: facts.timing, control: { kind: 'game-total', budgetMs: facts.budgetMs } },
    limits: copyLimits(facts.limits),
    startedAt: facts.startedAt,
    durationUs: result.durationUs,
    seats,
    lines: playerLines.map((l) => ({ t: l.t, dir: l.dir, seat: l.program - 1, text: l.text })),
    moves: [],
    end: packageGameEnd(result.end),
    scores,
    caia: {
      package: {
        ...facts.game,
        samples: [...facts.game.samples],
        log: facts.game.log && { ...facts.game.log },
      },
      timeFactor: result.timeFactor,
      limitUs: result.limitUs,
      referee: {
        command: [...facts.refereeCommand],
        exit: result.referee.exit,
        stderr: { ...result.referee.stderr },
        lines: refereeLines.map((l) =>
          l.ignored
            ? { t: l.t, dir: l.dir, text: l.text, ignored: true }
            : { t: l.t, dir: l.dir, text: l.text },
        ),
      },
      firstTags: result.players.map((p) => (p.firstTag === null ? null : { ...p.firstTag })),
      tags: result.players.map((p) => p.tags),
      verdicts: result.players.map(({ verdict: v }) => ({
        word: v.word,
        referee: v.referee,
        tag: v.tag,
        by: v.by,
      })),
      managerLines: [...result.managerLines],
      lockedAtEnd: result.lockedAtEnd,
      log: { ...facts.log },
    },
  };
}
