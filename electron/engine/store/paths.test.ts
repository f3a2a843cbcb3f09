import { describe, expect, it } from 'vitest';
import { checkTournamentName, defaultStoreFolder, defaultStorePath } from './paths.ts';

describe('defaultStorePath', () => {
  it('uses ~/.local/share on Linux', () => {
    expect(defaultStorePath('cup', 'linux', { HOME: '/home/ann' })).toBe(
      '/home/ann/.local/share/jury/tournaments/cup.sqlite',
    );
  });

  it('honours an absolute XDG_DATA_HOME and ignores a relative one', () => {
    expect(defaultStorePath('cup', 'linux', { HOME: '/h', XDG_DATA_HOME: '/data' })).toBe(
      '/data/jury/tournaments/cup.sqlite',
    );
    expect(defaultStorePath('cup', 'freebsd', { HOME: '/h', XDG_DATA_HOME: 'rel' })).toBe(
      '/h/.local/share/jury/tournaments/cup.sqlite',
    );
  });

  it('uses Application Support on macOS', () => {
    expect(defaultStorePath('CodeCup 2025', 'darwin', { HOME: '/Users/ann' })).toBe(
      '/Users/ann/Library/Application Support/Jury/tournaments/CodeCup 2025.sqlite',
    );
  });

  it('uses APPDATA on Windows, or the roaming folder under USERPROFILE', () => {
    expect(defaultStorePath('cup', 'win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' })).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Jury\\tournaments\\cup.sqlite',
    );
    expect(defaultStoreFolder('win32', { USERPROFILE: 'C:\\Users\\bo' })).toBe(
      'C:\\Users\\bo\\AppData\\Roaming\\Jury\\tournaments',
    );
  });

  it('names the missing variable', () => {
    expect(() => defaultStorePath('cup', 'linux', {})).toThrow(/HOME is not set/);
    expect(() => defaultStorePath('cup', 'win32', {})).toThrow(/USERPROFILE is not set/);
  });

  it('refuses names that are not portable file names', () => {
    for (const bad of ['', 'a/b', 'a\\b', 'a:b', '..', '.hidden', 'x.', 'tab\there', 'x'.repeat(101)]) {
      expect(() => checkTournamentName(bad), bad).toThrow(/tournament name/);
    }
    expect(() => checkTournamentName('Swiss 2025-01 (test)')).not.toThrow();
  });
});
