import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS } from '../../shared/bots/languages.ts';
import {
  BY_EXTENSION,
  draftProblem,
  isArchiveName,
  languageChoices,
  uploadOptions,
} from './contestant-upload.ts';
import { initialLocale } from './contestant-locale.ts';
import { anyPending, newestFirst, shortHash } from './contestant-versions.ts';

const draft = (name: string | null, size = 10) => ({
  file: name === null ? null : { name, size },
  language: BY_EXTENSION as typeof BY_EXTENSION,
  run: '',
  build: '',
});

describe('the upload form', () => {
  it('offers "from the extension" and then every language of the one list', () => {
    expect(languageChoices().map((c) => c.id)).toEqual([BY_EXTENSION, ...LANGUAGE_IDS]);
  });

  it('asks for a file, a run command for an archive, and a size under the cap', () => {
    expect(draftProblem(draft(null))?.key).toBe('noFile');
    expect(draftProblem(draft('bot.tar.gz'))?.key).toBe('needsRun');
    expect(draftProblem({ ...draft('bot.zip'), run: './bot' })).toBeNull();
    expect(draftProblem(draft('bot.c', 2 * 1024 * 1024))).toEqual({
      key: 'tooLarge',
      values: { size: '2 MiB', cap: '1 MiB' },
    });
    expect(draftProblem(draft('bot.zip', 2 * 1024 * 1024 + 1))?.key).toBe('needsRun');
    expect(isArchiveName('BOT.TGZ')).toBe(true);
  });

  it('sends the language for a file, the commands for an archive', () => {
    expect(uploadOptions(draft('bot.c'))).toEqual({});
    expect(uploadOptions({ ...draft('bot.py'), language: 'python' })).toEqual({ language: 'python' });
    expect(uploadOptions({ ...draft('bot.zip'), language: 'c', run: ' ./bot ', build: ' ' })).toEqual({
      run: './bot',
    });
    expect(uploadOptions({ ...draft('b.tgz'), run: './b', build: 'make' })).toEqual({
      run: './b',
      build: 'make',
    });
  });
});

describe('the page language and the versions', () => {
  it('starts in the stored language, else the browser’s first known one, else English', () => {
    expect(initialLocale('nl', ['en-US'])).toBe('nl');
    expect(initialLocale(null, ['fr-FR', 'nl-BE', 'en'])).toBe('nl');
    expect(initialLocale('xx', ['de'])).toBe('en');
  });

  it('polls while a version is received, building or built, and shows 12 hex digits', () => {
    const v = (version: number, state: 'received' | 'built' | 'working' | 'build-failed') => ({
      version,
      status: { state } as never,
    });
    expect(anyPending([v(1, 'working'), v(2, 'build-failed')])).toBe(false);
    expect(anyPending([v(1, 'working'), v(2, 'built')])).toBe(true);
    expect(anyPending([v(1, 'received')])).toBe(true);
    expect(newestFirst([v(1, 'working'), v(3, 'working'), v(2, 'working')]).map((x) => x.version)).toEqual([
      3, 2, 1,
    ]);
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });
});
