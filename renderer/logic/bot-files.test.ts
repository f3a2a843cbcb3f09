import { describe, expect, it } from 'vitest';
import { fileName, languageFromPath, relativeTime, shortHash, smokeTestGames } from './bot-files.ts';

describe('fileName', () => {
  it('takes the last part of POSIX and Windows paths', () => {
    expect(fileName('/home/ann/bots/my-bot.cpp')).toBe('my-bot.cpp');
    expect(fileName('C:\\Users\\ann\\bot.exe')).toBe('bot.exe');
    expect(fileName('bot')).toBe('bot');
  });
});

describe('languageFromPath', () => {
  it('knows every source extension the engine builds', () => {
    expect(languageFromPath('/b/main.c')).toBe('c');
    expect(languageFromPath('/b/main.cc')).toBe('cpp');
    expect(languageFromPath('/b/main.cpp')).toBe('cpp');
    expect(languageFromPath('/b/main.cxx')).toBe('cpp');
    expect(languageFromPath('/b/Main.java')).toBe('java');
    expect(languageFromPath('/b/bot.py')).toBe('python');
    expect(languageFromPath('/b/bot.js')).toBe('javascript');
    expect(languageFromPath('/b/bot.mjs')).toBe('javascript');
    expect(languageFromPath('/b/bot.pas')).toBe('pascal');
    expect(languageFromPath('/b/bot.pp')).toBe('pascal');
    expect(languageFromPath('/b/bot.rs')).toBe('rust');
    expect(languageFromPath('/b/bot.go')).toBe('go');
  });

  it('ignores case and surrounding spaces', () => {
    expect(languageFromPath('  C:\\bots\\BOT.CPP ')).toBe('cpp');
  });

  it('answers null for programs, hidden files and unknown extensions', () => {
    expect(languageFromPath('/b/bot')).toBeNull();
    expect(languageFromPath('/b/bot.exe')).toBeNull();
    expect(languageFromPath('/b/.py')).toBeNull();
    expect(languageFromPath('/dir.py/bot')).toBeNull();
  });
});

describe('shortHash', () => {
  it('keeps the first twelve hex digits', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash('0123456789abcdef', 8)).toBe('01234567');
  });

  it('shows a dash without a hash', () => {
    expect(shortHash(null)).toBe('—');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('uses the largest whole unit', () => {
    expect(relativeTime('2026-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-03-08T12:00:00Z', now, 'en')).toBe('2 days ago');
    expect(relativeTime('2026-03-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2025-03-10T12:00:00Z', now, 'en')).toBe('last year');
  });

  it('says "now" for the last few seconds and for small clock skew', () => {
    expect(relativeTime('2026-03-10T11:59:55Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-03-10T12:00:03Z', now, 'en')).toBe('now');
  });

  it('speaks Dutch', () => {
    expect(relativeTime('2026-03-10T11:55:00Z', now, 'nl')).toBe('5 minuten geleden');
  });

  it('answers null for a missing or unreadable time', () => {
    expect(relativeTime(null, now, 'en')).toBeNull();
    expect(relativeTime('not a date', now, 'en')).toBeNull();
  });
});

describe('smokeTestGames', () => {
  const all = ['less', 'more', '6561', 'flit'] as const;

  it('offers a sample bot only its own game', () => {
    expect(smokeTestGames({ game: '6561' }, all)).toEqual(['6561']);
  });

  it('offers the user’s programs every game', () => {
    expect(smokeTestGames({ game: null }, all)).toEqual(['less', 'more', '6561', 'flit']);
    // A program tied to a game can still be tried elsewhere (its own game first).
    expect(smokeTestGames({ game: '6561', kind: 'program' }, all)).toEqual(['6561', 'less', 'more', 'flit']);
  });
});
