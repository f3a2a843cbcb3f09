import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExecutable } from '../../engine/process/executables.ts';
import { checkAddFields } from './add-check.ts';
import { BotLibrary } from './bot-library.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jury-add-check-'));
  await writeFile(join(dir, 'bot.py'), 'print("hi")\n');
  await mkdir(join(dir, 'data'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const python = findExecutable('python3');

describe('the bot form, field by field', () => {
  it('accepts an interpreter on the PATH with its script, working folder and environment', () => {
    expect(
      checkAddFields({ path: 'python3', args: ['bot.py', '--fast'], cwd: dir, env: { LEVEL: '3' } }),
    ).toEqual([]);
  });

  it('puts each problem under its own field', () => {
    expect(
      checkAddFields({
        path: 'python3',
        args: ['missing.py'],
        cwd: join(dir, 'nope'),
        env: { 'BAD NAME': '1' },
      }),
    ).toEqual([
      { path: 'cwd', message: `there is no folder ${join(dir, 'nope')}` },
      { path: 'env', message: '"BAD NAME" is not a valid variable name' },
    ]);
    expect(checkAddFields({ path: 'python3', args: ['missing.py'], cwd: dir })).toEqual([
      { path: 'args', message: `there is no file missing.py in ${dir}` },
    ]);
    expect(checkAddFields({ path: 'python3', cwd: 'relative/folder' })).toEqual([
      { path: 'cwd', message: 'give the working folder as a full path' },
    ]);
    expect(checkAddFields({ path: 'java', args: ['-jar'] })).toEqual([
      { path: 'args', message: 'java needs the script or jar to run as an argument' },
    ]);
  });

  it('says a typed command line belongs in two fields', () => {
    expect(checkAddFields({ path: 'python3 bot.py --fast', cwd: dir })).toEqual([
      {
        path: 'path',
        message:
          'there is no file "python3 bot.py --fast": put the program (python3) here and the rest (bot.py --fast) under Arguments',
      },
    ]);
    expect(checkAddFields({ path: 'no-such-interpreter-x' })[0]?.message).toBe(
      'there is no program "no-such-interpreter-x" on the PATH',
    );
    expect(checkAddFields({ path: join(dir, 'gone') })[0]?.message).toBe(
      `there is no such file: ${join(dir, 'gone')}`,
    );
    expect(checkAddFields({ path: '' })[0]?.path).toBe('path');
  });
});

describe.skipIf(python === null)('BotLibrary.add with a command, arguments, folder and environment', () => {
  it('keeps them, names the bot after its script and starts it that way', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'jury-library-'));
    try {
      const library = await BotLibrary.open(workspace);
      const bot = await library.add({
        path: 'python3',
        args: ['bot.py', '--fast'],
        cwd: dir,
        env: { LEVEL: '3' },
      });
      expect(bot).toMatchObject({
        name: 'bot',
        kind: 'program',
        path: python,
        cwd: dir,
        env: { LEVEL: '3' },
      });
      expect(await library.matchBot(bot.id)).toEqual({
        name: 'bot',
        command: [python, 'bot.py', '--fast'],
        cwd: dir,
        env: { LEVEL: '3' },
      });
      expect(library.configBot(bot.id)).toMatchObject({ executable: python, cwd: dir, env: { LEVEL: '3' } });
      await expect(library.add({ path: 'python3', args: ['nope.py'], cwd: dir })).rejects.toThrow(
        `there is no file nope.py in ${dir}`,
      );
      expect(library.checkAdd({ path: 'python3', args: ['bot.py'], cwd: dir, name: 'BOT' })).toEqual([
        { path: 'name', message: 'a bot named "BOT" is already in the library; choose another name' },
      ]);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });

  it('runs python3 /path/bot.py 42 (the form’s placeholder) in the script’s folder, never the program’s', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'jury-library-'));
    try {
      const library = await BotLibrary.open(workspace);
      const script = join(dir, 'bot.py');
      for (const path of ['python3', '/usr/bin/python3']) {
        const bot = await library.add({ path, args: [script, '42'], name: `Bot ${path.length}` });
        expect(bot.cwd).toBe(dir);
        expect(library.configBot(bot.id)).toMatchObject({ args: [script, '42'], cwd: dir });
        expect((await library.matchBot(bot.id)).cwd).toBe(dir);
      }
      // A system folder is never a bot's own: the sandbox would hide its programs with the bot's folder.
      expect(checkAddFields({ path: '/usr/bin/python3', args: [script], cwd: '/usr/bin' })).toEqual([
        {
          path: 'cwd',
          message:
            "/usr/bin is a system folder, not the bot's own: give the folder of its own files (the script it runs) as its working folder (cwd)",
        },
      ]);
      await expect(
        library.add({ path: '/usr/bin/python3', args: [script], cwd: '/usr/bin' }),
      ).rejects.toThrow('/usr/bin is a system folder');
      // Without a working folder a relative script names nothing: the app's own folder means nothing.
      expect(checkAddFields({ path: 'python3', args: ['bot.py'] })).toEqual([
        { path: 'args', message: "give the script's full path (python3 /path/bot.py), or a working folder" },
      ]);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });

  it('still refuses a file that cannot run', async () => {
    const file = join(dir, 'plain');
    await writeFile(file, 'x');
    await chmod(file, 0o644);
    expect(checkAddFields({ path: file })[0]?.path).toBe('path');
  });
});
