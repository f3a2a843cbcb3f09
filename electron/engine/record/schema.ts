import { z } from 'zod';
import { REFEREE_FAILURE_CAUSES, type GameEnd } from '../../../shared/games/end.ts';
import type { TimeControl } from '../../../shared/games/types.ts';
import { TIMING_MODES } from '../../../shared/timing/modes.ts';
import { gameIdSchema } from '../../../shared/ipc/schemas.ts';
import type { Failure } from '../referee/failure.ts';
import { LIMIT_NAMES, type LimitsReport as ProcessLimitsReport } from '../process/limits.ts';
import { PACKAGE_PLAYERS } from '../../../shared/games/packages/game.ts';
import { caiaSectionSchema, exitInfoSchema, stderrSchema } from './caia-section.ts';

/** The record format's name and version; readers reject other versions with a clear message. */
export const RECORD_FORMAT = 'jury-game-record';
export const RECORD_VERSION = 1;

/** A seat: built-in games have 2 or 4, a game package up to 32 (its players 1 … 32 are seats 0 … 31). */
const seat = z
  .number()
  .int()
  .min(0)
  .max(PACKAGE_PLAYERS.max - 1);
const exitInfo = exitInfoSchema;

// Annotated with the TypeScript unions so that the schema and the types can never drift apart.
const gameEnd: z.ZodType<GameEnd> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all-home') }),
  z.object({ kind: z.literal('turn-limit-rush') }),
  z.object({ kind: z.literal('stuck-rush'), seat }),
  z.object({ kind: z.literal('stuck-cutoff'), seat }),
  z.object({ kind: z.literal('move-cutoff'), moves: z.number().int() }),
  z.object({ kind: z.literal('move-limit'), moves: z.number().int() }),
  z.object({ kind: z.literal('no-valid-move'), seat }),
  z.object({ kind: z.literal('all-passed') }),
  z.object({ kind: z.literal('out-of-reach'), seat }),
  z.object({ kind: z.literal('referee-report'), message: z.string() }),
  z.object({ kind: z.literal('referee-failed'), cause: z.enum(REFEREE_FAILURE_CAUSES), reason: z.string() }),
]);

const ply = z.number().int().min(0);
const failure: z.ZodType<Failure> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('timeout'), ply, usedUs: z.number(), pending: z.string() }),
  z.object({ kind: z.literal('illegal'), ply, line: z.string(), reason: z.string() }),
  z.object({ kind: z.literal('unreadable'), ply, line: z.string(), reason: z.string() }),
  z.object({
    kind: z.literal('protocol'),
    ply,
    code: z.enum(['empty-line', 'too-long', 'undecodable']),
    detail: z.string(),
  }),
  z.object({ kind: z.literal('crash'), ply, exit: exitInfo, pending: z.string() }),
  z.object({ kind: z.literal('exit'), ply, exit: exitInfo, pending: z.string() }),
  z.object({ kind: z.literal('rules'), ply, reason: z.string() }),
  z.object({ kind: z.literal('start'), ply, reason: z.string() }),
]);

const timeControl: z.ZodType<TimeControl> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game-total'), budgetMs: z.number().positive() }),
  z.object({
    kind: z.literal('per-move'),
    deadlineMs: z.number().positive(),
    freezeAfter: z.number().int().positive(),
  }),
]);

const seatRecord = z.object({
  name: z.string(),
  /** The command line (executable then arguments), or null for an in-memory player. */
  command: z.array(z.string()).nullable(),
  /** sha256 of the executable's content, when known. */
  executableHash: z.string().nullable(),
  status: z.enum(['OK', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT']),
  /**
   * An imported CodeCup game only: the seat's win, draw or loss as the file published it (LOSE for a
   * failed seat), which need not follow from the scores. Absent for a game Jury played.
   */
  result: z.enum(['WIN', 'DRAW', 'LOSE']).optional(),
  failure: failure.nullable(),
  /** From which ply the judge's takeover player moved for this seat, and how many moves it made. */
  takeover: z.object({ fromPly: ply, moves: z.number().int().min(0) }).nullable(),
  score: z.number(),
  time: z.object({
    chargedUs: z.number(),
    wallUs: z.number(),
    cpuUs: z.number(),
    moves: z.number().int(),
    /**
     * The slowest reply held against the plain limit: in per-move games the first reply, which had the
     * start-up allowance as well, is left out (records made before counted it).
     */
    maxChargedUs: z.number(),
    /**
     * What the CPU figures count: `cgroup`, every process of the bot (its cgroup's clock: children, a
     * script's program, processes that ended); `process`, its own process alone (no cgroup could be
     * made). Absent in records before it was kept, and for in-memory players.
     */
    cpuSource: z.enum(['cgroup', 'process']).optional(),
    /**
     * Official timing: the CPU time the bot used while it was stopped during the others' turns (frozen
     * whole, next to nothing; stopped by signals, what a process that left its group used). Present
     * once the bot was stopped.
     */
    cpuWhileStoppedUs: z.number().optional(),
  }),
  /** Per-move games (Flit): turns without a valid move, by cause. */
  missed: z.object({ timeout: z.number().int(), invalid: z.number().int(), gone: z.number().int() }),
  stderr: stderrSchema,
  exit: exitInfo,
  /** It was still running after the grace period that followed the end of its game, and was killed. */
  killedAfterEnd: z.boolean(),
  /**
   * Official timing: the program was caught using CPU time while another one thought, and was stopped
   * (frozen, or SIGSTOP) during the others' turns from this ply on, to the end of the game. Absent for a program
   * that never was: it ran undisturbed.
   */
  stoppedFromPly: ply.optional(),
});

const lineRecord = z.object({
  /** Microseconds since the game started. */
  t: z.number(),
  /** `in`: written to the bot's standard input; `out`: read from its standard output. */
  dir: z.enum(['in', 'out']),
  seat,
  text: z.string(),
});

const moveRecord = z.object({
  ply,
  seat,
  /** The reply line as applied (for takeover moves: as the bot would have written it). */
  line: z.string(),
  by: z.enum(['bot', 'takeover', 'missed']),
  cause: z.enum(['timeout', 'invalid', 'gone']).optional(),
  wallUs: z.number().optional(),
  cpuUs: z.number().optional(),
  chargedUs: z.number().optional(),
});

const limitName = z.enum(LIMIT_NAMES);
const limitsReport = z.object({
  requested: z.object({
    memoryMiB: z.number().nullable(),
    maxProcesses: z.number().int().nullable(),
    network: z.boolean(),
    affinity: z.boolean().optional(),
  }),
  applied: z.array(z.object({ limit: limitName, detail: z.string(), partial: z.boolean().optional() })),
  notApplied: z.array(z.object({ limit: limitName, why: z.string() })),
  containment: z.enum(['pid-namespace', 'process-group']),
});

/** The zod schema of a game record: every game Jury plays is stored and exported in this form. */
export const gameRecordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  version: z.literal(RECORD_VERSION),
  jury: z.string(),
  game: gameIdSchema,
  rulesVersion: z.string(),
  seed: z.number().int().min(0).max(0xffffffff),
  board: z.string().nullable(),
  timing: z.object({ mode: z.enum(TIMING_MODES), control: timeControl }),
  limits: limitsReport.nullable(),
  startedAt: z.string(),
  durationUs: z.number(),
  seats: z.array(seatRecord).min(PACKAGE_PLAYERS.min).max(PACKAGE_PLAYERS.max),
  lines: z.array(lineRecord),
  /** The applied moves; empty for a game package (its referee knows the rules, Jury does not). */
  moves: z.array(moveRecord),
  end: gameEnd,
  scores: z.array(z.number()),
  /** A game package's game only: what the Caia host saw of the referee (caia-section.ts). */
  caia: caiaSectionSchema.optional(),
  /**
   * A game a remote worker played (`jury worker`): its name and host, and its speed factor against the
   * coordinator (every time budget of the game was scaled by it), with the two benchmark times it is made
   * of as they stood when the game started (the worker's and the coordinator's reference that the job
   * carried; a record of an older Jury has neither). Absent for a game played locally.
   */
  worker: z
    .object({
      name: z.string(),
      host: z.string(),
      speedFactor: z.number().positive(),
      benchmarkMs: z.number().positive().optional(),
      referenceMs: z.number().positive().optional(),
    })
    .optional(),
});

/** A complete game record (see {@link gameRecordSchema}). */
export type GameRecord = z.infer<typeof gameRecordSchema>;
/** One seat of a {@link GameRecord}. */
export type SeatRecord = GameRecord['seats'][number];
/** One applied move of a {@link GameRecord}. */
export type MoveRecord = GameRecord['moves'][number];
/** One line of a {@link GameRecord}'s dialogue. */
export type LineRecord = GameRecord['lines'][number];
/** Which resource limits a game ran under (the process layer's report, checked against it by the compiler). */
export type LimitsReport = z.infer<typeof limitsReport>;
const _sameReport: ProcessLimitsReport = {} as LimitsReport;
void _sameReport;
