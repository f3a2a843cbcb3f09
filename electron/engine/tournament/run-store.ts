import { randomInt } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import { StoreError } from '../store/errors.ts';
import { runLockHolder } from '../store/run-lock.ts';
import { TournamentStore, type StoreOptions } from '../store/store.ts';
import { parseTournamentConfig, participantIds, type TournamentConfig } from './config.ts';

/** Why a run was refused before it started: nothing was created or changed. */
export type RunRefusalCode =
  /** A bot could not be made ready (a missing program or compiler, a failed build). */
  | 'bot'
  /** The config's game package cannot be loaded (moved, broken, or now another game). */
  | 'game'
  /** The store holds a tournament of another config. */
  | 'other-config'
  /** The stored participants are not the config's bots. */
  | 'other-bots'
  /** The store is an imported event (CodeCup's result file): results only, nothing to play. */
  | 'imported';

/**
 * A run refused for what it was given (see {@link RunRefusalCode}); the message names the problem. The
 * CLI shows it as a usage error, the app as the start request's error.
 */
export class RunRefusal extends Error {
  readonly code: RunRefusalCode;

  constructor(code: RunRefusalCode, message: string) {
    super(message);
    this.name = 'RunRefusal';
    this.code = code;
  }
}

/**
 * Creates a tournament's store from its config: the config's seed (else a random one), the config, and
 * one participant per bot with its id and name. Commands and hashes stay null until a run records them
 * (see bot-versions.ts). Refused with `exists` when the file exists.
 */
export function createTournamentStore(
  path: string,
  config: TournamentConfig,
  options: StoreOptions = {},
): TournamentStore {
  const names = config.bots.map((b) => b.name);
  const ids = participantIds(names);
  return TournamentStore.create(
    path,
    {
      seed: config.seed ?? randomInt(0, 0xffffffff),
      config,
      participants: names.map((name, i) => ({
        id: ids[i] ?? name,
        name,
        command: null,
        executableHash: null,
      })),
    },
    options,
  );
}

/** The stored config of a store, checked; a store whose config is not valid is an error naming it. */
export function storedConfig(store: TournamentStore): TournamentConfig {
  const parsed = parseTournamentConfig(store.loadConfig());
  if (!parsed.ok) throw new Error(`${store.path}: the stored config is not valid: ${parsed.error.message}`);
  return parsed.value;
}

/** The stores {@link openRunStore} created in this process (for {@link closeRunStore}). */
const createdHere = new WeakSet<TournamentStore>();

/**
 * Opens a tournament's store for a run, checked page by page and locked for `holder` (`jury run x.json`,
 * `the Jury app`) until it is closed. With `config`, a missing store is created from it first, and a
 * store of another config is refused (`other-config`). Refused with a StoreError, nothing changed: a
 * file that is no sound store, a store another run holds (the message names that run).
 */
export function openRunStore(path: string, holder: string, config?: TournamentConfig): TournamentStore {
  const options = { lock: holder, quickCheck: true };
  let store: TournamentStore | null = null;
  if (config && !existsSync(path)) {
    try {
      store = createTournamentStore(path, config, options);
      createdHere.add(store);
    } catch (e) {
      // Another run created it a moment ago: open it like any existing store (its lock decides).
      if (!(e instanceof StoreError && e.code === 'exists')) throw e;
    }
  }
  store ??= TournamentStore.open(path, options);
  if (store.imported() !== null) {
    store.close();
    throw new RunRefusal('imported', `${path} is imported from CodeCup's result file: it is read-only`);
  }
  if (config && JSON.stringify(store.loadConfig()) !== JSON.stringify(config)) {
    store.close();
    throw new RunRefusal('other-config', `${path} holds a tournament with a different config`);
  }
  return store;
}

/**
 * Closes a run's store. One that {@link openRunStore} created for this run and in which no game was ever
 * scheduled is removed as well: a run refused after its store was created (`jury run --workers` finding a
 * bot that cannot travel to workers) leaves no file behind, so the corrected config starts afresh on the
 * same path instead of meeting "a tournament with a different config". The file goes only if it is still
 * the one created (device and inode) and no other run has taken its lock since.
 */
export function closeRunStore(store: TournamentStore): void {
  let discard = false;
  let created: { dev: number; ino: number } | null = null;
  if (createdHere.has(store)) {
    try {
      discard = store.counts().scheduled === 0;
      created = statSync(store.path);
    } catch {
      discard = false; // closed already, or gone: nothing to decide
    }
  }
  store.close();
  createdHere.delete(store);
  if (!discard || !created) return;
  try {
    const now = statSync(store.path);
    if (now.dev !== created.dev || now.ino !== created.ino || runLockHolder(store.path)) return;
    // Closed as the last connection, SQLite has taken its -wal and -shm away already.
    rmSync(store.path);
  } catch {
    // Gone already, or not ours to remove any more.
  }
}
