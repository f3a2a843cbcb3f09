import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, parseBotArgs } from './runner.ts';

describe('parseBotArgs', () => {
  it('uses the fixed default seed without arguments', () => {
    expect(parseBotArgs([])).toEqual({ seed: DEFAULT_SEED, help: false });
  });

  it('reads --seed N and --seed=N, negative numbers included', () => {
    expect(parseBotArgs(['--seed', '42'])).toEqual({ seed: 42, help: false });
    expect(parseBotArgs(['--seed=-7'])).toEqual({ seed: -7, help: false });
  });

  it('recognises --help', () => {
    expect(parseBotArgs(['--help'])).toEqual({ seed: DEFAULT_SEED, help: true });
  });

  it('refuses a missing or non-integer seed and unknown arguments, saying what is wrong', () => {
    expect(parseBotArgs(['--seed'])).toEqual({ error: '--seed needs an integer, got nothing' });
    expect(parseBotArgs(['--seed', '1.5'])).toEqual({ error: '--seed needs an integer, got "1.5"' });
    expect(parseBotArgs(['--fast'])).toEqual({ error: 'unknown argument "--fast"' });
  });
});
