import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLockPath } from '../../../electron/engine/store/run-lock.ts';
import { BAD_STORES, snapshot } from '../../helpers/bad-stores.ts';
import { jury, smallEvent, startJury, writeJson, type JuryResult } from './jury-process.ts';

// What a new user meets when they hand `jury` a bad file: one line on stderr that names the file and the
// problem, exit code 2, no stack trace, and every file beside it exactly as it was.

const folder = (): string => mkdtempSync(join(tmpdir(), 'jury-refuse-'));
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Several `jury` processes per test, on a 2-core machine that runs other suites at the same time. */
const SLOW = 90_000;

/** Asserts a refusal: exit code 2, nothing on stdout, exactly one stderr line matching `message`. */
function refused(result: JuryResult, message: RegExp): void {
  expect(result).toMatchObject({ code: 2, out: '' });
  expect(result.err).toMatch(message);
  expect(result.err.trimEnd().split('\n')).toHaveLength(1);
  expect(result.err).not.toMatch(/\n\s+at /);
}

describe('jury run, standings, export and serve refuse a database that is no sound store', () => {
  for (const bad of BAD_STORES) {
    it(
      `${bad.name}: exit 2, one line naming the file, every file unchanged`,
      async () => {
        const dir = folder();
        const config = writeJson(dir, 'event.json', smallEvent);
        const db = join(dir, 'event.sqlite');
        bad.make(db);
        const before = snapshot(dir);
        const message = new RegExp(`^jury: ${escape(db)} ${bad.message.source}.*\\n$`);
        const results = await Promise.all([
          jury('run', config, '--db', db),
          jury('standings', db),
          jury('export', db, '--format', 'csv', '--out', join(dir, 'results.csv')),
          jury('serve', '--db', db, '--port', '0', '--host', '127.0.0.1', '--workspace', join(dir, 'ws')),
        ]);
        for (const result of results) refused(result, message);
        expect(snapshot(dir)).toEqual(before);
      },
      SLOW,
    );
  }
});

describe('jury run refuses a config before it creates anything', () => {
  it(
    'a gauntlet where every bot is a challenger, a bad --concurrency, a --db under a file: nothing created; the corrected config runs',
    async () => {
      const dir = folder();
      const wrong = {
        ...smallEvent,
        schedule: { kind: 'gauntlet', challengers: ['Greedy', 'Random', 'Random 2'] },
      };
      const config = writeJson(dir, 'event.json', wrong);
      const db = join(dir, 'event.sqlite');
      const good = writeJson(dir, 'good.json', smallEvent);
      writeFileSync(join(dir, 'plain.txt'), 'a file');
      const before = snapshot(dir);
      refused(
        await jury('run', config, '--db', db),
        /^jury: schedule: a gauntlet needs at least 1 other players besides the challengers; there are 0\n$/,
      );
      refused(
        await jury('run', config, '--db', join(dir, 'sub', 'event.sqlite'), '--concurrency', '0'),
        /^jury: --concurrency must be a whole number from 1 to 256, got 0\n$/,
      );
      refused(
        await jury('run', good, '--db', join(dir, 'plain.txt', 'event.sqlite')),
        /^jury: cannot create .*plain\.txt\/event\.sqlite: EEXIST: file already exists, mkdir .*plain\.txt'\n$/,
      );
      expect(snapshot(dir)).toEqual(before);

      writeJson(dir, 'event.json', { ...wrong, schedule: { kind: 'gauntlet', challengers: ['Greedy'] } });
      const ran = await jury('run', config, '--db', db, '--json');
      expect(ran.code).toBe(0);
      expect(ran.out).toMatch(/"event":"end","state":"done","finished":4,"total":4/);
    },
    SLOW,
  );
});

describe('jury export refuses an output it cannot write as a whole', () => {
  it(
    'a folder where a file goes, a path under a file, a folder of other files: exit 2, nothing changed',
    async () => {
      const dir = folder();
      const config = writeJson(dir, 'event.json', smallEvent);
      const db = join(dir, 'event.sqlite');
      expect((await jury('run', config, '--db', db)).code).toBe(0);
      mkdirSync(join(dir, 'out'));
      writeFileSync(join(dir, 'out', 'notes.txt'), 'mine');
      writeFileSync(join(dir, 'plain.txt'), 'a file');
      mkdirSync(join(dir, 'report', 'transcripts'), { recursive: true });
      writeFileSync(join(dir, 'report', 'transcripts', 'keep.md'), 'mine');
      const before = snapshot(dir);
      const out = join(dir, 'out');
      const cases: [string[], RegExp][] = [
        [
          ['--format', 'csv', '--out', out],
          /out is a folder; give the file to write, such as .*out\/results\.csv/,
        ],
        [
          ['--format', 'json', '--out', out],
          /out is a folder; give the file to write, such as .*out\/results\.json/,
        ],
        [
          ['--format', 'html', '--out', out],
          /out is a folder; give the file to write, such as .*out\/results\.html/,
        ],
        [['--format', 'csv', '--out', join(dir, 'plain.txt', 'r.csv')], /plain\.txt is a file, not a folder/],
        [
          ['--format', 'transcripts', '--out', join(dir, 'plain.txt')],
          /plain\.txt is a file; transcripts go/,
        ],
        [['--format', 'transcripts', '--out', out], /out holds files other than transcripts \(notes\.txt\)/],
        // The report's transcripts go beside it, into report/transcripts: a folder of someone else's files.
        [
          ['--format', 'html', '--out', join(dir, 'report', 'index.html')],
          /report\/transcripts holds files other than transcripts \(keep\.md\)/,
        ],
      ];
      const results = await Promise.all(cases.map(([args]) => jury('export', db, ...args)));
      results.forEach((result, i) => refused(result, new RegExp(`^jury: --out: .*${cases[i]?.[1].source}`)));
      expect(snapshot(dir)).toEqual(before);
    },
    SLOW,
  );
});

describe('jury … | head', () => {
  it(
    'exits quietly when its reader goes away (EPIPE), in every command that prints',
    async () => {
      const dir = folder();
      const config = writeJson(dir, 'event.json', smallEvent);
      const db = join(dir, 'event.sqlite');
      expect((await jury('run', config, '--db', db)).code).toBe(0);
      const closedEarly = async (...args: string[]): Promise<JuryResult> => {
        const child = startJury(...args);
        child.stdout.destroy(); // the reader is gone before jury writes a byte
        let err = '';
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        return new Promise((resolve) =>
          child.on('close', (code, signal) => resolve({ code, signal, out: '', err })),
        );
      };
      const results = await Promise.all([
        closedEarly('standings', db),
        closedEarly('export', db, '--format', 'transcripts', '--out', join(dir, 'transcripts')),
        closedEarly('run', config, '--db', join(dir, 'second.sqlite'), '--json'),
        closedEarly('play', '6561', '--bot', 'sample:greedy', '--bot', 'sample:random', '--seed', '1'),
      ]);
      for (const result of results) expect(result).toEqual({ code: 0, signal: null, out: '', err: '' });
      // The run stopped this way let go of its lock: the next run resumes it.
      expect(existsSync(runLockPath(join(dir, 'second.sqlite')))).toBe(false);
      expect((await jury('run', config, '--db', join(dir, 'second.sqlite'))).code).toBe(0);
    },
    SLOW,
  );
});
