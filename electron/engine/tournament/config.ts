import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { gameDriver } from '../../../shared/games/driver.ts';
import { packageGameSchema } from '../../../shared/games/packages/game-schema.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { gameIdSchema } from '../../../shared/ipc/schemas.ts';
import { botDefinitionSchema } from '../bots/definition.ts';
import {
  concurrencySchema,
  workersSchema,
  limitsSchema,
  scheduleSchema,
  timingSchema,
} from '../../../shared/tournament/config-schema.ts';
import { seatProblem } from '../../../shared/tournament/formats/kinds.ts';
import { admitConfigPackage, resolveConfigGame } from './config-package.ts';

/** The config format's name and version; files of another version are refused with a clear message. */
export const CONFIG_FORMAT = 'jury-tournament';
export const CONFIG_VERSION = 1;

/**
 * A sample bot of the game instead of a program of one's own: by strength (`random`, `greedy`) for a
 * built-in game, by the manifest's name for a game package's sample players (checked against the game).
 */
const sampleBotSchema = z.strictObject({
  name: z.string().trim().min(1, 'the name must not be empty').max(80),
  sample: z.string().min(1, 'the sample must not be empty'),
});

/** The sample names a game offers (its driver's: strengths of a module game, a package's manifest names). */
function sampleNames(game: TournamentConfig['game']): readonly string[] {
  return gameDriver(game).samples;
}

/** The zod schema of a tournament config file. Unknown fields are refused, so a typo never passes silently. */
export const tournamentConfigSchema = z
  .strictObject({
    format: z.literal(CONFIG_FORMAT, { error: `the format must be "${CONFIG_FORMAT}"` }),
    version: z.literal(CONFIG_VERSION, {
      error: `this Jury reads version ${CONFIG_VERSION} of the config format`,
    }),
    name: z.string().trim().min(1, 'the name must not be empty').max(120),
    game: gameIdSchema,
    /** Written by Jury when `game` named a game package folder: its facts (config-package.ts). */
    package: packageGameSchema.optional(),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    schedule: scheduleSchema,
    bots: z
      .array(z.union([sampleBotSchema, botDefinitionSchema]))
      .min(2, 'a tournament needs at least two bots'),
    timing: timingSchema,
    limits: limitsSchema,
    concurrency: concurrencySchema.optional(),
    /** Fixed boards (Less, More), used in turn instead of generated ones. */
    boards: z.array(z.string()).min(1).optional(),
    /** The app's "play on remote workers" (`jury run` goes by its `--workers` flag instead). */
    workers: workersSchema.optional(),
  })
  .check((ctx) => {
    const c = ctx.value;
    const names = c.bots.map((b) => b.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined)
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['bots'],
        message: `two bots are named ${JSON.stringify(dup)}`,
      });
    const driver = gameDriver(c.game);
    const info = driver.facts;
    const module = driver.module;
    if (driver.carried.package && c.package?.id !== c.game) {
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['game'],
        message: `${info.title} is a game package: name its folder (a path relative to the config file)`,
      });
    }
    if (c.boards && !info.hasBoard) {
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['boards'],
        message: `${info.title} is not played on boards`,
      });
    }
    c.boards?.forEach((board, i) => {
      const check = module?.setup({ seed: 0, board });
      if (check && !check.ok)
        ctx.issues.push({ code: 'custom', input: c, path: ['boards', i], message: check.error.message });
    });
    const samples = sampleNames(c.game);
    c.bots.forEach((b, i) => {
      if ('sample' in b && !samples.includes(b.sample)) {
        const choose = samples.length > 0 ? `choose ${samples.join(', ')}` : 'it has none';
        ctx.issues.push({
          code: 'custom',
          input: c,
          path: ['bots', i, 'sample'],
          message: `${info.title} has no sample ${JSON.stringify(b.sample)}; ${choose}`,
        });
      }
    });
    const seats = info.seats;
    const seatsWrong = seatProblem(c.schedule.kind, seats, info.title);
    if (seatsWrong)
      ctx.issues.push({ code: 'custom', input: c, path: ['schedule', 'kind'], message: seatsWrong });
    if (c.bots.length < seats) {
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['bots'],
        message: `${info.title} needs at least ${seats} bots`,
      });
    }
    if (c.schedule.kind === 'gauntlet') {
      for (const ch of c.schedule.challengers) {
        if (!names.includes(ch))
          ctx.issues.push({
            code: 'custom',
            input: c,
            path: ['schedule', 'challengers'],
            message: `no bot is named ${JSON.stringify(ch)}`,
          });
      }
    }
  });

/** A valid tournament config, defaults filled in. */
export type TournamentConfig = z.output<typeof tournamentConfigSchema>;

/**
 * Checks untrusted input as a tournament config; the error names every bad field, e.g.
 * `schedule.swissRounds: swissRounds must be at least 1`. A config of a game package (its `package`
 * field, written by {@link loadTournamentConfig}) registers the package's facts first.
 */
export function parseTournamentConfig(input: unknown): Result<TournamentConfig, InputError> {
  const admitted = admitConfigPackage(input);
  if (!admitted.ok) return admitted;
  const r = tournamentConfigSchema.safeParse(input);
  if (r.success) return ok(r.data);
  const message = r.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : 'config'}: ${i.message}`)
    .join('; ');
  return err({ code: 'invalid-config', message });
}

/**
 * Reads and checks a config file (a path relative to Jury's working folder, as typed). Answers the config
 * and `baseDir`, the file's folder as an absolute path: the config's relative paths (bots, a game
 * package) are relative to it, wherever Jury runs later.
 */
export async function loadTournamentConfig(
  path: string,
): Promise<Result<{ config: TournamentConfig; baseDir: string }, InputError>> {
  const baseDir = dirname(resolve(path));
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err({
      code: 'unreadable',
      message: `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err({ code: 'not-json', message: `${path} is not JSON: ${(e as Error).message}` });
  }
  const resolved = await resolveConfigGame(json, baseDir);
  if (!resolved.ok) return err({ ...resolved.error, message: `${path}: ${resolved.error.message}` });
  const parsed = parseTournamentConfig(resolved.value);
  return parsed.ok
    ? ok({ config: parsed.value, baseDir })
    : err({ ...parsed.error, message: `${path}: ${parsed.error.message}` });
}

/** Stable participant ids from bot names: lower case, runs of other characters as `-`, unique. */
export function participantIds(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'bot';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}
