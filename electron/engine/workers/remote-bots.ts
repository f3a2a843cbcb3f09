import type { Redis } from 'ioredis';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { LANGUAGE_IDS } from '../../../shared/bots/languages.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { botHash } from '../bot-launcher.ts';
import { prepareBot } from '../bots/build.ts';
import { findGameSample, sampleMatchBot } from '../bots/sample-match-bot.ts';
import type { MatchBot } from '../play-match.ts';
import type { TournamentConfig } from '../tournament/config.ts';
import type { ReadyBot } from '../tournament/ready-bots.ts';
import { readTree, type TreeCache } from './file-tree.ts';
import { fetchTree, uploadTree } from './program-store.ts';

const hash = z.string().regex(/^[0-9a-f]{64}$/);
/** A word of a command line: as it is, or a path inside the program's folder. */
const word = z.union([z.string(), z.strictObject({ inTree: z.string() })]);
const env = z.record(z.string(), z.string()).optional();

/** A participant as a worker starts it: a sample bot of its own Jury, or a program by its folder's hash. */
export const remoteBotSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('sample'), id: z.string(), name: z.string(), sample: z.string() }),
  z.strictObject({
    kind: z.literal('program'),
    id: z.string(),
    name: z.string(),
    /** The program's folder (its working folder, which it sees), by tree hash. */
    tree: hash,
    command: z.array(word).min(1),
    env,
    /** The program's hash recorded for the tournament (botHash): the worker's copy must have it. */
    hash: hash.nullable(),
  }),
  z.strictObject({
    kind: z.literal('source'),
    id: z.string(),
    name: z.string(),
    tree: hash,
    /** The source file inside the folder, built on the worker with the language's preset. */
    file: z.string(),
    language: z.enum(LANGUAGE_IDS),
    args: z.array(z.string()),
    env,
  }),
]);

/** A participant as a worker starts it (see {@link remoteBotSchema}). */
export type RemoteBot = z.infer<typeof remoteBotSchema>;

/**
 * Describes every ready bot of a run for workers and puts each program's folder in Redis (the
 * coordinator, once per run): a sample bot by its name; a program by its working folder (which is what
 * it sees of the disk), the command's paths inside that folder made relative to it, and the hash the
 * tournament recorded for it; a single source file by its folder and file, to be built on the worker.
 * Game packages are not sent to workers yet: refused with a clear message.
 */
export async function describeBots(
  config: TournamentConfig,
  baseDir: string,
  ready: readonly ReadyBot[],
  redis: Redis,
): Promise<RemoteBot[]> {
  const out: RemoteBot[] = [];
  for (const [i, def] of config.bots.entries()) {
    const bot = ready[i];
    if (bot === undefined) throw new Error(`bots.${i}: not ready`);
    const { id, name } = bot;
    if ('sample' in def) {
      if (findGameSample(config.game, def.sample) === undefined) {
        throw new Error(`${name}: a game package's sample player cannot run on workers yet`);
      }
      out.push({ kind: 'sample', id, name, sample: def.sample });
      continue;
    }
    const cwd = bot.bot.cwd ?? baseDir;
    const { tree, files } = await readTree(cwd);
    await uploadTree(redis, tree, files);
    const e = def.env ? { env: def.env } : {};
    if (def.source) {
      const file = relative(cwd, resolve(baseDir, def.source.file));
      out.push({
        kind: 'source',
        id,
        name,
        tree: tree.hash,
        file,
        language: def.source.language,
        args: def.args,
        ...e,
      });
      continue;
    }
    const command = bot.bot.command.map((w) => {
      const inside = isAbsolute(w) ? relative(cwd, w) : null;
      return inside !== null && !inside.startsWith('..') && !isAbsolute(inside) ? { inTree: inside } : w;
    });
    out.push({ kind: 'program', id, name, tree: tree.hash, command, ...e, hash: await botHash(bot.bot) });
  }
  return out;
}

/**
 * Makes a job's bots startable on this worker: sample bots from this Jury, programs fetched by hash into
 * the cache (once), single source files built once per folder into `buildRoot`. Throws, naming the bot,
 * when a program's hash is not the one the tournament recorded, or a build fails.
 */
export class RemoteBots {
  private readonly redis: Redis;
  private readonly cache: TreeCache;
  private readonly buildRoot: string;
  private readonly made = new Map<string, Promise<MatchBot>>();

  constructor(redis: Redis, cache: TreeCache, buildRoot: string) {
    this.redis = redis;
    this.cache = cache;
    this.buildRoot = buildRoot;
  }

  /** The bots by participant id. */
  async ready(game: GameId, bots: readonly RemoteBot[]): Promise<Map<string, MatchBot>> {
    const out = new Map<string, MatchBot>();
    for (const bot of bots) {
      const key = `${game}\0${JSON.stringify(bot)}`;
      let made = this.made.get(key);
      if (made === undefined) {
        made = this.make(game, bot);
        this.made.set(key, made);
        made.catch(() => this.made.delete(key));
      }
      out.set(bot.id, await made);
    }
    return out;
  }

  private async make(game: GameId, bot: RemoteBot): Promise<MatchBot> {
    if (bot.kind === 'sample') {
      const sample = findGameSample(game, bot.sample);
      if (!sample)
        throw new Error(`${bot.name}: this worker's Jury has no ${bot.sample} sample bot for ${game}`);
      return sampleMatchBot(sample, bot.name);
    }
    const folder = await fetchTree(this.redis, bot.tree, this.cache);
    if (bot.kind === 'source') {
      const prepared = await prepareBot(
        {
          name: bot.name,
          source: { file: join(folder, bot.file), language: bot.language },
          args: bot.args,
          ...(bot.env ? { env: bot.env } : {}),
        },
        { baseDir: folder, buildDir: join(this.buildRoot, bot.tree) },
      );
      if (!prepared.ok) throw new Error(`${bot.name}: ${prepared.error.message}`);
      const { launch } = prepared.value;
      return {
        name: bot.name,
        command: [launch.executable, ...launch.args],
        cwd: folder,
        folder,
        ...(launch.env ? { env: launch.env } : {}),
      };
    }
    const command = bot.command.map((w) => (typeof w === 'string' ? w : join(folder, w.inTree)));
    const made: MatchBot = {
      name: bot.name,
      command,
      cwd: folder,
      folder,
      ...(bot.env ? { env: bot.env } : {}),
    };
    const got = await botHash(made);
    if (bot.hash !== null && got !== bot.hash) {
      throw new Error(
        `${bot.name}: the program here has hash ${String(got).slice(0, 12)}…, not the tournament's ${bot.hash.slice(0, 12)}…`,
      );
    }
    return made;
  }
}
