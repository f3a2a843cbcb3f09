import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSystemPath, namedPath, ownPaths, programView } from './program-view.ts';

function file(path: string, text: string): string {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

describe.runIf(process.platform === 'linux')('programView', () => {
  it('sees through a version manager shim to the interpreter, and shows its whole installation', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'jury-view-')), '.pyenv');
    const prefix = join(root, 'versions', '3.12.1');
    for (const d of ['shims', 'libexec', join('versions', '3.12.1', 'bin')])
      mkdirSync(join(root, d), { recursive: true });
    const real = file(join(prefix, 'bin', 'python3'), '#!/bin/sh\n');
    file(join(root, 'libexec', 'pyenv'), `#!/bin/sh\n[ "$1" = which ] && echo ${real}\n`);
    const shim = file(join(root, 'shims', 'python3'), '#!/bin/sh\nexec pyenv exec python3 "$@"\n');
    const bot = mkdtempSync(join(tmpdir(), 'jury-bot-'));
    file(join(bot, 'bot.py'), 'print(1)\n');
    const view = programView(shim, true, ['bot.py', '--fast'], bot, { PATH: '/usr/bin' }, null);
    expect(view.executable).toBe(real);
    expect(view.readOnly).toContain(prefix);
    expect(view.readOnly).toContain(bot); // bot.py's folder: its modules and data
    expect(view.pathDirs).toEqual([join(prefix, 'bin')]);
    // Named by its path (the app keeps the path it found for python3), the shim is still a runtime.
    const byPath = programView(shim, false, ['bot.py'], bot, { PATH: '/usr/bin' }, null);
    expect(byPath.executable).toBe(real);
    expect(byPath.readOnly).toContain(prefix);
    expect(ownPaths(shim, false, ['bot.py'], bot, null)).toEqual([bot]);
  });

  it('ownPaths: the folders of the bot’s own files, the rule remote workers ship by', () => {
    const top = mkdtempSync(join(tmpdir(), 'jury-own-'));
    for (const d of ['run', 'bots', join('run', 'data')]) mkdirSync(join(top, d));
    file(join(top, 'bots', 'x.py'), 'print(1)\n');
    const run = join(top, 'run');
    // python3 ../bots/x.py from run/: its folder and the script's, not the interpreter.
    expect(ownPaths('/usr/bin/python3', true, ['../bots/x.py', '-O', '.', 'nothing'], run, run)).toEqual([
      join(top, 'bots'),
      run,
    ]);
    // A folder an argument names is shown whole; a program named by its path, its folder.
    expect(ownPaths(join(top, 'bots', 'x.py'), false, ['data'], run, null)).toEqual([
      join(top, 'bots'),
      join(run, 'data'),
    ]);
    expect(namedPath('.', run)).toBeNull();
    expect(namedPath('-cp', run)).toBeNull();
    expect(namedPath('data', run)).toBe(join(run, 'data'));
  });

  it('a script naming its interpreter through env gets that interpreter', () => {
    const tools = mkdtempSync(join(tmpdir(), 'jury-tools-'));
    mkdirSync(join(tools, 'bin'));
    file(join(tools, 'bin', 'mynode'), '\x7fELF');
    const bot = mkdtempSync(join(tmpdir(), 'jury-bot-'));
    const script = file(join(bot, 'bot.js'), '#!/usr/bin/env mynode\n');
    const view = programView(script, false, [], bot, { PATH: `${join(tools, 'bin')}:/usr/bin` }, bot);
    expect(view.executable).toBe(script);
    expect(view.readOnly).toEqual([bot, tools].sort());
    expect(view.pathDirs).toEqual([join(tools, 'bin')]);
  });

  it('never shows the home folder, the root or /tmp whole', () => {
    const exe = join(homedir(), 'mybot');
    const view = programView(exe, false, ['/'], '/', { PATH: '/usr/bin' }, null);
    expect(view.readOnly).not.toContain(homedir());
    expect(view.readOnly).not.toContain('/');
    expect(isSystemPath('/usr/lib/jvm/java-17/bin/java')).toBe(true);
    expect(isSystemPath('/usrx/bin')).toBe(false);
  });
});
