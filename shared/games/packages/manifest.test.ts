import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/prng.ts';
import { packageGameId } from './game.ts';
import { parseGameManifest, parseGameManifestText } from './manifest.ts';
import { normalizePackagePath, packagePathProblem } from './paths.ts';

/** The minimal manifest of issue 14, exactly as written there. */
const MINIMAL = `{ "format": "jury-game", "version": 1, "name": "Toy", "players": 2,
   "referee": { "command": ["python3", "referee.py"], "protocol": "caia" }, "budgetMs": 30000 }`;

const base = (): Record<string, unknown> => JSON.parse(MINIMAL) as Record<string, unknown>;

function problem(value: unknown): string {
  const r = parseGameManifest(value);
  return r.ok ? 'ok' : r.error.message;
}

describe('game package manifest', () => {
  it('accepts the minimal manifest as it is, with the defaults filled in', () => {
    expect(parseGameManifestText(MINIMAL)).toEqual({
      ok: true,
      value: {
        format: 'jury-game',
        version: 1,
        name: 'Toy',
        players: 2,
        referee: { command: ['python3', 'referee.py'], protocol: 'caia' },
        budgetMs: 30000,
        files: [],
        samples: [],
      },
    });
  });

  it('fills in the 30,000 ms budget and reads every optional field', () => {
    const { budgetMs: _, ...rest } = base();
    const r = parseGameManifest({
      ...rest,
      players: 4,
      cpuSpeed: 2,
      files: ['referee.txt', './tiles//set1/', 'colour.txt'],
      samples: [{ name: 'player1', command: ['./player1'] }],
      log: { file: 'game.html' },
    });
    expect(r.ok && r.value).toMatchObject({
      budgetMs: 30000,
      players: 4,
      cpuSpeed: 2,
      files: ['referee.txt', 'tiles/set1', 'colour.txt'],
      samples: [{ name: 'player1', command: ['./player1'] }],
      log: { file: 'game.html', kind: 'html' },
    });
  });

  it('names the field of every problem', () => {
    expect(problem({ ...base(), referee: { command: [], protocol: 'caia' } })).toBe(
      'referee.command: must name at least the program to run',
    );
    expect(problem({ ...base(), referee: { command: 'python3 referee.py', protocol: 'caia' } })).toBe(
      'referee.command: must be a list of words, such as ["python3", "referee.py"]',
    );
    expect(problem({ ...base(), referee: { command: ['x', ''], protocol: 'uci' } })).toBe(
      'referee.command.1: must not be an empty word; referee.protocol: must be "caia" (the only referee protocol Jury speaks)',
    );
    expect(problem({ ...base(), players: 33 })).toBe("players: must be at most 32 (caiaio's limit)");
    expect(problem({ ...base(), players: 0 })).toBe('players: must be at least 1');
    expect(problem({ ...base(), budgetMs: 1.5 })).toBe('budgetMs: must be a whole number of milliseconds');
    expect(problem({ ...base(), name: '  ' })).toBe('name: must not be empty');
    expect(problem({ ...base(), cpuSpeed: 0 })).toBe('cpuSpeed: must be at least 0.01');
    expect(problem({ ...base(), files: ['../secret'] })).toBe(
      'files.0: "../secret" leads out of the package folder ("..")',
    );
    expect(problem({ ...base(), files: ['/etc/passwd'] })).toBe(
      'files.0: "/etc/passwd" is absolute: paths are relative to the package folder',
    );
    expect(problem({ ...base(), files: ['a.txt', './a.txt'] })).toBe('files.1: lists "a.txt" twice');
    expect(problem({ ...base(), log: { file: 'logs/x.html' } })).toBe(
      'log.file: must be a plain file name, without folders',
    );
    expect(problem({ ...base(), budgetMS: 1 })).toBe('budgetMS: unknown field (misspelt?)');
    expect(
      problem({
        ...base(),
        samples: [
          { name: 'a', command: ['x'] },
          { name: 'a', command: ['y'] },
        ],
      }),
    ).toBe('samples.1: names a sample "a" twice');
  });

  it('reads the referee’s verdict option, and names what is wrong with one', () => {
    const verdict = (v: unknown) => {
      const r = parseGameManifest({ ...base(), verdict: v });
      return r.ok ? r.value.verdict : r.error.message;
    };
    const plain = parseGameManifest(base());
    expect(plain.ok && 'verdict' in plain.value).toBe(false); // absent: CodeCup's convention
    expect(verdict('codecup')).toBe('codecup');
    expect(verdict('tags-only')).toBe('tags-only');
    const own = { pattern: '(?<player>\\d+)=(?<word>\\w+)', words: { forfeit: 'ILLEGAL', ok: 'OK' } };
    expect(verdict(own)).toEqual(own);
    expect(verdict({ words: { FORFEIT: 'ILLEGAL' } })).toEqual({ words: { FORFEIT: 'ILLEGAL' } });
    const choice = 'verdict: must be "codecup", "tags-only" or { "pattern": …, "words": … }';
    expect(verdict('tags')).toBe(choice);
    expect(verdict(5)).toBe(choice);
    expect(verdict({ pattern: 'x(' })).toMatch(/^verdict\.pattern: is not a regular expression: /);
    expect(verdict({ pattern: 'PLAYER(?<player>\\d)' })).toBe(
      'verdict.pattern: must have the named group (?<word>…)',
    );
    expect(verdict({ words: { FORFEIT: 'LOST' } })).toBe(
      'verdict.words.FORFEIT: must be one of OK, TIMEOUT, ILLEGAL, CRASH, EXIT',
    );
    expect(verdict({ words: { '--': 'OK' } })).toBe('verdict.words.--: is not a word: it needs a letter');
    expect(verdict({ words: 5 })).toBe(
      'verdict.words: must map words to statuses, such as { "FORFEIT": "ILLEGAL" }',
    );
    expect(verdict({ patern: 'x' })).toBe('verdict.patern: unknown field (misspelt?)');
  });

  it('says clearly when a file is not a manifest of this version', () => {
    expect(problem([])).toBe('the manifest must be a JSON object ({ … })');
    expect(problem({ ...base(), format: 'caia' })).toBe('format: must be "jury-game" (found "caia")');
    expect(problem({ ...base(), version: 2 })).toBe(
      'version: this Jury reads game packages of version 1; this one is version 2 (made for a newer Jury?)',
    );
    expect(problem({ ...base(), version: '1' })).toBe('version: must be 1 (found "1")');
    const notJson = parseGameManifestText('{ "format": ');
    expect(!notJson.ok && notJson.error.code).toBe('manifest-json');
  });

  it('returns an error for fuzzed JSON and never throws', () => {
    const prng = Prng.fromSeed(14);
    const values: unknown[] = [null, true, 0, -1, 1e308, '', 'x', [], {}, [1, 'a'], { a: {} }];
    const mutate = (v: Record<string, unknown>): Record<string, unknown> => {
      const keys = [...Object.keys(v), 'files', 'samples', 'log', 'cpuSpeed', 'verdict', 'extra'];
      const copy: Record<string, unknown> = { ...v };
      copy[prng.pick(keys)] = prng.pick(values);
      if (prng.below(3) === 0) copy.referee = { command: prng.pick(values), protocol: prng.pick(values) };
      return copy;
    };
    let failures = 0;
    for (let i = 0; i < 500; i += 1) {
      const value = mutate(mutate(base()));
      const text = JSON.stringify(value);
      const cut = prng.below(3) === 0 ? text.slice(0, prng.below(text.length)) : text;
      const r = parseGameManifestText(cut);
      if (!r.ok) {
        failures += 1;
        expect(r.error.message.length).toBeGreaterThan(0);
        expect(r.error.message).not.toMatch(/\n\s+at /); // no stack trace
      }
    }
    expect(failures).toBeGreaterThan(300);
  });
});

describe('package paths and ids', () => {
  it('accepts relative paths inside the folder only', () => {
    expect(packagePathProblem('tiles/a.txt')).toBeNull();
    expect(packagePathProblem('a\\b')).toBe('"a\\\\b" uses "\\": write "/" between folders');
    expect(packagePathProblem('C:/x')).toMatch(/is absolute/);
    expect(packagePathProblem('./.')).toBe('"./." names the package folder itself');
    expect(normalizePackagePath('./a//b/')).toBe('a/b');
  });

  it('makes a registry-shaped id from a name', () => {
    expect(packageGameId('Toy')).toBe('pkg-toy');
    expect(packageGameId('CodeCup 2023: Entropy!')).toBe('pkg-codecup-2023-entropy');
    expect(packageGameId('Ayú')).toBe('pkg-ayu');
    expect(packageGameId('***')).toBe('pkg-game');
    expect(packageGameId('x'.repeat(40))).toHaveLength(32);
    expect(packageGameId('Less')).toBe('pkg-less'); // never a built-in game's id
  });
});
