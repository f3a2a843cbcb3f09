import { z } from 'zod';
import type { Ranking } from '../tournament/ranking/types.ts';
import type { Crosstable, SeatStats } from '../tournament/results/crosstable.ts';
import type { TimeStatsRow } from '../tournament/results/time-stats.ts';
import { isFailure, type Failure } from '../games/failure.ts';
import { LANGUAGE_IDS } from '../bots/languages.ts';
import { DEFAULT_TIMING_MODE } from '../timing/modes.ts';
import { FORMAT_KINDS } from '../tournament/formats/kinds.ts';
import { ISSUE_KINDS } from '../tournament/issue-kinds.ts';
import {
  concurrencySchema,
  workersSchema,
  graceMsSchema,
  limitsSchema,
  memoryMiBSchema,
  scheduleSchema,
  timingModeSchema,
  timingSchema,
} from '../tournament/config-schema.ts';
import { limitNames, protectionStatuses } from './limit-names.ts';
import { gameEndSchema, gameIdSchema, seatSchema, seatStatusSchema, seedSchema } from './schemas.ts';
import { LANGUAGES, THEME_SETTINGS } from '../settings/choices.ts';

/**
 * The zod schemas of the app's data: the bot library, settings, presets, tournaments, live frames,
 * replays and exports. The request and event schemas are strict (unknown fields refused); responses made
 * by the engine are described exactly where the UI relies on the shape, and with `z.custom` for the big
 * computed report, whose type comes from shared/tournament.
 */

const id = z.string().trim().min(1, 'the id must not be empty').max(200);
const name = z
  .string()
  .trim()
  .min(1, 'the name must not be empty')
  .max(80, 'the name must be at most 80 characters');

/** A library bot's id. */
export const botIdSchema = id;
/** A tournament's id (its store file's name without the extension). */
export const tournamentIdSchema = id;

/** The languages a single source file can be built from (shared/bots/languages.ts). */
export const languageSchema = z.enum(LANGUAGE_IDS);

/** A bot in the library: a sample bot, a program, or a single source file built with a language preset. */
export const libraryBotSchema = z.object({
  id: botIdSchema,
  name,
  kind: z.enum(['sample', 'program', 'source']),
  /** The executable or source file; for sample bots the sample's id. */
  path: z.string(),
  args: z.array(z.string()),
  language: languageSchema.nullable(),
  /**
   * The game the bot plays: a sample bot's own; for the user's programs the game its first passed smoke
   * test was played in, or the one the organiser set (null: not known yet, offered for every game).
   */
  game: gameIdSchema.nullable(),
  /** sha256 of the program's content, or null when it cannot be read. */
  hash: z.string().nullable(),
  /** When the program's file last changed (ISO 8601), or null when it cannot be read. */
  modifiedAt: z.string().nullable(),
  addedAt: z.string(),
  /** `missing`: the file is gone; `build-failed`: the last build failed (see `buildLog`). */
  status: z.enum(['ready', 'missing', 'build-failed']),
  buildLog: z.string().nullable(),
  /** The working folder a program starts in (absent: the program's own folder). */
  cwd: z.string().optional(),
  /** Environment variables set for the program, beside Jury's own. */
  env: z.record(z.string(), z.string()).optional(),
  /** The last smoke test: its game, whether it passed and when (absent: never tested). */
  smoke: z.object({ game: gameIdSchema, passed: z.boolean(), at: z.string() }).optional(),
});

/** The user's settings; every field has a default, so an old settings file still loads. */
export const settingsSchema = z.strictObject({
  language: z.enum(LANGUAGES).default(LANGUAGES[0]),
  theme: z.enum(THEME_SETTINGS).default('system'),
  /** Defaults of the new-tournament form. */
  defaults: z
    .strictObject({
      timingMode: timingModeSchema.default(DEFAULT_TIMING_MODE),
      graceMs: graceMsSchema.default(1000),
      memoryMiB: memoryMiBSchema.default(1024),
      concurrency: concurrencySchema.nullable().default(null),
    })
    .default({ timingMode: DEFAULT_TIMING_MODE, graceMs: 1000, memoryMiB: 1024, concurrency: null }),
  /** The first-start demo was offered (and taken or declined). */
  demoOffered: z.boolean().default(false),
  /**
   * Remote workers (docs/workers.md): the Redis URL of the queue. The organiser's secret is never part of
   * the settings: it is kept in a file of its own, and `secretSet` only says whether there is one.
   */
  workers: z
    .strictObject({
      redisUrl: z.string().nullable().default(null),
      secretSet: z.boolean().default(false),
      /**
       * Whether the Redis URL carries a password. The app is never given the password back: the URL it
       * reads has none, and this says whether one is stored (settings.get; see settings-store.ts).
       */
      passwordSet: z.boolean().optional(),
    })
    .default({ redisUrl: null, secretSet: false }),
});

/** The organiser's secret of remote workers: at least 16 characters (docs/workers.md). */
export const workerSecretSchema = z
  .string()
  .min(16, 'the secret must be at least 16 characters')
  .max(1024, 'the secret must be at most 1024 characters');

/**
 * A change to the settings: any top-level field, with nothing filled in (a default here would overwrite
 * the stored value of a field the change does not name).
 */
export const settingsPatchSchema = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
  theme: z.enum(THEME_SETTINGS).optional(),
  defaults: z
    .strictObject({
      timingMode: timingModeSchema,
      graceMs: graceMsSchema,
      memoryMiB: memoryMiBSchema,
      concurrency: concurrencySchema.nullable(),
    })
    .optional(),
  demoOffered: z.boolean().optional(),
  /**
   * The Redis URL (null: none; without a password, the stored one is kept), its password (write-only;
   * null: remove it) and the secret (write-only; null: forget it).
   */
  workers: z
    .strictObject({
      redisUrl: z.string().trim().min(1, 'give a Redis URL or none').nullable().optional(),
      redisPassword: z.string().min(1).max(1024).nullable().optional(),
      secret: workerSecretSchema.nullable().optional(),
    })
    .optional(),
});

/** One remote worker as the app shows it (from its heartbeat). */
export const workerViewSchema = z.object({
  name: z.string(),
  host: z.string(),
  slots: z.number().int().min(0),
  /** Games it plays now. */
  running: z.number().int().min(0),
  /** Its speed benchmark time over this machine's: 1.25 is 25% slower, its bots get 25% more time. */
  speedFactor: z.number().positive(),
  /** Its speed benchmark time (ms): the fastest of its latest measurements (docs/workers.md). */
  benchmarkMs: z.number().positive(),
  /** When it last measured its speed (ISO 8601). */
  measuredAt: z.string(),
  /** Its last heartbeat (ISO 8601). */
  lastSeen: z.string(),
  /** Why it hands jobs back (a wrong secret, another Jury version, a speed factor out of range), or null. */
  problem: z.string().nullable(),
});

/** The remote workers of the settings' queue now. */
export const workersViewSchema = z.object({
  /** Whether the settings' Redis answered. */
  connected: z.boolean(),
  /** Why not (no URL set, Redis away), or null. */
  problem: z.string().nullable(),
  /**
   * This machine's speed benchmark that the factors are against (the fastest of its latest
   * `measurements`) and when it was last measured; null when the queue cannot be read.
   */
  reference: z
    .object({
      benchmarkMs: z.number().positive(),
      measuredAt: z.string(),
      measurements: z.number().int().min(1),
    })
    .nullable(),
  workers: z.array(workerViewSchema),
});

/**
 * A tournament as the "new tournament" form describes it: the CLI's config without its file header,
 * bots by library id. The engine checks the rest (names, seats per format, boards) and reports each
 * problem with the field's path.
 */
export const tournamentDraftSchema = z.strictObject({
  name: z.string().trim().min(1, 'the name must not be empty').max(120),
  game: gameIdSchema,
  seed: seedSchema.optional(),
  schedule: scheduleSchema,
  bots: z.array(botIdSchema).min(2, 'a tournament needs at least two bots'),
  timing: timingSchema,
  limits: limitsSchema,
  concurrency: concurrencySchema.optional(),
  boards: z.array(z.string()).min(1).optional(),
  /** Play on remote workers (the settings' Redis URL and secret), with this machine's own slots. */
  workers: workersSchema.optional(),
});

/** A saved, reusable set of tournament settings. */
export const presetSchema = z.object({ name, draft: tournamentDraftSchema });

/**
 * One problem with a draft, by the path of its field (`schedule.rounds`, `bots`): the engine's English
 * sentence, and for a schema's own complaint its kind and limit, which the form words in the user's
 * language (shared/tournament/issue-kinds.ts).
 */
export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  kind: z.enum(ISSUE_KINDS).optional(),
  limit: z.number().optional(),
});

/**
 * Where a tournament is: never started (`idle`); a run's state in this process (`running` … `aborted`);
 * `unfinished`: part of its schedule is played but no run is under way and none ended in this process
 * (Jury was restarted after a stop, an abort or being killed; a game was reset): it can be continued;
 * or complete (`done`). A closed list: the renderer switches over it exhaustively (logic/progress.ts).
 */
export const runStateSchema = z.enum([
  'idle',
  'running',
  'paused',
  'stopping',
  'done',
  'stopped',
  'aborted',
  'unfinished',
]);

/** A tournament in the list. */
export const tournamentSummarySchema = z.object({
  id: tournamentIdSchema,
  name: z.string(),
  game: gameIdSchema,
  format: z.enum(FORMAT_KINDS),
  state: runStateSchema,
  finished: z.number().int().min(0),
  total: z.number().int().min(0),
  running: z.number().int().min(0),
  /** Estimated milliseconds to the end while running, else null. */
  etaMs: z.number().min(0).nullable(),
  concurrency: z.number().int().min(1),
  createdAt: z.string(),
});

/**
 * What an import of CodeCup's result file says beside its summary (`CodecupImportNotes`): the rows where
 * the file contradicts itself (imported as published), the names with blanks around them.
 */
export const codecupImportNotesSchema = z.object({
  contradictions: z.object({
    rows: z.number().int().min(0),
    games: z.number().int().min(0),
    status: z.number().int().min(0),
    score: z.number().int().min(0),
    examples: z.array(z.string()),
  }),
  namesWithBlanks: z.array(z.string()),
  lookAlike: z.array(z.array(z.string())),
});

/** The answer to an import of CodeCup's result file: the new tournament and what the import noticed. */
export const codecupImportSchema = tournamentSummarySchema.extend({ notes: codecupImportNotesSchema });

/** One scheduled game with its result once finished. */
export const gameRowSchema = z.object({
  index: z.number().int().min(0),
  stage: z.string(),
  round: z.number().int().min(1),
  match: z.string(),
  /** Bot names in seat order. */
  seats: z.array(z.string()),
  state: z.enum(['scheduled', 'running', 'finished']),
  scores: z.array(z.number()).nullable(),
  statuses: z.array(seatStatusSchema).nullable(),
  end: z.string().nullable(),
  durationMs: z.number().min(0).nullable(),
});

/** The live picture of one running game, sent at a bounded rate per board (the latest wins). */
export const gameFrameSchema = z.object({
  tournament: tournamentIdSchema,
  game: z.number().int().min(0),
  stage: z.string(),
  round: z.number().int().min(1),
  seats: z.array(z.string()),
  ply: z.number().int().min(0),
  /** The game's JSON state (`toJson` of its module). */
  state: z.unknown(),
  lastMove: z.string().nullable(),
  /** Time charged so far per seat, in milliseconds. */
  clocksMs: z.array(z.number().min(0)),
  /** The seat to act, or null when the game is over. */
  toAct: seatSchema.nullable(),
  /** The final frame: scores and statuses set. */
  done: z.boolean(),
  scores: z.array(z.number()).nullable(),
});

/** One step of a replayed game: the state after a move (ply 0: the opening position, no move). */
export const replayStepSchema = z.object({
  ply: z.number().int().min(0),
  seat: seatSchema.nullable(),
  line: z.string().nullable(),
  by: z.enum(['bot', 'takeover', 'missed']).nullable(),
  state: z.unknown(),
  /** Time charged for this move (ms), when timed. */
  chargedMs: z.number().nullable(),
});

/** A protection's name (see shared/ipc/limit-names.ts). */
export const limitNameSchema = z.enum(limitNames);

/**
 * One protection: `enforced`; `partial` (applied, weaker than asked); `missing` (not applied on this
 * machine). `detail` is the engine's English sentence saying what is enforced or why it is not.
 */
export const protectionSchema = z.object({
  limit: limitNameSchema,
  status: z.enum(protectionStatuses),
  detail: z.string(),
});

/**
 * The resource limits to ask `system.protections` about, with the bounds of a draft's `limits`; a field
 * left out takes the settings' default (memory) or Jury's (256 processes, no network).
 */
export const protectionLimitsSchema = z.strictObject({
  memoryMiB: memoryMiBSchema.optional(),
  maxProcesses: z.number().int().min(1).nullable().optional(),
  network: z.boolean().optional(),
});

/** The limits a game ran under, from its record: what was asked, and what was enforced and what not. */
export const gameLimitsSchema = z.object({
  /** The tournament's limits (null: no cap; `network`: bots were allowed the network). */
  requested: z.object({
    memoryMiB: z.number().nullable(),
    maxProcesses: z.number().nullable(),
    network: z.boolean(),
  }),
  protections: z.array(protectionSchema),
});

/**
 * A game package's referee log as the game viewer shows it (electron/app/tournaments/referee-log.ts):
 * `text` is null when it cannot be shown, `missing` saying why (`not-kept`: the referee wrote none;
 * `gone`: the file was removed; `elsewhere`: the record names a file outside the store's log folder).
 */
export const refereeLogSchema = z.object({
  file: z.string(),
  kind: z.enum(['text', 'html']),
  text: z.string().nullable(),
  truncated: z.boolean(),
  missing: z.enum(['not-kept', 'gone', 'elsewhere']).nullable(),
});

/** A game package's referee log, as shown (see {@link refereeLogSchema}). */
export type RefereeLog = z.infer<typeof refereeLogSchema>;

/** A finished game, ready to replay move by move. */
export const gameReplaySchema = z.object({
  tournament: tournamentIdSchema,
  index: z.number().int().min(0),
  game: gameIdSchema,
  seed: seedSchema,
  board: z.string().nullable(),
  end: gameEndSchema,
  durationMs: z.number(),
  seats: z.array(
    z.object({
      name: z.string(),
      score: z.number(),
      status: seatStatusSchema,
      /**
       * How it failed, as the record's facts (shared/games/failure.ts), worded by the renderer in the
       * user's language; null when it did not fail. Checked by kind and ply only: the record was checked.
       */
      failure: z.custom<Failure>(isFailure, { message: 'not a failure' }).nullable(),
      /**
       * From which ply the judge's stand-in (takeover player) moved for this seat and how many moves it
       * made; null when it never did. Optional: an older engine did not send it.
       */
      takeover: z
        .object({ fromPly: z.number().int().min(0), moves: z.number().int().min(0) })
        .nullable()
        .optional(),
      chargedMs: z.number(),
      stderrShown: z.string(),
      stderrFull: z.string(),
      stderrTruncated: z.boolean(),
    }),
  ),
  steps: z.array(replayStepSchema),
  /** The limits the game ran under, from its record; null for a record without them. */
  limits: gameLimitsSchema.nullable(),
  /** A game package's game: the referee's own log or HTML replay (absent for a re-run). */
  refereeLog: refereeLogSchema.nullable().optional(),
  /**
   * A game of a tournament imported from CodeCup's result file: its result is all there is (no moves,
   * seed, times or error output), so it has nothing to replay, re-run or play again. Absent: false.
   */
  imported: z.boolean().optional(),
});

/**
 * The leaderboard of a view (shared/tournament/ranking `Ranking`: rows with place and placeTo, the stage
 * that ranked each, per-stage lines, W/D/L, irregular losses, Elo and openskill from every game,
 * `decidedBy`, and `basis` points or average), the one every view shows (`jury standings`, the exports).
 */
export const rankingSchema = z.custom<Ranking>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    Array.isArray((v as { rows?: unknown }).rows) &&
    Array.isArray((v as { stages?: unknown }).stages) &&
    ((v as { basis?: unknown }).basis === 'points' || (v as { basis?: unknown }).basis === 'average'),
  { message: 'not a ranking' },
);

/**
 * The ranking of the event or a stage and its crosstable: only what the running totals give, so it
 * answers fast on any number of stored games (the figures that read every game are in
 * {@link statisticsSchema}).
 */
export const standingsSchema = z.object({
  /** The leaderboard of the view asked for (its rows carry the ratings from every game). */
  ranking: rankingSchema,
  /** The view's crosstable from the pair totals (2-player games; else null), rows in ranking order. */
  crosstable: z.custom<Crosstable>((v) => typeof v === 'object' && v !== null).nullable(),
  /** The event's stages, in event order. */
  stages: z.array(z.string()),
});

/**
 * The statistics of the event or a stage that read every game of the view: points per seat, thinking
 * times and cumulative points per round, each in ranking order (`tournament.statistics`).
 */
export const statisticsSchema = z.object({
  /** Points by seat position over the view's games, bots in ranking order. */
  seatStats: z.custom<SeatStats>((v) => typeof v === 'object' && v !== null),
  /** Thinking times per bot over the view's games, in ranking order. */
  timeStats: z.array(z.custom<TimeStatsRow>((v) => typeof v === 'object' && v !== null)),
  /** Cumulative points after each round of the view, per bot, in ranking order. */
  pointsByRound: z.array(z.object({ name: z.string(), points: z.array(z.number()) })),
  /** The rounds of `pointsByRound`, in order: the stage and the round within it (with `unit` game: the game's number). */
  rounds: z.array(z.object({ stage: z.string(), round: z.number().int().min(1) })),
  /** What the chart's x axis counts: rounds, or games when the view has a single round (absent: rounds). */
  unit: z.enum(['round', 'game']).optional(),
});

/** The export formats. */
export const exportKindSchema = z.enum(['csv', 'json', 'html', 'transcripts']);

/** An export's file: its suggested name and its text. */
export const exportFileSchema = z.object({ fileName: z.string(), mime: z.string(), content: z.string() });

/** One line of a smoke test's protocol dialogue. */
export const dialogueLineSchema = z.object({
  seat: seatSchema,
  dir: z.enum(['in', 'out']),
  text: z.string(),
  /** A reply that was a move: its number in the game, as the game viewer numbers moves (from 1). */
  move: z.number().int().min(1).optional(),
});

/** The result of a one-game smoke test against the sample bot. */
export const smokeTestSchema = z.object({
  passed: z.boolean(),
  verdict: z.string(),
  dialogue: z.array(dialogueLineSchema),
  scores: z.array(z.number()),
  statuses: z.array(seatStatusSchema),
  /** A game package's test: the program's firsterror as caiaio tells it (`firsterror …` or `no_firsterror`). */
  firstError: z.string().optional(),
});

/** What the renderer needs to know about where it runs. */
export const appInfoSchema = z.object({
  version: z.string(),
  /** `desktop`: the Electron window; `browser`: `jury serve`. */
  mode: z.enum(['desktop', 'browser']),
  /** False for read-only spectators of `jury serve`. */
  canControl: z.boolean(),
  /** No settings were saved yet: offer the demo. */
  firstStart: z.boolean(),
  /** Where tournaments are stored. */
  storeFolder: z.string(),
});
