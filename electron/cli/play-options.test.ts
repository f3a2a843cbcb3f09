import { describe, expect, it } from 'vitest';
import { splitCommand } from './play-options.ts';
import { UsageError } from './usage-error.ts';

// `jury play --bot` splits as the app's bot form does (shared/bots/command-line.ts): the cases where
// they used to differ.
describe('jury play --bot', () => {
  it('passes $HOME and globs on as typed, and keeps a backslashed space in its word', () => {
    expect(splitCommand('./bot $HOME')).toEqual(['./bot', '$HOME']);
    expect(splitCommand('./bot a\\ b')).toEqual(['./bot', 'a b']);
    expect(splitCommand('./bot --x=*.txt')).toEqual(['./bot', '--x=*.txt']);
  });

  it('refuses a shell operator, a quote left open and an empty command as usage errors', () => {
    expect(() => splitCommand('./bot > log')).toThrow(UsageError);
    expect(() => splitCommand('./bot "open')).toThrow(/a " quote is not closed/);
    expect(() => splitCommand('  ')).toThrow('--bot needs a command');
  });
});
