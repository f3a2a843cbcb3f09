import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledSampleScript } from '../../engine/bots/samples/compiled.ts';
import { findSampleBot } from '../../engine/bots/samples/index.ts';
import { findExecutable } from '../../engine/process/executables.ts';
import { BotLibrary, botGameProblem } from './bot-library.ts';

const hasGcc = findExecutable('gcc') !== null;
const SCRIPT = '#!/bin/sh\nwhile read line; do echo ok; done\n';
const C_ECHO = '#include <stdio.h>\nint main(void) { puts("built"); return 0; }\n';

let workspace: string;
let files: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'jury-library-'));
  files = join(workspace, 'files');
  await mkdir(files);
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function script(name: string, text = SCRIPT): Promise<string> {
  const path = join(files, name);
  await writeFile(path, text);
  await chmod(path, 0o755);
  return path;
}

describe('BotLibrary: programs', () => {
  it('adds an executable with its hash and last change, and keeps it across openings', async () => {
    const path = await script('my-bot.sh');
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path, args: ['--fast'] });
    expect(bot).toMatchObject({
      name: 'my-bot',
      kind: 'program',
      path,
      args: ['--fast'],
      language: null,
      game: null,
      hash: sha256(SCRIPT),
      status: 'ready',
      buildLog: null,
    });
    expect(bot.modifiedAt).toBe((await stat(path)).mtime.toISOString());
    expect(await library.matchBot(bot.id)).toEqual({ name: 'my-bot', command: [path, '--fast'], cwd: files });
    expect(library.configBot(bot.id)).toEqual({
      name: 'my-bot',
      executable: path,
      args: ['--fast'],
      cwd: files,
    });

    const again = await BotLibrary.open(workspace);
    expect(again.get(bot.id)).toEqual(bot);
    expect(await again.list()).toEqual([bot]);
  });

  it('refuses a file that is neither executable nor a known source, a missing file and a folder', async () => {
    const notes = join(files, 'notes.txt');
    await writeFile(notes, 'hello');
    const library = await BotLibrary.open(workspace);
    await expect(library.add({ path: notes })).rejects.toThrow(
      `cannot add ${notes}: it is not executable (chmod +x?), and its extension (.txt) is not one of a language`,
    );
    await expect(library.add({ path: join(files, 'gone') })).rejects.toThrow(
      `cannot add ${join(files, 'gone')}: there is no such file`,
    );
    await expect(library.add({ path: files })).rejects.toThrow('it is a folder');
    expect(await library.list()).toEqual([]);
    expect(existsSync(join(workspace, 'library.json'))).toBe(false);
  });

  it('makes default names unique and refuses a duplicate name given explicitly', async () => {
    const path = await script('bot.sh');
    const library = await BotLibrary.open(workspace);
    const first = await library.add({ path });
    const second = await library.add({ path });
    expect([first.name, second.name]).toEqual(['bot', 'bot 2']);
    expect(first.id).not.toBe(second.id);
    await expect(library.add({ path, name: 'BOT' })).rejects.toThrow(
      'a bot named "BOT" is already in the library',
    );
    expect((await library.list()).length).toBe(2);
  });

  it('renames, refusing a name another bot has, and removes', async () => {
    const library = await BotLibrary.open(workspace);
    const a = await library.add({ path: await script('a.sh') });
    const b = await library.add({ path: await script('b.sh') });
    const renamed = await library.rename(a.id, '  Alpha  ');
    expect(renamed.map((x) => x.name)).toEqual(['Alpha', 'b']);
    expect((await library.rename(a.id, 'alpha')).map((x) => x.name)).toEqual(['alpha', 'b']);
    await expect(library.rename(b.id, 'ALPHA')).rejects.toThrow(
      'a bot named "ALPHA" is already in the library',
    );
    await expect(library.rename('nope', 'x')).rejects.toThrow('no bot with id "nope"');

    expect((await library.remove(a.id)).map((x) => x.id)).toEqual([b.id]);
    expect(library.get(a.id)).toBeNull();
    await expect(library.remove(a.id)).rejects.toThrow(`no bot with id "${a.id}"`);
    expect((await (await BotLibrary.open(workspace)).list()).map((x) => x.name)).toEqual(['b']);
  });

  it('shows a deleted program as missing and a changed one with its new hash', async () => {
    const path = await script('bot.sh');
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path });
    await unlink(path);
    expect((await library.list())[0]).toMatchObject({ status: 'missing', hash: null, modifiedAt: null });
    await expect(library.matchBot(bot.id)).rejects.toThrow(`bot: cannot start ${path}: it does not exist`);

    const changed = `${SCRIPT}# v2\n`;
    await script('bot.sh', changed);
    const back = (await library.list())[0]!;
    expect(back).toMatchObject({ status: 'ready', hash: sha256(changed) });
    expect(back.hash).not.toBe(bot.hash);
    const stored = JSON.parse(await readFile(join(workspace, 'library.json'), 'utf8'));
    expect(stored.bots[0].hash).toBe(sha256(changed));
  });

  it('refuses a damaged library file, naming it', async () => {
    await writeFile(join(workspace, 'library.json'), '{"version":1,"bots":[{"id":""}]}');
    await expect(BotLibrary.open(workspace)).rejects.toThrow(/library\.json has invalid content: bots\.0\./);
  });
});

describe('BotLibrary: source files', () => {
  it('adds a JavaScript source, run by node', async () => {
    const path = join(files, 'echo.js');
    await writeFile(path, 'process.stdin.on("data", () => console.log("ok"));\n');
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path });
    expect(bot).toMatchObject({ name: 'echo', kind: 'source', language: 'javascript', status: 'ready' });
    expect(bot.buildLog).toBe('JavaScript (Node) needs no build: the source runs with node.\n');
    expect(await library.matchBot(bot.id)).toEqual({ name: 'echo', command: ['node', path], cwd: files });
    expect(library.configBot(bot.id)).toEqual({
      name: 'echo',
      source: { file: path, language: 'javascript' },
      args: [],
    });
  });

  it.skipIf(!hasGcc)(
    'builds a C source into its build folder, keeps the log, rebuilds when it changes',
    async () => {
      const path = join(files, 'hello.c');
      await writeFile(path, C_ECHO);
      const library = await BotLibrary.open(workspace);
      const bot = await library.add({ path });
      const program = join(workspace, 'builds', bot.id, 'hello');
      expect(bot).toMatchObject({ kind: 'source', language: 'c', status: 'ready', hash: sha256(C_ECHO) });
      expect(bot.buildLog).toMatch(
        new RegExp(`^\\$ gcc -O2 -std=c11 -o ${program} ${path} -lm\\n\\(exit 0, `),
      );
      const started = await library.matchBot(bot.id);
      expect(started).toEqual({ name: 'hello', command: [program], cwd: files });
      expect(spawnSync(program, { encoding: 'utf8' }).stdout).toBe('built\n');

      const builtAt = (await stat(program)).mtimeMs;
      await library.matchBot(bot.id);
      expect((await stat(program)).mtimeMs).toBe(builtAt);

      await writeFile(path, C_ECHO.replace('built', 'rebuilt'));
      await library.matchBot(bot.id);
      expect(spawnSync(program, { encoding: 'utf8' }).stdout).toBe('rebuilt\n');

      await library.remove(bot.id);
      expect(existsSync(join(workspace, 'builds', bot.id))).toBe(false);
      expect(existsSync(path)).toBe(true);
    },
  );

  it('keeps a source whose build fails, with the log, and builds it again when asked to start it', async () => {
    const path = join(files, 'broken.c');
    await writeFile(path, 'int main(void) { return missing; }\n');
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path, name: 'Broken' });
    expect(bot).toMatchObject({ name: 'Broken', status: 'build-failed' });
    expect(bot.buildLog).toMatch(
      hasGcc ? /building Broken with gcc failed \(exit 1\)[\s\S]*missing/ : /needs gcc/,
    );
    expect((await (await BotLibrary.open(workspace)).list())[0]).toMatchObject({ status: 'build-failed' });
    await expect(library.matchBot(bot.id)).rejects.toThrow(/^Broken: /);

    if (!hasGcc) return;
    await writeFile(path, C_ECHO);
    const fixed = await library.matchBot(bot.id);
    expect(fixed.command).toEqual([join(workspace, 'builds', bot.id, 'broken')]);
    expect(library.get(bot.id)).toMatchObject({ status: 'ready' });
    expect(library.get(bot.id)!.buildLog).toMatch(/^\$ gcc /);
  });
});

describe('BotLibrary: sample bots', () => {
  it('adds the samples of a game once, named after them', async () => {
    const library = await BotLibrary.open(workspace);
    const first = await library.addSamples('less');
    expect(first.map((b) => [b.name, b.kind, b.game, b.path, b.status])).toEqual([
      ['Less random', 'sample', 'less', 'less-random', 'ready'],
      ['Less greedy', 'sample', 'less', 'less-greedy', 'ready'],
    ]);
    const file = findSampleBot('less-random')!.file;
    expect(first[0]!.hash).toBe(
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
    expect(await library.addSamples('less')).toEqual(first);
    const all = await library.addSamples();
    expect(all.length).toBe(8);
    expect((await library.addSamples()).length).toBe(8);

    const random = first[0]!;
    // The sample's compiled script goes into its sandbox with it (samples/compiled.ts).
    const compiled = compiledSampleScript(file)!;
    expect(await library.matchBot(random.id)).toEqual({
      name: 'Less random',
      command: [process.execPath, compiled.file, 'less-random'],
      paths: [compiled.root],
      // Its version: the script, the session code and the Less folder's sources (see launch.test.ts).
      identity: expect.arrayContaining([
        file,
        resolve(dirname(file), '../../../../shared/games/less/rules.ts'),
      ]),
    });
    expect(library.configBot(random.id)).toEqual({ name: 'Less random', sample: 'random' });
    expect(library.configBot(random.id, 'less')).toEqual({ name: 'Less random', sample: 'random' });
    expect(() => library.configBot(random.id, 'more')).toThrow(
      'Less random is a sample bot of Less; it cannot play More',
    );
    expect(botGameProblem(random, 'more')).toBe('Less random is a sample bot of Less; it cannot play More');
    expect(botGameProblem(random, 'less')).toBeNull();
  });

  it('adds a removed sample again, and a name taken by the user gets a number', async () => {
    const library = await BotLibrary.open(workspace);
    await library.add({ path: await script('Less random.sh') });
    const bots = await library.addSamples('less');
    expect(bots.map((b) => b.name)).toEqual(['Less random', 'Less random 2', 'Less greedy']);
    const greedy = bots[2]!;
    await library.remove(greedy.id);
    expect((await library.addSamples('less')).map((b) => b.name)).toEqual([
      'Less random',
      'Less random 2',
      'Less greedy',
    ]);
    expect(botGameProblem({ name: 'mine', kind: 'program', game: null }, 'flit')).toBeNull();
  });
});

describe('BotLibrary: a bot tied to its game', () => {
  it('ties a program to the game of its first passed smoke test, and keeps a failed one', async () => {
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path: await script('mine.sh') });
    await library.recordSmoke(bot.id, 'more', false);
    let [now] = await library.list();
    expect(now).toMatchObject({ game: null, smoke: { game: 'more', passed: false } });
    await library.recordSmoke(bot.id, '6561', true);
    [now] = await library.list();
    expect(now).toMatchObject({ game: '6561', smoke: { game: '6561', passed: true } });
    // A later pass elsewhere does not move it: the organiser changes the game.
    await library.recordSmoke(bot.id, 'flit', true);
    expect((await library.list())[0]?.game).toBe('6561');
    expect(botGameProblem({ name: 'mine', kind: 'program', game: '6561' }, 'flit')).toBe(
      'mine plays 6561; it cannot play Flit (change its game on the Bots screen)',
    );
    // Kept across openings.
    const again = await BotLibrary.open(workspace);
    expect((await again.list())[0]).toMatchObject({ game: '6561', smoke: { game: 'flit', passed: true } });
  });

  it('opens with a program tied to a game package that is not loaded, shown without a game meanwhile', async () => {
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path: await script('mine.sh') });
    await library.recordSmoke(bot.id, 'more', true);
    // As a Jury with the package loaded wrote it; this process has no package of that id.
    const path = join(workspace, 'library.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as {
      bots: { game: string; smoke: { game: string } }[];
    };
    for (const b of file.bots) {
      b.game = 'pkg-gone';
      b.smoke.game = 'pkg-gone';
    }
    await writeFile(path, JSON.stringify(file));
    const again = await BotLibrary.open(workspace);
    const [shown] = await again.list();
    expect(shown).toMatchObject({ id: bot.id, game: null });
    expect(shown?.smoke).toBeUndefined();
    // Anything else saved keeps the package's id for when the package is back.
    await again.rename(bot.id, 'renamed');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ bots: [{ game: 'pkg-gone' }] });
  });

  it('lets the organiser set or clear a program’s game, never a sample’s', async () => {
    const library = await BotLibrary.open(workspace);
    const bot = await library.add({ path: await script('mine.sh') });
    expect((await library.setGame(bot.id, 'less')).find((b) => b.id === bot.id)?.game).toBe('less');
    expect((await library.setGame(bot.id, null)).find((b) => b.id === bot.id)?.game).toBeNull();
    const random = (await library.addSamples('less')).find((b) => b.kind === 'sample');
    await expect(library.setGame(random!.id, 'more')).rejects.toThrow('is a sample bot');
  });
});
