import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareBot } from '../../../electron/engine/bots/build.ts';
import { parseBotDefinition, type LanguageId } from '../../../electron/engine/bots/definition.ts';
import { sha256File } from '../../../electron/engine/bots/hash.ts';
import { LANGUAGES } from '../../../electron/engine/bots/languages.ts';
import { findExecutable } from '../../../electron/engine/process/executables.ts';
import { runToCompletion } from '../../../electron/engine/process/run.ts';
import { ask, program, useBots } from './helpers.ts';

/** Echo bots: each answers every line with "<language> <line>". */
const SOURCES: Partial<Record<LanguageId, [string, string]>> = {
  c: [
    'echo.c',
    '#include <stdio.h>\n#include <math.h>\nint main(void){char l[256];while(fgets(l,sizeof l,stdin)){printf("c %s",l);fflush(stdout);}return (int)sqrt(0.0);}\n',
  ],
  cpp: [
    'echo.cpp',
    '#include <iostream>\n#include <string>\nint main(){std::string l;while(std::getline(std::cin,l))std::cout<<"cpp "<<l<<std::endl;}\n',
  ],
  java: [
    'Echo.java',
    'package demo;\nimport java.util.Scanner;\npublic class Echo { public static void main(String[] a) { Scanner s = new Scanner(System.in); while (s.hasNextLine()) { System.out.println("java " + s.nextLine()); System.out.flush(); } } }\n',
  ],
  python: ['echo.py', 'import sys\nfor l in sys.stdin:\n    print("python", l.strip(), flush=True)\n'],
  javascript: [
    'echo.js',
    "require('readline').createInterface({ input: process.stdin }).on('line', (l) => console.log('javascript ' + l));\n",
  ],
  rust: [
    'echo.rs',
    'use std::io::{BufRead, Write};\nfn main(){let o=std::io::stdout();for l in std::io::stdin().lock().lines(){let mut h=o.lock();writeln!(h,"rust {}",l.unwrap()).unwrap();h.flush().unwrap();}}\n',
  ],
};

/** A folder like any user's (mkdtemp makes it 0700, which a root Jury's unprivileged bots cannot enter). */
function workdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jury-build-'));
  chmodSync(dir, 0o755);
  return dir;
}

describe('building and running bots from one source file', () => {
  useBots();

  const languages = Object.keys(SOURCES) as LanguageId[];
  it.each(languages)('%s: builds (where the tools exist) and plays', async (language) => {
    const [file, text] = SOURCES[language]!;
    const preset = LANGUAGES[language];
    const dir = workdir();
    writeFileSync(join(dir, file), text);
    const def = parseBotDefinition({
      name: `${language} echo`,
      source: { file, language },
    });
    expect(def.ok).toBe(true);
    if (!def.ok) return;
    const r = await prepareBot(def.value, { baseDir: dir, buildDir: join(dir, 'build') });
    if (preset.tools.some((t) => !findExecutable(t))) {
      expect(r).toMatchObject({ ok: false, error: { code: 'missing-tool' } });
      return;
    }
    expect(r.ok ? null : r.error).toBeNull();
    if (!r.ok) return;
    const bot = program(r.value.launch.executable, r.value.launch.args);
    expect(await ask(bot, 'hi')).toMatchObject({ kind: 'line', line: `${language} hi` });
    expect(await bot.shutdown(10_000)).toMatchObject({ code: 0 });
    expect(await sha256File(r.value.identityFile)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps and returns the compiler output of a failed build', async () => {
    if (!findExecutable('gcc')) return;
    const dir = workdir();
    writeFileSync(join(dir, 'broken.c'), 'int main(void) { return undefined_name; }\n');
    const r = await prepareBot(
      { name: 'Broken', args: [], source: { file: 'broken.c', language: 'c' } },
      {
        baseDir: dir,
        buildDir: join(dir, 'out'),
      },
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('build-failed');
    expect(!r.ok && r.error.message).toContain('with gcc failed (exit 1)');
    expect(!r.ok && r.error.output).toContain('undefined_name');
  });

  it('names a missing compiler', async () => {
    const dir = workdir();
    writeFileSync(join(dir, 'bot.pas'), 'begin end.\n');
    const r = await prepareBot(
      { name: 'P', args: [], source: { file: 'bot.pas', language: 'pascal' } },
      {
        baseDir: dir,
        buildDir: join(dir, 'out'),
      },
    );
    if (findExecutable('fpc')) return;
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'missing-tool',
        message: 'Pascal bots need fpc, which is not installed (not found in PATH)',
      },
    });
  });

  it('reports a missing source file and a program that cannot be started', async () => {
    const dir = workdir();
    const missing = await prepareBot(
      { name: 'X', args: [], source: { file: 'nope.c', language: 'c' } },
      {
        baseDir: dir,
        buildDir: dir,
      },
    );
    expect(missing).toMatchObject({ ok: false, error: { code: 'missing-file' } });
    writeFileSync(join(dir, 'script'), '#!/bin/sh\n');
    const notExec = await prepareBot(
      { name: 'Y', args: [], executable: './script' },
      { baseDir: dir, buildDir: dir },
    );
    expect(notExec).toMatchObject({ ok: false, error: { code: 'cannot-start' } });
    expect(!notExec.ok && notExec.error.message).toContain('not executable');
  });

  it('runToCompletion captures output, exit and timeouts', async () => {
    const ok = await runToCompletion(
      process.execPath,
      ['-e', 'console.log("out"); console.error("err"); process.exit(4)'],
      {
        cwd: tmpdir(),
      },
    );
    expect(ok).toMatchObject({ code: 4, stdout: 'out\n', stderr: 'err\n', timedOut: false, error: null });
    const slow = await runToCompletion(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      cwd: tmpdir(),
      timeoutMs: 300,
    });
    expect(slow).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
    const none = await runToCompletion('jury-no-such-compiler', [], { cwd: tmpdir() });
    expect(none.error).toContain('ENOENT');
  });
});
