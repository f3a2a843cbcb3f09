import { z } from 'zod';
import type { EventChannel, RequestChannel } from './channels.ts';
import {
  gameIdSchema,
  gameOutcomeSchema,
  gameSummaryInfoSchema,
  matchBotSchema,
  sampleBotSchema,
  seatSchema,
  seedSchema,
} from './schemas.ts';

/**
 * The one IPC contract between the renderer and the Electron main process. Every request is a channel
 * with a zod schema for its payload and one for its response; every event (main → renderer) is a channel
 * with a schema for its payload. Main validates both ends of every request (electron/ipc/register.ts);
 * the preload exposes one named method per channel (electron/preload-api.ts). There is no other channel.
 */
export const ipcContract = {
  requests: {
    /** Every game Jury can referee. */
    'games.list': {
      request: z.undefined(),
      response: z.array(gameSummaryInfoSchema),
    },
    /** The sample bots of one game, the random player first. */
    'bots.samples': {
      request: z.object({ game: gameIdSchema }).strict(),
      response: z.array(sampleBotSchema),
    },
    /** Plays one game between bots (sample ids or command lines) and returns its outcome. */
    'match.play': {
      request: z
        .object({
          game: gameIdSchema,
          bots: z.array(matchBotSchema).min(2).max(4),
          /** Omitted: main draws one and reports it in the outcome. */
          seed: seedSchema.optional(),
          /** `official`: wall-clock time as CodeCup charges it; `cpu`: the bot's CPU time. */
          timing: z.enum(['official', 'cpu']),
        })
        .strict(),
      response: gameOutcomeSchema,
    },
  },
  events: {
    /** The running tournament's progress, after every finished or started game. */
    'tournament.progress': z.object({
      finished: z.number().int().min(0),
      total: z.number().int().min(0),
      running: z.number().int().min(0),
      /** Estimated milliseconds to the end, or null before the first game finished. */
      etaMs: z.number().min(0).nullable(),
    }),
    /** One applied move of a running game (coalesced per board by main). */
    'game.move': z.object({
      /** The game's index in the running tournament or match. */
      game: z.number().int().min(0),
      ply: z.number().int().min(0),
      seat: seatSchema,
      line: z.string(),
    }),
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
export type Request<C extends RequestChannel> = z.infer<IpcContract['requests'][C]['request']>;
/** The response of request channel `C`, as main returns it. */
export type Response<C extends RequestChannel> = z.infer<IpcContract['requests'][C]['response']>;
/** The payload of event channel `C`. */
export type EventPayload<C extends EventChannel> = z.infer<IpcContract['events'][C]>;

export { channelNames, eventChannels, requestChannels } from './channels.ts';
export type { EventChannel, RequestChannel } from './channels.ts';
