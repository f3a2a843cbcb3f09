import { z } from 'zod';
import { LANGUAGE_IDS } from '../../../shared/bots/languages.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';

/** The languages Jury can build (or run) from a single source file: the one list in shared/bots/. */
export { LANGUAGE_IDS, type LanguageId } from '../../../shared/bots/languages.ts';

const nonEmpty = (what: string) => z.string().trim().min(1, `${what} must not be empty`);

/**
 * The zod schema of a bot definition. A bot is either a program to run (`executable` and `args`) or a
 * single source file to build with a language preset (`source`; `args` are then passed to the built
 * program). Relative paths are relative to the file the definition was read from (see
 * {@link resolveBotPaths}). Unknown fields are refused, so a typo never passes silently.
 */
export const botDefinitionSchema = z
  .strictObject({
    name: nonEmpty('the name').max(80, 'the name must be at most 80 characters'),
    executable: nonEmpty('the executable').optional(),
    args: z.array(z.string()).default([]),
    cwd: nonEmpty('the working directory').optional(),
    env: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'not a valid variable name'), z.string())
      .optional(),
    source: z
      .strictObject({
        file: nonEmpty('the source file'),
        language: z.enum(LANGUAGE_IDS, { error: `the language must be one of ${LANGUAGE_IDS.join(', ')}` }),
      })
      .optional(),
  })
  .check((ctx) => {
    const { executable, source } = ctx.value;
    if ((executable === undefined) === (source === undefined)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['executable'],
        message:
          executable === undefined
            ? 'give either an executable or a source file'
            : 'give an executable or a source file, not both',
      });
    }
  });

/** A valid bot definition (defaults filled in). */
export type BotDefinition = z.output<typeof botDefinitionSchema>;

/**
 * Checks untrusted input (a JSON file, a form) as a bot definition. On failure the error's message
 * names every bad field, for example `source.language: the language must be one of c, cpp, …`.
 */
export function parseBotDefinition(input: unknown): Result<BotDefinition, InputError> {
  const r = botDefinitionSchema.safeParse(input);
  if (r.success) return ok(r.data);
  const message = r.error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'bot'}: ${issue.message}`)
    .join('; ');
  return err({ code: 'bad-bot-definition', message });
}
