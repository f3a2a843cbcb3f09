import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS, LANGUAGE_INFO, languageOfExtension, SOURCE_EXTENSIONS } from './languages.ts';

describe('languages', () => {
  it('has a name and at least one extension for every id, and no extension twice', () => {
    for (const id of LANGUAGE_IDS) {
      expect(LANGUAGE_INFO[id].name, id).not.toBe('');
      expect(LANGUAGE_INFO[id].extensions.length, id).toBeGreaterThan(0);
    }
    expect(new Set(SOURCE_EXTENSIONS).size).toBe(SOURCE_EXTENSIONS.length);
    expect(SOURCE_EXTENSIONS).toEqual([
      'c',
      'cc',
      'cpp',
      'cxx',
      'java',
      'py',
      'js',
      'mjs',
      'pas',
      'pp',
      'rs',
      'go',
    ]);
  });

  it('finds the language of an extension in any case, with or without the dot', () => {
    expect(languageOfExtension('.cpp')).toBe('cpp');
    expect(languageOfExtension('CXX')).toBe('cpp');
    expect(languageOfExtension('.Py')).toBe('python');
    expect(languageOfExtension('.mjs')).toBe('javascript');
    expect(languageOfExtension('')).toBeNull();
    expect(languageOfExtension('.')).toBeNull();
    expect(languageOfExtension('.txt')).toBeNull();
  });
});
