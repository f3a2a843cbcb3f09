import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLockPath } from '../../../electron/engine/store/run-lock.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { snapshot, soundStore } from '../../helpers/bad-stores.ts';
import { finished, jury, printed, smallEvent, startJury, writeJson } from './jury-process.ts';

// One database, one run at a time: a second `jury run` is refused naming the first; a run killed with
// SIGKILL leaves a lock the next run takes over. A killed export leaves no half folder.

const folder = (): string => mkdtempSync(join(tmpdir(), 'jury-lock-cli-'));
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Several `jury` processes per test, on a 2-core machine that runs other suites at the same time. */
const SLOW = 90_000;
// The small event's 6 games, one at a time: the first run is stopped (or killed) as soon as its first
// game is reported, so it is still going, 5 games from its end, when the second starts.

function stored(db: string): { scheduled: number; finished: number } {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    return store.counts();
  } finally {
    store.close();
  }
}

describe('the run lock of jury run', () => {
  it(
    'refuses a second run on a database being run, naming the first; reading goes on',
    async () => {
      const dir = folder();
      const config = writeJson(dir, 'event.json', smallEvent);
      const db = join(dir, 'event.sqlite');
      const first = startJury('run', config, '--db', db, '--json', '--concurrency', '1');
      const firstEnd = finished(first);
      await printed(first, '"event":"game-finished"');
      // Stopped, the first run changes nothing while the second tries: the bytes can be compared.
      first.kill('SIGSTOP');
      const before = snapshot(dir);
      const second = await jury('run', config, '--db', db);
      expect(second).toMatchObject({ code: 2, out: '' });
      expect(second.err).toMatch(
        new RegExp(
          `^jury: ${escape(db)} is being run by jury run ${escape(config)} \\(pid ${first.pid}, since ` +
            `\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); a second run is refused: wait for that run to end or stop it .*\\n$`,
        ),
      );
      expect(second.err.trimEnd().split('\n')).toHaveLength(1);
      expect(snapshot(dir)).toEqual(before);
      const standings = await jury('standings', db, '--json');
      expect(standings.code).toBe(0);
      first.kill('SIGCONT');
      const end = await firstEnd;
      expect(end.code).toBe(0);
      expect(end.out).toMatch(/"event":"end","state":"done","finished":6,"total":6/);
      expect(stored(db)).toEqual({ scheduled: 6, finished: 6, unfinished: 0 });
      expect(existsSync(runLockPath(db))).toBe(false);
    },
    SLOW,
  );

  it(
    'takes over the lock of a run killed with SIGKILL, and finishes the event',
    async () => {
      const dir = folder();
      const config = writeJson(dir, 'event.json', smallEvent);
      const db = join(dir, 'event.sqlite');
      const first = startJury('run', config, '--db', db, '--json', '--concurrency', '1');
      const firstEnd = finished(first);
      await printed(first, '"event":"game-finished"');
      first.kill('SIGKILL');
      expect((await firstEnd).signal).toBe('SIGKILL');
      const left = JSON.parse(readFileSync(runLockPath(db), 'utf8')) as { pid: number; holder: string };
      expect(left).toMatchObject({ pid: first.pid, holder: `jury run ${config}` });
      const again = await jury('run', config, '--db', db, '--json');
      expect(again.code).toBe(0);
      expect(again.out).toMatch(/"event":"end","state":"done","finished":6,"total":6/);
      expect(existsSync(runLockPath(db))).toBe(false);
    },
    SLOW,
  );
});

describe('a killed export', () => {
  it(
    'leaves the earlier report as it was, beside a hidden temporary folder that the next export removes',
    async () => {
      const dir = folder();
      const db = join(dir, 'big.sqlite');
      soundStore(db, 3000, { ...smallEvent, name: 'Big' });
      const report = join(dir, 'report');
      const out = join(report, 'index.html');
      expect((await jury('export', db, '--format', 'html', '--out', out)).code).toBe(0);
      expect(readdirSync(join(report, 'transcripts'))).toHaveLength(3000);
      const before = snapshot(report);

      const child = startJury('export', db, '--format', 'html', '--out', out);
      const end = finished(child);
      const temp = await new Promise<string>((resolve, reject) => {
        const poll = setInterval(() => {
          const name = readdirSync(report).find((n) => n.startsWith('.transcripts.jury-new-'));
          if (name && readdirSync(join(report, name)).length > 0) {
            child.kill('SIGKILL');
            clearInterval(poll);
            resolve(name);
          }
        }, 2);
        child.on('exit', () => {
          clearInterval(poll);
          reject(new Error('the export ended before it could be killed'));
        });
      });
      expect((await end).signal).toBe('SIGKILL');
      expect(temp).toMatch(new RegExp(`^\\.transcripts\\.jury-new-${child.pid}-[0-9a-f]+$`));
      const { [`${temp}/`]: tempFolder, ...rest } = snapshot(report);
      expect(tempFolder).toBe('folder');
      expect(Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith(`${temp}/`)))).toEqual(
        before,
      );

      expect((await jury('export', db, '--format', 'html', '--out', out)).code).toBe(0);
      expect(readdirSync(report).sort()).toEqual(['index.html', 'transcripts']);
      expect(readdirSync(join(report, 'transcripts'))).toHaveLength(3000);
    },
    SLOW,
  );
});
