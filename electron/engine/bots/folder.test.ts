import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareBot } from './build.ts';
import { botFolderProblem, defaultBotFolder } from './folder.ts';

describe("a bot's own folder", () => {
  const club = mkdtempSync(join(tmpdir(), 'jury-folder-'));
  mkdirSync(join(club, 'bots'));
  writeFileSync(join(club, 'bots', 'x.py'), 'print(1)\n');
  writeFileSync(join(club, 'carol.py'), 'print(1)\n');

  it('is its program’s folder, or for an interpreter the config’s folder or its script’s', () => {
    expect(defaultBotFolder(join(club, 'alice', 'bot'), [], club)).toBe(join(club, 'alice'));
    expect(defaultBotFolder('python3', ['carol.py'], club)).toBe(club);
    expect(defaultBotFolder('/usr/bin/python3', ['carol.py'], club)).toBe(club);
    expect(defaultBotFolder('/root/.pyenv/shims/python3', ['carol.py'], club)).toBe(club);
    // Without a config (the app's form): the script named by its full path.
    const script = join(club, 'bots', 'x.py');
    expect(defaultBotFolder('/usr/bin/python3', [script, '42'], null)).toBe(join(club, 'bots'));
    expect(defaultBotFolder('/usr/bin/python3', ['x.py'], null)).toBeNull();
  });

  it('is never a system folder', () => {
    expect(botFolderProblem(club)).toBeNull();
    expect(botFolderProblem('/usr/bin')).toBe(
      "/usr/bin is a system folder, not the bot's own: give the folder of its own files (the script it runs) as its working folder (cwd)",
    );
  });

  it('prepareBot makes the working folder, the program and the files the arguments name absolute', async () => {
    const ready = await prepareBot(
      { name: 'X', executable: '/usr/bin/python3', args: ['../bots/x.py', '-O', '.'], cwd: 'run' },
      { baseDir: club, buildDir: join(club, 'b') },
    );
    mkdirSync(join(club, 'run'), { recursive: true });
    const again = await prepareBot(
      { name: 'X', executable: '/usr/bin/python3', args: ['../bots/x.py', '-O', '.'], cwd: 'run' },
      { baseDir: club, buildDir: join(club, 'b') },
    );
    expect(ready.ok).toBe(false); // run/ did not exist yet
    expect(again.ok && again.value.launch).toMatchObject({
      executable: '/usr/bin/python3',
      args: [join(club, 'bots', 'x.py'), '-O', '.'],
      cwd: join(club, 'run'),
    });
    const noCwd = await prepareBot(
      { name: 'C', executable: '/usr/bin/python3', args: ['carol.py'] },
      { baseDir: club, buildDir: join(club, 'b') },
    );
    expect(noCwd.ok && noCwd.value.launch).toMatchObject({ args: [join(club, 'carol.py')], cwd: club });
    expect(
      await prepareBot(
        { name: 'S', executable: 'python3', args: [join(club, 'carol.py')], cwd: '/usr/bin' },
        { baseDir: club, buildDir: join(club, 'b') },
      ),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('S: /usr/bin is a system folder') },
    });
    await expect(
      prepareBot({ name: 'R', executable: 'python3', args: [] }, { baseDir: 'club', buildDir: 'b' }),
    ).rejects.toThrow('baseDir club is relative');
  });
});
