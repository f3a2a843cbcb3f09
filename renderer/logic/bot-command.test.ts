import { describe, expect, it } from 'vitest';
import {
  commandText,
  localAddIssues,
  parseEnv,
  shortCommand,
  splitArgs,
  splitCommandLine,
} from './bot-command.ts';

describe('the add form’s command fields', () => {
  it('splits arguments at spaces, keeping quoted spaces, and refuses an open quote', () => {
    expect(splitArgs('bot.py --fast')).toEqual(['bot.py', '--fast']);
    expect(splitArgs(`  -jar "my bot.jar"  --name 'a b' ""`)).toEqual([
      '-jar',
      'my bot.jar',
      '--name',
      'a b',
      '',
    ]);
    expect(splitArgs('')).toEqual([]);
    expect(splitArgs('--name "open')).toBeNull();
  });

  it('splits as the CLI does (one rule: shared/bots/command-line.ts)', () => {
    expect(splitArgs('./bot $HOME')).toEqual(['./bot', '$HOME']);
    expect(splitArgs('./bot a\\ b')).toEqual(['./bot', 'a b']);
    expect(splitArgs('./bot --x=*.txt')).toEqual(['./bot', '--x=*.txt']);
    expect(splitCommandLine('/opt/my\\ bots/run --x')).toEqual({ program: '/opt/my bots/run', args: '--x' });
    const t = (key: string) => key;
    expect(localAddIssues({ args: '--x | tee log', env: '' }, t)).toEqual([
      { path: 'args', message: 'bots.add.issues.operator' },
    ]);
  });

  it('reads NAME=value lines and numbers the bad ones', () => {
    expect(parseEnv('LEVEL=3\n\nJAVA_OPTS=-Xmx256m -Xss8m\nnot a line\n1X=2')).toEqual({
      env: { LEVEL: '3', JAVA_OPTS: '-Xmx256m -Xss8m' },
      bad: [4, 5],
    });
  });

  it('splits a typed command line into program and arguments', () => {
    expect(splitCommandLine('python3 bot.py --fast')).toEqual({ program: 'python3', args: 'bot.py --fast' });
    expect(splitCommandLine('java -jar "my bot.jar"')).toEqual({
      program: 'java',
      args: '-jar "my bot.jar"',
    });
    expect(splitCommandLine('/home/me/bot')).toBeNull();
    expect(splitCommandLine('"/opt/my bots/run" --x')).toEqual({ program: '/opt/my bots/run', args: '--x' });
  });

  it('names the field of each quick problem', () => {
    const t = (key: string, params?: Record<string, unknown>) =>
      `${key}${params ? JSON.stringify(params) : ''}`;
    expect(localAddIssues({ args: '"x', env: 'A=1\nbad' }, t)).toEqual([
      { path: 'args', message: 'bots.add.issues.quote' },
      { path: 'env', message: 'bots.add.issues.envLine{"line":2}' },
    ]);
  });
});

describe('a bot’s command line in the list', () => {
  it('quotes only the words that need it, so splitting gives them back', () => {
    const args = ['--depth', '3', 'my bot', "it's", 'C:\\bots\\x', '$HOME'];
    const line = commandText('/usr/bin/python3', args);
    expect(line).toBe(`/usr/bin/python3 --depth 3 'my bot' "it's" 'C:\\bots\\x' $HOME`);
    expect(splitArgs(line)).toEqual(['/usr/bin/python3', ...args]);
  });

  it('folds a long program path first, keeping every argument, then cuts the end', () => {
    expect(shortCommand('/home/ada/bots/mine.py', ['--fast'])).toBe('/home/ada/bots/mine.py --fast');
    const program = '/home/ada/codecup/2026/submissions/final/build/release/mine';
    expect(shortCommand(program, ['--depth', '3'])).toBe('…/mine --depth 3');
    const long = shortCommand(program, ['--opening-book', '/home/ada/codecup/2026/books/openings.txt'], 40);
    expect(long).toHaveLength(40);
    expect(long).toMatch(/^…\/mine --opening-book \/home.*…$/);
  });
});
