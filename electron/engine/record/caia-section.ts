import { z } from 'zod';
import { packageGameSchema } from '../../../shared/games/packages/game-schema.ts';

/**
 * The parts of a game record a game package adds (schema.ts holds the record): what the Caia host saw
 * of the referee, which the seats' lines and statuses do not show. A package game's record has no moves
 * (Jury does not know its rules); its players' lines are the record's `lines`, and the referee's side of
 * the dialogue is here, so the two together are the whole protocol transcript in time order.
 */

/** How a process ended (see ExitInfo in channel.ts). */
export const exitInfoSchema = z
  .object({
    code: z.number().int().nullable(),
    signal: z.string().nullable(),
    startError: z.string().optional(),
    memoryCapMiB: z.number().optional(),
  })
  .nullable();

/** A program's standard error: CodeCup's shown part and the bounded full log. */
export const stderrSchema = z.object({
  shown: z.string(),
  full: z.string(),
  truncated: z.boolean(),
  bytes: z.number().int(),
});

const refereeLine = z.object({
  /** Microseconds since the game started. */
  t: z.number(),
  /** `out`: the referee wrote it; `in`: Jury wrote it to the referee (a reply, a player's line, a tag). */
  dir: z.enum(['in', 'out']),
  text: z.string(),
  /** A line of the referee that went nowhere (an unknown first word, a player number out of range). */
  ignored: z.literal(true).optional(),
});

const firstTag = z.object({
  /** The tag the referee was sent, such as `<caiaio:_player_timeout>`. */
  tag: z.string(),
  /** At which of the player's listens (from 0). */
  listen: z.number().int().min(0),
  /** Microseconds since the game started. */
  t: z.number(),
});

const seatStatus = z.enum(['OK', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT']);

/** One player's verdict: both accounts of how it did, and which one its seat's status is (caia/verdict.ts). */
const verdict = z.object({
  /** The referee's word for it in its report message as written (`ILLEGAL`, `LOSE`), or null: none. */
  word: z.string().nullable(),
  /** The status that word means, or null (no word, or one that means nothing). */
  referee: seatStatus.nullable(),
  /** The status from the first tag caiaio sent the referee for it (OK: none); the seat's `failure` says why. */
  tag: seatStatus,
  /** Which decided the seat's status: the tag (a failure it names, or no usable word), or the referee's word. */
  by: z.enum(['referee', 'tag']),
});

/** The `caia` section of a package game's record. */
export const caiaSectionSchema = z.object({
  /**
   * The game package as it was played (its facts, with the folder it was loaded from): a reader of the
   * record registers it from these, so the record's `game` is known without the package at hand.
   */
  package: packageGameSchema,
  /** caiaio's time factor; every player's budget was `timing.control.budgetMs` × this. */
  timeFactor: z.number().positive(),
  /** Each player's budget after the time factor, in microseconds. */
  limitUs: z.number().min(0),
  referee: z.object({
    /** The referee's command line as started (its log path last). */
    command: z.array(z.string()),
    exit: exitInfoSchema,
    stderr: stderrSchema,
    lines: z.array(refereeLine),
  }),
  /** Per player: the first tag the referee was sent for it, or null. */
  firstTags: z.array(firstTag.nullable()),
  /** Per player: how many tags the referee was sent in all (a sticky timeout repeats). */
  tags: z.array(z.number().int().min(0)),
  /**
   * Per player: the referee's word and caiaio's tag, and which decided its status. Absent in records
   * made before Jury read the referee's words: their statuses are the tags'.
   */
  verdicts: z.array(verdict).optional(),
  /** Lines the referee sent the manager other than its report (`M …`). */
  managerLines: z.array(z.string()),
  /** Whether the referee still held the lock at the end. */
  lockedAtEnd: z.boolean(),
  /**
   * The referee's own log (its argv[1]): the file name it was given, how to show it, and where Jury kept
   * it after the game (null: not kept, because the referee wrote none or there was no place to keep it).
   */
  log: z.object({
    file: z.string(),
    kind: z.enum(['text', 'html']),
    path: z.string().nullable(),
  }),
});

/** The `caia` section of a game record (see {@link caiaSectionSchema}). */
export type CaiaSection = z.infer<typeof caiaSectionSchema>;
