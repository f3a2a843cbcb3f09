import { describe, expect, it } from 'vitest';
import { parseBotDefinition } from './definition.ts';
import { identityFile } from './hash.ts';
import { javaMainClass, LANGUAGES } from './languages.ts';

describe('parseBotDefinition', () => {
  it('accepts a program and fills in the defaults', () => {
    expect(parseBotDefinition({ name: 'Mine', executable: './bot' })).toEqual({
      ok: true,
      value: { name: 'Mine', executable: './bot', args: [] },
    });
  });

  it('accepts a source file with a language', () => {
    const r = parseBotDefinition({ name: 'M', source: { file: 'm.cpp', language: 'cpp' }, args: ['-q'] });
    expect(r.ok && r.value.source).toEqual({ file: 'm.cpp', language: 'cpp' });
  });

  it.each([
    [{ name: 'M' }, 'executable: give either an executable or a source file'],
    [
      { name: 'M', executable: 'a', source: { file: 'a.c', language: 'c' } },
      'executable: give an executable or a source file, not both',
    ],
    [{ name: ' ', executable: 'a' }, 'name: the name must not be empty'],
    [
      { name: 'M', source: { file: 'a.cob', language: 'cobol' } },
      'source.language: the language must be one of c, cpp',
    ],
    [{ name: 'M', executable: 'a', args: [1] }, 'args.0:'],
    [{ name: 'M', executable: 'a', color: 'red' }, 'color'],
    [{ name: 'M', executable: 'a', env: { 'BAD-NAME': 'x' } }, 'env.BAD-NAME'],
  ])('names the bad field of %j', (input, message) => {
    const r = parseBotDefinition(input);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toContain(message);
  });
});

describe('language presets', () => {
  it('build with CodeCup-style flags', () => {
    expect(LANGUAGES.c.build('/s/bot.c', '/o')).toEqual([
      { tool: 'gcc', args: ['-O2', '-std=c11', '-o', '/o/bot', '/s/bot.c', '-lm'] },
    ]);
    expect(LANGUAGES.cpp.build('/s/bot.cpp', '/o')[0]?.args).toEqual([
      '-O2',
      '-std=c++17',
      '-o',
      '/o/bot',
      '/s/bot.cpp',
    ]);
    expect(LANGUAGES.pascal.build('/s/bot.pas', '/o')[0]?.args).toEqual([
      '-O2',
      '-FU/o',
      '-o/o/bot',
      '/s/bot.pas',
    ]);
    expect(LANGUAGES.rust.build('/s/bot.rs', '/o')[0]?.tool).toBe('rustc');
    expect(LANGUAGES.go.build('/s/bot.go', '/o')[0]?.args).toEqual(['build', '-o', '/o/bot', '/s/bot.go']);
    expect(LANGUAGES.python.build('/s/bot.py', '/o')).toEqual([]);
  });

  it('run the built program, or the interpreter on the source', () => {
    expect(LANGUAGES.c.run('/s/bot.c', '/o')).toEqual({ executable: '/o/bot', args: [] });
    expect(LANGUAGES.python.run('/s/bot.py', '/o')).toEqual({ executable: 'python3', args: ['/s/bot.py'] });
    expect(LANGUAGES.javascript.run('/s/bot.js', '/o')).toEqual({ executable: 'node', args: ['/s/bot.js'] });
    expect(LANGUAGES.java.run('/nowhere/Bot.java', '/o')).toEqual({
      executable: 'java',
      args: ['-cp', '/o', 'Bot'],
    });
  });

  it('finds the Java main class inside its package', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'jury-java-')), 'Player.java');
    writeFileSync(file, '// x\npackage org.codecup.bots;\nclass Player {}\n');
    expect(javaMainClass(file)).toBe('org.codecup.bots.Player');
  });
});

describe('identityFile', () => {
  it('is the program, or the script an interpreter runs', () => {
    const here = import.meta.dirname;
    expect(identityFile('/bots/mine', ['definition.test.ts'], here)).toBe('/bots/mine');
    expect(identityFile('/usr/bin/node', ['--max-old-space-size=100', 'definition.test.ts'], here)).toBe(
      `${here}/definition.test.ts`,
    );
    expect(identityFile('/usr/bin/java', ['-cp', '/nowhere', 'Main'], here)).toBe('/usr/bin/java');
  });
});
