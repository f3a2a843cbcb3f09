import { describe, expect, it } from 'vitest';
import { splitCommandLine, splitProgram } from './command-line.ts';

const words = (text: string): string[] => {
  const split = splitCommandLine(text);
  if (!split.ok) throw new Error(split.error.message);
  return split.value;
};

describe('one rule for a bot command line', () => {
  it('passes $HOME, globs, ~ and # on as typed: no shell expands them', () => {
    expect(words('./bot $HOME')).toEqual(['./bot', '$HOME']);
    expect(words('./bot --x=*.txt')).toEqual(['./bot', '--x=*.txt']);
    expect(words('./bot ~/x x#y #1')).toEqual(['./bot', '~/x', 'x#y', '#1']);
  });

  it('keeps a backslashed space in the word, and Windows paths as typed', () => {
    expect(words('./bot a\\ b')).toEqual(['./bot', 'a b']);
    expect(words('C:\\bots\\mine.exe --fast')).toEqual(['C:\\bots\\mine.exe', '--fast']);
    expect(words('./bot a\\\\b a\\|b')).toEqual(['./bot', 'a\\b', 'a|b']);
  });

  it('keeps spaces and operators inside quotes', () => {
    expect(words(`python3 "my bot.py" 'a | b' "say \\"hi\\""`)).toEqual([
      'python3',
      'my bot.py',
      'a | b',
      'say "hi"',
    ]);
    expect(words(`./bot '' ""`)).toEqual(['./bot', '', '']);
    expect(words('  ./bot   x  ')).toEqual(['./bot', 'x']);
    expect(words('   ')).toEqual([]);
  });

  it('refuses a quote left open and a shell operator, saying which', () => {
    for (const [text, code] of [
      ['./bot "open', 'quote'],
      ["./bot 'open", 'quote'],
      ['./bot a|b', 'operator'],
      ['./bot > out.txt', 'operator'],
      ['./bot; rm -rf ~', 'operator'],
      ['./bot `id`', 'operator'],
      ['./bot $(id)', 'operator'],
      ['./bot &', 'operator'],
    ] as const) {
      const split = splitCommandLine(text);
      expect(split.ok, text).toBe(false);
      if (!split.ok) expect(split.error.code, text).toBe(code);
    }
  });

  it('splits off the program, keeping the rest as typed', () => {
    expect(splitProgram(`java -jar "my bot.jar"`)).toEqual({ program: 'java', rest: '-jar "my bot.jar"' });
    expect(splitProgram('/opt/my\\ bots/run  --x')).toEqual({ program: '/opt/my bots/run', rest: '--x' });
    expect(splitProgram('"C:\\my bots\\run.exe" --x')).toEqual({
      program: 'C:\\my bots\\run.exe',
      rest: '--x',
    });
    expect(splitProgram('/home/me/bot')).toBeNull();
    expect(splitProgram('./bot | tee')).toBeNull();
  });
});
