import { z } from 'zod';
import { FAILURE_STATUSES } from '../../tournament/results/results.ts';
import type { SeatStatus } from '../../tournament/types.ts';

/**
 * The manifest's `verdict`: how a year's referee words each player's verdict in its report message
 * (docs/caia.md, "The referee's verdict"). electron/engine/caia/verdict.ts reads a message by it.
 * - `"codecup"` (the default): CodeCup's convention, `PLAYER_1:_LOSE;_PLAYER_2:_WIN`;
 * - `"tags-only"`: the message is not read; statuses come from caiaio's tags alone;
 * - `{ "pattern": …, "words": … }`: a referee that words it differently. `pattern` is a regular
 *   expression (read case-insensitively, every match in the message) with the named groups `player` (its
 *   number, from 1) and `word`; absent, the convention's. `words` maps more words onto Jury's statuses,
 *   before the built-in ones (WIN → OK, ILLEGAL → ILLEGAL …).
 */
export type VerdictOption =
  | 'codecup'
  | 'tags-only'
  | {
      readonly pattern?: string | undefined;
      readonly words?: Readonly<Record<string, SeatStatus>> | undefined;
    };

/** The one spelling in which referee words are compared: its letters in upper case (`Timed_out` → `TIMEDOUT`). */
export function verdictWordKey(word: string): string {
  return word.toUpperCase().replace(/[^A-Z]/g, '');
}

/** The flags every `pattern` is read with: every match, either case. */
export const VERDICT_PATTERN_FLAGS = 'gi';

const statuses = ['OK', ...FAILURE_STATUSES] as const;

const pattern = z
  .string({ error: 'must be a regular expression (a string)' })
  .min(1, 'must not be empty')
  .max(300, 'must be at most 300 characters')
  .superRefine((source, ctx) => {
    try {
      new RegExp(source, VERDICT_PATTERN_FLAGS);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `is not a regular expression: ${(e as Error).message}` });
      return;
    }
    for (const group of ['player', 'word']) {
      if (!source.includes(`(?<${group}>`)) {
        ctx.addIssue({ code: 'custom', message: `must have the named group (?<${group}>…)` });
      }
    }
  });

const words = z
  .record(z.string(), z.enum(statuses, { error: `must be one of ${statuses.join(', ')}` }), {
    error: 'must map words to statuses, such as { "FORFEIT": "ILLEGAL" }',
  })
  .superRefine((map, ctx) => {
    for (const word of Object.keys(map)) {
      if (verdictWordKey(word) === '') {
        ctx.addIssue({ code: 'custom', path: [word], message: 'is not a word: it needs a letter' });
      }
    }
  })
  .optional();

const choice = 'must be "codecup", "tags-only" or { "pattern": …, "words": … }';

const named = z.enum(['codecup', 'tags-only'], { error: choice });
const custom = z.strictObject({ pattern: pattern.optional(), words });

/**
 * The zod schema of the manifest's `verdict` (see {@link VerdictOption}). A string must be one of the two
 * names; an object's own problems are named by their field (`verdict.words.FORFEIT: must be one of …`),
 * which a union would hide behind one sentence.
 */
export const verdictOptionSchema: z.ZodType<VerdictOption, unknown> = z.unknown().transform((value, ctx) => {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  const parsed = isObject ? custom.safeParse(value) : named.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  return z.NEVER;
});
