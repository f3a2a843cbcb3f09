import { z } from 'zod';
import { RUN_BOUNDS } from '../../tournament/config-schema.ts';
import { inputError, ok, type InputError, type Result } from '../result.ts';
import { PACKAGE_PLAYERS } from './game.ts';
import { normalizePackagePath, packagePathProblem } from './paths.ts';
import { verdictOptionSchema } from './verdict-option.ts';

/**
 * A game package: a folder holding a year's CodeCup referee program (or any referee that speaks the
 * Caia protocol), the files it reads, and a manifest, `jury-game.json`, described here. The manifest is
 * versioned; paths in it are relative to the package folder. electron/engine/packages/ reads a folder,
 * checks its files and resolves its paths. Pure: zod only.
 */

/** The manifest's file name inside a package folder. */
export const MANIFEST_FILE = 'jury-game.json';
/** The manifest format's name and the version this Jury reads. */
export const GAME_PACKAGE_FORMAT = 'jury-game';
export const GAME_PACKAGE_VERSION = 1;
/** The time budget per player per game when the manifest names none: CodeCup's 30 seconds. */
export const DEFAULT_PACKAGE_BUDGET_MS = 30_000;

const packagePath = z.string({ error: 'must be a path (a string)' }).superRefine((path, ctx) => {
  const problem = packagePathProblem(path);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

const word = z.string({ error: 'must be a string' }).min(1, 'must not be an empty word');
const command = z
  .array(word, { error: 'must be a list of words, such as ["python3", "referee.py"]' })
  .min(1, 'must name at least the program to run');
const name = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);

const sample = z.strictObject({ name: name(80), command });

const log = z
  .strictObject({
    /** The file name the referee is given as argv[1], in its working folder. */
    file: z
      .string({ error: 'must be a file name' })
      .regex(/^[^/\\\0]+$/, 'must be a plain file name, without folders')
      .refine((f) => f !== '.' && f !== '..', 'must be a plain file name'),
    /** `html`: a replay to show in a browser view; `text`: a log to show as text. */
    kind: z.enum(['text', 'html']).optional(),
  })
  .transform((l) => ({ file: l.file, kind: l.kind ?? (/\.html?$/i.test(l.file) ? 'html' : 'text') }));

const unique =
  <T>(key: (item: T) => string, what: string) =>
  (items: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: [index], message: `${what} ${JSON.stringify(k)} twice` });
      seen.add(k);
    });
  };

/** The zod schema of a version-1 manifest (format and version are checked first by {@link parseGameManifest}). */
export const gameManifestSchema = z.strictObject({
  format: z.literal(GAME_PACKAGE_FORMAT),
  version: z.literal(GAME_PACKAGE_VERSION),
  /** The game's name as people see it (the title in pickers and reports). */
  name: name(80),
  /** Players per game: the referee talks to players 1 … players. */
  players: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(PACKAGE_PLAYERS.min, `must be at least ${PACKAGE_PLAYERS.min}`)
    .max(PACKAGE_PLAYERS.max, `must be at most ${PACKAGE_PLAYERS.max} (caiaio's limit)`),
  referee: z.strictObject({
    /** The referee program and its arguments; words naming package files are resolved by the loader. */
    command,
    protocol: z.literal('caia', { error: 'must be "caia" (the only referee protocol Jury speaks)' }),
  }),
  /** Each player's total time budget per game, in milliseconds (caiaio's `I player k exe <time>`). */
  budgetMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(RUN_BOUNDS.budgetMs.min, `must be at least ${RUN_BOUNDS.budgetMs.min}`)
    .max(RUN_BOUNDS.budgetMs.max, `must be at most ${RUN_BOUNDS.budgetMs.max} (a day)`)
    .default(DEFAULT_PACKAGE_BUDGET_MS),
  /**
   * The time factor, caiaio's `I cpu_speed <gamepc> <mypc>` as gamepc / mypc: every budget is multiplied
   * by it, and `request_time`'s estimate is the time used divided by it. Absent: 1.
   */
  cpuSpeed: z
    .number({ error: 'must be a number' })
    .min(0.01, 'must be at least 0.01')
    .max(100, 'must be at most 100')
    .optional(),
  /** Files and folders the referee reads from its working folder (`referee.txt`, tiles …), copied there. */
  files: z
    .array(packagePath, { error: 'must be a list of paths' })
    .transform((paths) => paths.map(normalizePackagePath))
    .superRefine(unique((p: string) => p, 'lists'))
    .default([]),
  /** Sample players shipped with the game (CodeCup's `player1`, …), for the smoke test and quick games. */
  samples: z
    .array(sample, { error: 'must be a list of { "name", "command" }' })
    .superRefine(unique((s: { name: string }) => s.name, 'names a sample'))
    .default([]),
  /** The referee's own log or HTML replay (argv[1]), when it writes one worth showing. */
  log: log.optional(),
  /** How the referee words each player's verdict in its report message (verdict-option.ts); absent: `codecup`. */
  verdict: verdictOptionSchema.optional(),
});

/** A valid manifest with its defaults filled in (`budgetMs`, `files`, `samples`). */
export type GameManifest = z.output<typeof gameManifestSchema>;

/** `referee.command.0` style path of a zod issue, or `(manifest)` for the whole object. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(manifest)' : path.map(String).join('.');
}

/**
 * Checks a parsed JSON value as a manifest. Every problem is named by its field (`referee.command: must
 * name at least the program to run`); the format and version are checked first, so that a file of
 * another kind or a newer Jury's manifest gets one clear sentence instead of a list. Never throws.
 */
export function parseGameManifest(value: unknown): Result<GameManifest, InputError> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return inputError('manifest-not-object', 'the manifest must be a JSON object ({ … })');
  }
  const { format, version } = value as { format?: unknown; version?: unknown };
  if (format !== GAME_PACKAGE_FORMAT) {
    return inputError(
      'manifest-format',
      `format: must be "${GAME_PACKAGE_FORMAT}" (found ${format === undefined ? 'none' : JSON.stringify(format)})`,
    );
  }
  if (version !== GAME_PACKAGE_VERSION) {
    const newer = typeof version === 'number' && version > GAME_PACKAGE_VERSION;
    return inputError(
      'manifest-version',
      newer
        ? `version: this Jury reads game packages of version ${GAME_PACKAGE_VERSION}; this one is version ${version} (made for a newer Jury?)`
        : `version: must be ${GAME_PACKAGE_VERSION} (found ${version === undefined ? 'none' : JSON.stringify(version)})`,
    );
  }
  const parsed = gameManifestSchema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const problems = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => `${fieldPath([...issue.path, key])}: unknown field (misspelt?)`)
      : [`${fieldPath(issue.path)}: ${issue.message}`],
  );
  return inputError('manifest-invalid', problems.join('; '));
}

/** Parses a manifest file's text (JSON) and checks it; see {@link parseGameManifest}. Never throws. */
export function parseGameManifestText(text: string): Result<GameManifest, InputError> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return inputError('manifest-json', `the manifest is not valid JSON: ${(e as Error).message}`);
  }
  return parseGameManifest(value);
}
