import { rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { GameId } from '../../../shared/games/types.ts';
import { allSampleBots, findSampleBot, samplesOf } from '../../engine/bots/samples/index.ts';
import type { MatchBot } from '../../engine/play-match.ts';
import { whyNotExecutable } from '../../engine/process/executables.ts';
import { WriteQueue } from '../json-file.ts';
import { checkAddFields, type AddFields, type AddIssue } from './add-check.ts';
import { checkAddable, type AddBotRequest } from './add-request.ts';
import { botFile, factsChanged, fileFacts, refreshBot } from './bot-files.ts';
import { identityFile } from '../../engine/bots/hash.ts';
import { programFolder, toConfigBot, type ConfigBot } from './config-bot.ts';
import {
  libraryPath,
  readLibrary,
  toLibraryBot,
  writeLibrary,
  type LibraryBot,
  type StoredBot,
} from './library-file.ts';
import { checkNewName, defaultName, newBotId, uniqueName } from './naming.ts';
import { sampleMatchBot } from '../../engine/bots/sample-match-bot.ts';
import { buildSource, existingBuild, type SourceBot } from './source-build.ts';

export { botGameProblem, type ConfigBot } from './config-bot.ts';
export type { LibraryBot } from './library-file.ts';
export type { AddBotRequest } from './add-request.ts';

/**
 * The user's bots, kept in `<workspace>/library.json`: the sample bots, programs, and single source
 * files built with a language preset into `<workspace>/builds/<id>/`. Names are unique (ignoring case),
 * ids never change. Every change is written at once, atomically, in the order it was made.
 */
export class BotLibrary {
  readonly #workspace: string;
  readonly #path: string;
  readonly #queue = new WriteQueue();
  #bots: StoredBot[];
  /** Builds under way, by bot id: two tournaments starting together build a bot once. */
  readonly #building = new Map<string, Promise<MatchBot>>();

  private constructor(workspace: string, bots: StoredBot[]) {
    this.#workspace = resolve(workspace); // builds are bots' programs: found by absolute path

    this.#path = libraryPath(workspace);
    this.#bots = bots;
  }

  /** Reads the library of `workspace` (empty without a file; a damaged file is an error naming it). */
  static async open(workspace: string): Promise<BotLibrary> {
    return new BotLibrary(workspace, await readLibrary(libraryPath(workspace)));
  }

  /** Every bot, with each file's hash and last change read afresh (`missing` when it is gone). */
  async list(): Promise<LibraryBot[]> {
    const fresh = await Promise.all(this.#bots.map(refreshBot));
    let changed = false;
    // Matched by id: a bot may have been renamed or removed while the files were read.
    this.#bots = this.#bots.map((bot) => {
      const now = fresh.find((f) => f.id === bot.id);
      if (!now || !factsChanged(bot, now)) return bot;
      changed = true;
      return { ...bot, hash: now.hash, modifiedAt: now.modifiedAt, missing: now.missing };
    });
    if (changed) await this.#save();
    return this.#bots.map(toLibraryBot);
  }

  /** The bot with this id as last seen (no file is read), or null. */
  get(id: string): LibraryBot | null {
    const bot = this.#bots.find((b) => b.id === id);
    return bot ? toLibraryBot(bot) : null;
  }

  /**
   * Adds a program or a single source file. A source file (by its extension, or `language`) is built at
   * once; a failed build still adds the bot, with status `build-failed` and the compiler's output in
   * `buildLog`. Anything else must be an executable file. The name defaults to the file's name without
   * its extension, made unique; a name given explicitly that is already used is refused.
   */
  async add(request: AddBotRequest): Promise<LibraryBot> {
    const { path, language, cwd } = await checkAddable(request);
    if (request.name !== undefined) checkNewName(this.#bots, request.name);
    const args = request.args ?? [];
    const env = request.env && Object.keys(request.env).length > 0 ? { ...request.env } : undefined;
    // `python3 bot.py`: named after the script, not the interpreter.
    const base = request.name?.trim() ?? defaultName(identityFile(path, args, cwd ?? dirname(path)));
    const id = newBotId(this.#bots, base);
    const built =
      language === null
        ? null
        : await buildSource({ name: base, file: path, language, args, outDir: this.#buildDir(id) });
    const facts = await fileFacts(
      botFile({ kind: language === null ? 'program' : 'source', path, args, cwd }),
    );
    // The library may have changed during the build, so the name is settled only now.
    let name: string;
    try {
      name =
        request.name === undefined ? uniqueName(this.#bots, base) : checkNewName(this.#bots, request.name);
    } catch (e) {
      await rm(this.#buildDir(id), { recursive: true, force: true });
      throw e;
    }
    const bot: StoredBot = {
      id,
      name,
      kind: language === null ? 'program' : 'source',
      path,
      args: [...args],
      ...(cwd === undefined ? {} : { cwd }),
      ...(env === undefined ? {} : { env }),
      language,
      game: null,
      ...facts,
      addedAt: new Date().toISOString(),
      buildLog: built?.log ?? null,
      buildFailed: built !== null && !built.ok,
    };
    this.#bots = [...this.#bots, bot];
    await this.#save();
    return toLibraryBot(bot);
  }

  /** The add form's problems, field by field (add-check.ts), and a name another bot has. */
  checkAdd(fields: AddFields & { readonly name?: string | undefined }): AddIssue[] {
    const issues = checkAddFields(fields);
    if (fields.name !== undefined && fields.name.trim() !== '') {
      try {
        checkNewName(this.#bots, fields.name);
      } catch (e) {
        issues.push({ path: 'name', message: (e as Error).message });
      }
    }
    return issues;
  }

  /**
   * Adds the sample bots of `game` (or of every game) that are not in the library yet, named like
   * "Less random"; answers the whole library. Adding them again adds nothing.
   */
  async addSamples(game?: GameId): Promise<LibraryBot[]> {
    const wanted = (game === undefined ? allSampleBots : samplesOf(game)).filter(
      (s) => !this.#bots.some((b) => b.kind === 'sample' && b.path === s.id),
    );
    const facts = await Promise.all(wanted.map((s) => fileFacts(s.file)));
    const addedAt = new Date().toISOString();
    let added = false;
    for (const [i, sample] of wanted.entries()) {
      // Checked again: a second call may have added it while the files were read.
      if (this.#bots.some((b) => b.kind === 'sample' && b.path === sample.id)) continue;
      const name = uniqueName(this.#bots, sample.name.replace(/\s*\(sample\)$/, ''));
      const preferred = `sample-${sample.id}`;
      const id = this.#bots.some((b) => b.id === preferred) ? newBotId(this.#bots, preferred) : preferred;
      const bot: StoredBot = {
        id,
        name,
        kind: 'sample',
        path: sample.id,
        args: [],
        language: null,
        game: sample.game,
        ...(facts[i] ?? { hash: null, modifiedAt: null, missing: true }),
        addedAt,
        buildLog: null,
        buildFailed: false,
      };
      this.#bots = [...this.#bots, bot];
      added = true;
    }
    if (added) await this.#save();
    return this.list();
  }

  /** Renames a bot (a name used by another bot is refused); answers the whole library. */
  async rename(id: string, name: string): Promise<LibraryBot[]> {
    this.#require(id);
    const checked = checkNewName(this.#bots, name, id);
    this.#bots = this.#bots.map((b) => (b.id === id ? { ...b, name: checked } : b));
    await this.#save();
    return this.list();
  }

  /**
   * Ties one of the user's programs to `game` (null: any game); a sample bot's game cannot change.
   * Answers the whole library.
   */
  async setGame(id: string, game: GameId | null): Promise<LibraryBot[]> {
    const bot = this.#require(id);
    if (bot.kind === 'sample') throw new Error(`${bot.name} is a sample bot: it plays its own game only`);
    this.#bots = this.#bots.map((b) => (b.id === id ? { ...b, game } : b));
    await this.#save();
    return this.list();
  }

  /**
   * Keeps the outcome of a smoke test in `game`. A passed test ties a program that has no game yet to
   * `game` (detected: it speaks that game's protocol); a failed one leaves the game as it was.
   */
  async recordSmoke(id: string, game: GameId, passed: boolean): Promise<void> {
    const bot = this.#bots.find((b) => b.id === id);
    if (!bot) return;
    const smoke = { game, passed, at: new Date().toISOString() };
    const tie = passed && bot.kind !== 'sample' && bot.game === null;
    this.#bots = this.#bots.map((b) => (b.id === id ? { ...b, smoke, ...(tie ? { game } : {}) } : b));
    await this.#save();
  }

  /** Removes a bot and its build folder (never the user's own files); answers the whole library. */
  async remove(id: string): Promise<LibraryBot[]> {
    this.#require(id);
    this.#bots = this.#bots.filter((b) => b.id !== id);
    await this.#save();
    await rm(this.#buildDir(id), { recursive: true, force: true });
    return this.list();
  }

  /**
   * How to start the bot for one game. A source bot is built first when its build is missing, stale
   * (the source changed) or failed last time; a build that fails again is an error with the log.
   */
  async matchBot(id: string): Promise<MatchBot> {
    const bot = this.#require(id);
    switch (bot.kind) {
      case 'sample': {
        const sample = findSampleBot(bot.path);
        if (sample === undefined) throw new Error(`${bot.name}: this Jury has no sample bot ${bot.path}`);
        return sampleMatchBot(sample, bot.name);
      }
      case 'program': {
        const why = whyNotExecutable(bot.path);
        if (why !== null) throw new Error(`${bot.name}: cannot start ${bot.path}: ${why}`);
        return {
          name: bot.name,
          command: [bot.path, ...bot.args],
          cwd: programFolder(bot),
          ...(bot.env === undefined ? {} : { env: { ...bot.env } }),
        };
      }
      case 'source': {
        const running = this.#building.get(id);
        if (running) return running;
        const start = this.#sourceMatchBot(bot).finally(() => this.#building.delete(id));
        this.#building.set(id, start);
        return start;
      }
    }
  }

  /**
   * The bot as a tournament config's `bots` entry. With `game`, a sample bot of another game is refused
   * (see {@link botGameProblem}).
   */
  configBot(id: string, game?: GameId): ConfigBot {
    return toConfigBot(this.#require(id), game);
  }

  async #sourceMatchBot(bot: StoredBot): Promise<MatchBot> {
    if (bot.language === null) throw new Error(`${bot.name}: a source bot without a language`);
    const isFile = await stat(bot.path).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!isFile) throw new Error(`${bot.name}: the source file ${bot.path} no longer exists`);
    const source: SourceBot = {
      name: bot.name,
      file: bot.path,
      language: bot.language,
      args: bot.args,
      outDir: this.#buildDir(bot.id),
    };
    const ready = bot.buildFailed ? null : await existingBuild(source);
    if (ready !== null) return ready;
    const built = await buildSource(source);
    this.#bots = this.#bots.map((b) =>
      b.id === bot.id ? { ...b, buildLog: built.log, buildFailed: !built.ok } : b,
    );
    await this.#save();
    if (!built.ok) throw new Error(`${bot.name}: ${built.log.trimEnd()}`);
    return built.bot;
  }

  #require(id: string): StoredBot {
    const bot = this.#bots.find((b) => b.id === id);
    if (!bot) throw new Error(`no bot with id ${JSON.stringify(id)}`);
    return bot;
  }

  #buildDir(id: string): string {
    return join(this.#workspace, 'builds', id);
  }

  #save(): Promise<void> {
    // Reads the bots when the write runs, so queued writes always end with the latest state.
    return this.#queue.run(() => writeLibrary(this.#path, this.#bots));
  }
}
