import { z } from 'zod';
import { isFailure, type Failure } from '../games/failure.ts';
import { PACKAGE_PLAYERS } from '../games/packages/game.ts';
import type { EventChannel, RequestChannel } from './channels.ts';
import {
  gameIdSchema,
  gameOutcomeSchema,
  gameSummaryInfoSchema,
  matchBotSchema,
  sampleBotSchema,
  seedSchema,
} from './schemas.ts';
import {
  appInfoSchema,
  botIdSchema,
  exportFileSchema,
  exportKindSchema,
  fieldIssueSchema,
  gameFrameSchema,
  gameReplaySchema,
  gameRowSchema,
  languageSchema,
  libraryBotSchema,
  presetSchema,
  protectionLimitsSchema,
  protectionSchema,
  runStateSchema,
  settingsPatchSchema,
  settingsSchema,
  workersViewSchema,
  smokeTestSchema,
  standingsSchema,
  statisticsSchema,
  tournamentDraftSchema,
  tournamentIdSchema,
  tournamentSummarySchema,
  codecupImportSchema,
  rankingSchema,
} from './app-schemas.ts';
import { concurrencySchema, timingModeSchema } from '../tournament/config-schema.ts';
import {
  competitionGameSchema,
  competitionRefSchema,
  competitionSchema,
  contestantNamesSchema,
  contestantSchema,
  eventInfoSchema,
  eventItemIdSchema,
  issuedCodeSchema,
  lockStateSchema,
  submissionSchema,
} from './event-schemas.ts';

/**
 * The one IPC contract between the renderer and the engine. Every request is a channel with a zod schema
 * for its payload and one for its response; every event (engine → renderer) is a channel with a schema
 * for its payload. The Electron main process validates both ends of every request (electron/ipc/
 * register.ts), `jury serve` does the same over WebSocket; the preload exposes one named method per
 * channel (electron/preload-api.ts). There is no other channel.
 */

const none = z.undefined();
const ok = z.null();
const tournament = z.strictObject({ id: tournamentIdSchema });
const game = z.strictObject({ id: tournamentIdSchema, index: z.number().int().min(0) });
const bots = z.array(libraryBotSchema);

export const ipcContract = {
  requests: {
    /** Version, desktop or browser, whether this client may control, first start. */
    'app.info': { request: none, response: appInfoSchema },
    /** Every game Jury can referee. */
    'games.list': { request: none, response: z.array(gameSummaryInfoSchema) },
    /** The sample bots of one game, the random player first. */
    'bots.samples': { request: z.strictObject({ game: gameIdSchema }), response: z.array(sampleBotSchema) },
    /** Plays one game between bots (sample ids or command lines) and returns its outcome. */
    'match.play': {
      request: z.strictObject({
        game: gameIdSchema,
        /** One per seat (a game package: 1 to 32 players). */
        bots: z.array(matchBotSchema).min(PACKAGE_PLAYERS.min).max(PACKAGE_PLAYERS.max),
        /** Omitted: the engine draws one and reports it in the outcome. */
        seed: seedSchema.optional(),
        /** How thinking time is charged (shared/timing/modes.ts: `official` wall-clock, `cpu` CPU time). */
        timing: timingModeSchema,
      }),
      response: gameOutcomeSchema,
    },
    /**
     * What this machine enforces for every bot under these limits, one row per protection: enforced,
     * partial or missing, with the engine's sentence. Worked out as a game's launch would be.
     */
    'system.protections': { request: protectionLimitsSchema, response: z.array(protectionSchema) },

    'settings.get': { request: none, response: settingsSchema },
    /** Changes some settings and stores them; answers the whole new settings. */
    'settings.set': { request: settingsPatchSchema, response: settingsSchema },
    'presets.list': { request: none, response: z.array(presetSchema) },
    /** Saves (or replaces, by name) a preset; answers every preset. */
    'presets.save': { request: presetSchema.strict(), response: z.array(presetSchema) },
    'presets.remove': { request: z.strictObject({ name: z.string() }), response: z.array(presetSchema) },
    /**
     * The remote workers beating on the settings' Redis now (docs/workers.md), each with its speed factor
     * against this machine; `connected: false` with the reason when there is no URL or Redis is away.
     */
    'workers.list': { request: none, response: workersViewSchema },

    /**
     * Loads the game package in a folder (or its jury-game.json) and keeps it in the app's package list,
     * so it comes back after a restart; a bad package is refused with the manifest's error (its field
     * named) and nothing is stored. Answers the package's games-list entry.
     */
    'games.addPackage': {
      request: z.strictObject({ path: z.string().trim().min(1, 'give the folder of a game package') }),
      response: gameSummaryInfoSchema,
    },
    /** Forgets an added package: it is no longer offered, and does not come back after a restart. */
    'games.removePackage': {
      request: z.strictObject({ id: gameIdSchema }),
      response: z.array(gameSummaryInfoSchema),
    },

    /** The bot library, with every program's hash and last change read afresh. */
    'bots.list': { request: none, response: bots },
    /** Adds a program or a single source file (built with its language preset; the log is kept). */
    'bots.add': {
      request: z.strictObject({
        path: z.string().min(1, 'give the path of a program or source file'),
        name: z.string().trim().min(1).max(80).optional(),
        args: z.array(z.string()).optional(),
        cwd: z.string().trim().optional(),
        env: z.record(z.string(), z.string()).optional(),
        language: languageSchema.optional(),
      }),
      response: libraryBotSchema,
    },
    /**
     * Checks the bot library form's fields one by one without adding anything: the program (a path or a
     * command on the PATH), arguments (an interpreter's script), working folder, environment, name.
     */
    'bots.checkAdd': {
      request: z.strictObject({
        path: z.string(),
        name: z.string().optional(),
        args: z.array(z.string()).optional(),
        cwd: z.string().optional(),
        env: z.record(z.string(), z.string()).optional(),
        language: languageSchema.optional(),
      }),
      response: z.array(fieldIssueSchema),
    },
    /** Adds the sample bots of one game (or of every game) that are not in the library yet. */
    'bots.addSamples': { request: z.strictObject({ game: gameIdSchema.optional() }), response: bots },
    'bots.rename': {
      request: z.strictObject({ id: botIdSchema, name: z.string().trim().min(1).max(80) }),
      response: bots,
    },
    'bots.remove': { request: z.strictObject({ id: botIdSchema }), response: bots },
    /** Plays one game of `game` between the bot and the game's random sample bot(s). */
    'bots.smokeTest': {
      request: z.strictObject({ id: botIdSchema, game: gameIdSchema }),
      response: smokeTestSchema,
    },
    /** Ties one of the user's programs to a game (null: any game); sample bots keep their own. */
    'bots.setGame': {
      request: z.strictObject({ id: botIdSchema, game: gameIdSchema.nullable() }),
      response: bots,
    },

    'tournaments.list': { request: none, response: z.array(tournamentSummarySchema) },
    /** Checks a draft without creating anything: every problem by its field's path. */
    'tournaments.check': {
      request: z.strictObject({ draft: z.unknown() }),
      response: z.array(fieldIssueSchema),
    },
    /** Creates a tournament from a draft (refused, naming every bad field, when the draft has problems). */
    'tournaments.create': {
      request: z.strictObject({ draft: tournamentDraftSchema }),
      response: tournamentSummarySchema,
    },
    /** Creates and starts the demo: a small Less tournament of the sample bots. */
    'tournaments.demo': { request: none, response: tournamentSummarySchema },
    /** Deletes a tournament that is not running, with its store file. */
    'tournaments.remove': { request: tournament, response: ok },
    /**
     * Imports CodeCup's published result file (its name and text) as a new read-only tournament named
     * after the file (" 2", " 3" … when the name is taken), every row as published; the answer's `notes`
     * say where the file contradicts itself and which names have blanks around them. A file that is not
     * CodeCup's layout is an error naming its line and column, and nothing is created.
     */
    'tournaments.importCodecup': {
      request: z.strictObject({
        fileName: z.string().min(1).max(255),
        text: z.string().max(64 * 1024 * 1024),
      }),
      response: codecupImportSchema,
    },
    /** The draft a tournament was created from, to run it again or save it as a preset. */
    'tournament.draft': { request: tournament, response: tournamentDraftSchema },
    'tournament.start': { request: tournament, response: tournamentSummarySchema },
    'tournament.pause': { request: tournament, response: tournamentSummarySchema },
    'tournament.resume': { request: tournament, response: tournamentSummarySchema },
    /** Finishes the running games, then stops. */
    'tournament.stop': { request: tournament, response: tournamentSummarySchema },
    /** Kills the running games (they restart from the start on the next run). */
    'tournament.abort': { request: tournament, response: tournamentSummarySchema },
    'tournament.concurrency': {
      request: z.strictObject({ id: tournamentIdSchema, concurrency: concurrencySchema }),
      response: tournamentSummarySchema,
    },
    /**
     * The ranking of the whole event or of one stage (`stage`: a stage name in any case, or
     * "Whole event"), the same rows `jury standings` and the exports show, with its crosstable, from the
     * running totals only (no read of every game); an unknown stage is an error.
     */
    'tournament.standings': {
      request: z.strictObject({ id: tournamentIdSchema, stage: z.string().optional() }),
      response: standingsSchema,
    },
    /**
     * What reads every game of the view (points per seat, thinking times, points per round), in the
     * ranking's order; the same payload as `tournament.standings`, asked for separately and less often.
     */
    'tournament.statistics': {
      request: z.strictObject({ id: tournamentIdSchema, stage: z.string().optional() }),
      response: statisticsSchema,
    },
    /** Every scheduled game with its result once finished, in schedule order. */
    'tournament.games': { request: tournament, response: z.array(gameRowSchema) },
    /** The latest frame of every running game. */
    'tournament.live': { request: tournament, response: z.array(gameFrameSchema) },
    /** A finished game, move by move. */
    'tournament.replay': { request: game, response: gameReplaySchema },
    /** Plays a finished game again from its seed and board (not stored); answers the new replay. */
    'tournament.rerun': { request: game, response: gameReplaySchema },
    /**
     * Deletes a finished game's result (Banksia's "delete game"): the game stays scheduled and the next
     * start plays it again; the totals are those of the remaining results. Refused, changing nothing, while
     * the tournament runs, for an imported tournament and for a game that has not finished.
     */
    'tournament.resetGame': { request: game, response: tournamentSummarySchema },
    'tournament.export': {
      request: z.strictObject({ id: tournamentIdSchema, kind: exportKindSchema }),
      response: exportFileSchema,
    },

    /**
     * The event this engine serves (`jury serve --event`, docs/event-day.md), or null. Every `event.*`
     * channel is the organiser's: only a controller may call one (channels.ts, organiserChannels).
     */
    'event.info': { request: none, response: eventInfoSchema.nullable() },
    /**
     * Opens the event in `folder` (absolute; creates it first from `settings` when given: shared/event/
     * settings.ts) and serves it to the LAN on `port` (0: any free one), as `jury serve --event` does;
     * the desktop app only (`jury serve` serves the event it was started with). Refused while one is open.
     */
    'event.open': {
      request: z.strictObject({
        folder: z.string().trim().min(1, 'give the event’s folder'),
        settings: z.unknown().optional(),
        port: z.number().int().min(0).max(65535).default(8080),
      }),
      response: eventInfoSchema,
    },
    /** Stops serving the event opened with `event.open` and closes it (after the builds under way). */
    'event.close': { request: none, response: ok },
    'event.contestants': { request: none, response: z.array(contestantSchema) },
    /** Adds contestants by name, all or none, each with a new join code (shown now, stored hashed). */
    'event.addContestants': {
      request: z.strictObject({ names: contestantNamesSchema }),
      response: z.array(issuedCodeSchema),
    },
    /** A new join code for a contestant; the old one stops working at once. */
    'event.newCode': { request: z.strictObject({ id: eventItemIdSchema }), response: issuedCodeSchema },
    /** Every version of every contestant: state, compile log, smoke test, disqualification. */
    'event.submissions': { request: none, response: z.array(submissionSchema) },
    /** A version's uploaded file: its text when it is a source file (null for an archive). */
    'event.source': {
      request: z.strictObject({ id: eventItemIdSchema }),
      response: z.object({ fileName: z.string(), size: z.number(), text: z.string().nullable() }),
    },
    /** Disqualifies a version (it never plays while disqualified), with a reason of 1 to 500 characters. */
    'event.disqualify': {
      request: z.strictObject({ id: eventItemIdSchema, reason: z.string() }),
      response: submissionSchema,
    },
    'event.readmit': { request: z.strictObject({ id: eventItemIdSchema }), response: submissionSchema },
    /** Locks (true) or unlocks uploads by hand; answers the lock as it now is (a passed deadline stays). */
    'event.setLocked': { request: z.strictObject({ locked: z.boolean() }), response: lockStateSchema },
    /** Plays a test competition now; answers it once it has ended (`event.competitions` shows it running). */
    'event.runTest': { request: none, response: competitionSchema },
    /** Plays the final with the locked versions (refused unless locked); answers it once it has ended. */
    'event.runFinal': { request: none, response: competitionSchema },
    'event.competitions': { request: none, response: z.array(competitionSchema) },
    'event.standings': { request: competitionRefSchema, response: rankingSchema },
    'event.games': { request: competitionRefSchema, response: z.array(competitionGameSchema) },
    /** A finished game of a competition, move by move, with every seat's stderr. */
    'event.replay': {
      request: z.strictObject({ competition: eventItemIdSchema, index: z.number().int().min(0) }),
      response: gameReplaySchema,
    },

    /** Desktop only: the native file dialog for a program or source file; null when cancelled. */
    'dialog.openBot': { request: none, response: z.string().nullable() },
    /** Desktop only: the native save dialog, then writes the file; the path, or null when cancelled. */
    'dialog.saveFile': { request: exportFileSchema.strict(), response: z.string().nullable() },
    /** Desktop only: the native folder dialog for a game package; null when cancelled. */
    'dialog.openPackage': { request: none, response: z.string().nullable() },
  },
  events: {
    /** A tournament's progress, after every started or finished game and every change of state. */
    'tournament.progress': z.object({
      id: tournamentIdSchema,
      state: runStateSchema,
      finished: z.number().int().min(0),
      total: z.number().int().min(0),
      running: z.number().int().min(0),
      /** Estimated milliseconds to the end, or null before the first game finished. */
      etaMs: z.number().min(0).nullable(),
      /**
       * Why the run stopped on its own (a game that could not be played, a store that failed); once, at
       * the start of a run that goes on, a warning (a program changed since its finished games); else null.
       */
      error: z.string().nullable(),
      /**
       * When a run ends: the bots that crashed before their first move in every game they played (every
       * result of theirs a forfeit), as facts the app words (shared/games/failure-texts.ts). Absent: none.
       */
      unplayed: z
        .array(
          z.object({
            name: z.string(),
            crashed: z.number().int().min(1),
            games: z.number().int().min(1),
            failure: z.custom<Failure>(isFailure, { message: 'not a failure' }).nullable(),
          }),
        )
        .optional(),
    }),
    /**
     * Something stored changed (a game finished or its result was deleted, a tournament was created or
     * removed): refetch.
     */
    'tournament.changed': z.object({
      id: tournamentIdSchema,
      reason: z.enum([
        'created',
        'removed',
        'scheduled',
        'game-started',
        'game-finished',
        'game-reset',
        'state',
      ]),
      game: z.number().int().min(0).nullable(),
    }),
    /** A game package was added or removed: read `games.list` again. */
    'games.changed': z.object({
      reason: z.enum(['added', 'removed']),
      game: gameIdSchema,
    }),
    /** The latest picture of a running game, at most a few per second per board. */
    'game.frame': gameFrameSchema,
    /** Desktop only: the application menu asks the window to show one of the main screens. */
    'app.navigate': z.object({ to: z.enum(['/', '/new', '/bots', '/settings']) }),
  },
} as const satisfies {
  readonly requests: {
    readonly [C in RequestChannel]: { readonly request: z.ZodType; readonly response: z.ZodType };
  };
  readonly events: { readonly [C in EventChannel]: z.ZodType };
};

/** The contract's type. */
export type IpcContract = typeof ipcContract;
/** The payload of request channel `C`, as the renderer sends it. */
export type Request<C extends RequestChannel> = z.input<IpcContract['requests'][C]['request']>;
/** The payload of request channel `C` after validation (defaults filled in), as a handler receives it. */
export type CheckedRequest<C extends RequestChannel> = z.output<IpcContract['requests'][C]['request']>;
/** The response of request channel `C`, as main returns it. */
export type Response<C extends RequestChannel> = z.infer<IpcContract['requests'][C]['response']>;
/** The payload of event channel `C`. */
export type EventPayload<C extends EventChannel> = z.infer<IpcContract['events'][C]>;

export {
  channelNames,
  controlChannels,
  organiserChannels,
  desktopOnlyChannels,
  eventChannels,
  isControlChannel,
  requestChannels,
} from './channels.ts';
export type { EventChannel, RequestChannel } from './channels.ts';
