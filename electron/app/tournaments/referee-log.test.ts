import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../engine/record/schema.ts';
import { refereeLogsFolder } from '../../engine/tournament/game-player.ts';
import { REFEREE_LOG_SHOWN_BYTES, refereeLogOf } from './referee-log.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A store path in a fresh folder, with its referee-log folder made. */
function storeIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jury-referee-log-'));
  dirs.push(dir);
  const store = join(dir, 'Cup.sqlite');
  mkdirSync(refereeLogsFolder(store));
  return store;
}

/** Only the part of a record the reader looks at. */
function recordWithLog(path: string | null, kind: 'text' | 'html' = 'html'): GameRecord {
  return { caia: { log: { file: 'game.html', kind, path } } } as unknown as GameRecord;
}

describe('refereeLogOf', () => {
  it('is null for a game without a referee', () => {
    expect(refereeLogOf({} as GameRecord, storeIn())).toBeNull();
  });

  it('reads the kept log from the store’s log folder', () => {
    const store = storeIn();
    const path = join(refereeLogsFolder(store), 'game-1-game.html');
    writeFileSync(path, '<p>move 1</p>');
    expect(refereeLogOf(recordWithLog(path), store)).toEqual({
      file: 'game.html',
      kind: 'html',
      text: '<p>move 1</p>',
      truncated: false,
      missing: null,
    });
  });

  it('sends at most the shown size of a huge log, marked truncated', () => {
    const store = storeIn();
    const path = join(refereeLogsFolder(store), 'game-1-referee.log');
    writeFileSync(path, 'x'.repeat(REFEREE_LOG_SHOWN_BYTES + 10));
    const log = refereeLogOf(recordWithLog(path, 'text'), store);
    expect(log?.text?.length).toBe(REFEREE_LOG_SHOWN_BYTES);
    expect(log?.truncated).toBe(true);
  });

  it('says why there is nothing to show: not kept, gone, or a path outside the log folder', () => {
    const store = storeIn();
    expect(refereeLogOf(recordWithLog(null), store)?.missing).toBe('not-kept');
    const gone = join(refereeLogsFolder(store), 'game-2-game.html');
    expect(refereeLogOf(recordWithLog(gone), store)).toMatchObject({ text: null, missing: 'gone' });
    // A record names /etc/passwd or the store itself: never read.
    for (const path of ['/etc/passwd', store, join(refereeLogsFolder(store), '..', 'Cup.sqlite')]) {
      expect(refereeLogOf(recordWithLog(path), store)).toMatchObject({ text: null, missing: 'elsewhere' });
    }
  });
});
