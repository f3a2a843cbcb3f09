// Opening a tournament database for a report, apart from the exports (report-commands.ts) so that
// `jury standings` loads the store and the config but no exporter, game player or judge.

import { existsSync } from 'node:fs';
import { readingStore } from '../engine/store/damage.ts';
import { TournamentStore } from '../engine/store/store.ts';
import { parseTournamentConfig, type TournamentConfig } from '../engine/tournament/config.ts';
import { UsageError } from './usage-error.ts';

/** A tournament database opened read-only for a report: the store and its checked config. */
export interface OpenedEvent {
  readonly store: TournamentStore;
  readonly config: TournamentConfig;
}

/** Options of {@link openEvent}. */
export interface OpenEventOptions {
  /**
   * Check every page with SQLite's quick_check before anything is read (it reads the whole file: over a
   * second for CodeCup's final with full records). For reports that write files (`jury export`), which
   * read most of the file anyway. Without it the file's header, schema version and tables are still
   * checked, and a damaged page met while reading is reported by {@link readingEvent}.
   */
  readonly quickCheck?: boolean;
}

/** Opens a tournament database read-only and checks its stored config; a bad one is a usage error (exit 2). */
export function openEvent(db: string, options: OpenEventOptions = {}): OpenedEvent {
  if (!existsSync(db)) throw new UsageError(`no tournament database at ${db}`);
  // Read-only: a file that is no sound store is refused unchanged (a StoreError the CLI reports with exit
  // code 2). A run holding the store's lock does not stop reading.
  const store = TournamentStore.open(db, { readOnly: true, quickCheck: options.quickCheck ?? false });
  const parsed = readingStore(db, () => parseTournamentConfig(store.loadConfig()));
  if (!parsed.ok) {
    store.close();
    throw new UsageError(`${db}: the stored config is not valid: ${parsed.error.message}`);
  }
  return { store, config: parsed.value };
}

/**
 * Opens the event at `db` without the page check, runs the read-only report `work` on it and closes it.
 * SQLite finding a damaged page on the way is reported as the page check would have reported it (a
 * StoreError `damaged`, exit code 2, after the whole file was checked), so a report of a big event costs
 * the pages it reads, not the whole file, and a damaged file still gets its clear refusal.
 */
export function readingEvent<T>(db: string, work: (event: OpenedEvent) => T): T {
  let event: OpenedEvent | null = null;
  try {
    return readingStore(db, () => {
      event = openEvent(db);
      return work(event);
    });
  } finally {
    (event as OpenedEvent | null)?.store.close();
  }
}
