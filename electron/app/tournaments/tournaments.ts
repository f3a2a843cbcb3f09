import { existsSync } from 'node:fs';
import type { z } from 'zod';
import { tournamentDraftSchema, type tournamentSummarySchema } from '../../../shared/ipc/app-schemas.ts';
import type { Launcher } from '../../engine/play-match.ts';
import { resetStoredGame } from '../../engine/store/reset-game.ts';
import { describeHolder, runLockHolder } from '../../engine/store/run-lock.ts';
import { TournamentStore } from '../../engine/store/store.ts';
import { createTournamentStore } from '../../engine/tournament/run-store.ts';
import { readJsonFile, writeJsonFileAtomic } from '../json-file.ts';
import type { BotLibrary } from '../library/bot-library.ts';
import type { FrameCoalescer } from '../live/coalescer.ts';
import type { LazyFrame } from '../live/live-boards.ts';
import type { SettingsStore } from '../settings-store.ts';
import { checkDraft, type DraftCheck, type TournamentDraft } from './draft.ts';
import { planOf, restingState, storedProgress, type TournamentPlan } from './facts.ts';
import type { TournamentFiles } from './files.ts';
import { DurationCache } from './game-rows.ts';
import { ActiveRuns } from './active-runs.ts';
import type { AppWorkers } from '../workers.ts';
import type { Emit } from './live-run.ts';

/** A tournament in the list. */
export type TournamentSummary = z.output<typeof tournamentSummarySchema>;

/** What the tournaments need from the rest of the service. */
export interface TournamentsOptions {
  readonly files: TournamentFiles;
  readonly library: BotLibrary;
  readonly settings: SettingsStore;
  readonly launcher: Launcher;
  readonly coalescer: FrameCoalescer<string, LazyFrame>;
  readonly emit: Emit;
  /** The settings' remote workers, for tournaments that play on them. */
  readonly workers: AppWorkers;
  /** Who holds a tournament's run lock while this process runs it (default `the Jury app`). */
  readonly holder?: string;
}

/**
 * The tournaments of the store folder, the app's side of them: their files (store, draft, builds), their
 * runs in this process ({@link ActiveRuns}), and the stored facts every read answers from. Reads use the
 * running tournament's own store connection, otherwise a store opened for that read and closed again.
 */
export class Tournaments {
  readonly opts: TournamentsOptions;
  readonly durations = new DurationCache();
  /** The runs of this process. */
  readonly runs: ActiveRuns;

  constructor(options: TournamentsOptions) {
    this.opts = options;
    this.runs = new ActiveRuns({ ...options, durations: this.durations });
  }

  /** Runs `read` on the tournament's store: the running run's, or one opened just for it. */
  read<T>(id: string, read: (store: TournamentStore, plan: TournamentPlan) => T): T {
    const run = this.runs.get(id);
    if (run) return read(run.store, run.plan);
    const path = this.opts.files.store(id);
    if (!existsSync(path)) throw new Error(`no tournament ${JSON.stringify(id)}`);
    const store = TournamentStore.open(path);
    try {
      return read(store, planOf(store));
    } finally {
      store.close();
    }
  }

  /** Every tournament of the folder, newest first; files that are not readable stores are left out. */
  async list(): Promise<TournamentSummary[]> {
    const out: TournamentSummary[] = [];
    for (const id of await this.opts.files.ids()) {
      try {
        out.push(this.summary(id));
      } catch {
        // Not a store, a store of a newer Jury, or a damaged config: not a tournament this Jury can show.
      }
    }
    return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /** One tournament's summary. */
  summary(id: string): TournamentSummary {
    return this.read(id, (store, plan) => {
      const { config } = plan;
      const base = {
        id,
        name: config.name,
        game: config.game,
        format: config.schedule.kind,
        createdAt: store.info().createdAt,
        concurrency: this.runs.concurrencyOf(id, plan),
      };
      const run = this.runs.get(id);
      if (run) return { ...base, ...run.progress() };
      const stored = storedProgress(store, plan);
      const state = restingState(this.runs.idleState(id, stored.complete), stored);
      return { ...base, state, finished: stored.finished, total: stored.total, running: 0, etaMs: null };
    });
  }

  /** Checks a draft against the library and the existing tournaments. */
  async check(draft: unknown): Promise<DraftCheck> {
    const ids = (await this.opts.files.ids()).map((id) => id.toLowerCase());
    return checkDraft(draft, {
      library: this.opts.library,
      // File names clash ignoring case on Windows and macOS.
      exists: (name) => ids.includes(name.toLowerCase()),
    });
  }

  /** Creates a tournament's store (and its draft file) from a draft; refused naming every problem. */
  async create(input: TournamentDraft): Promise<TournamentSummary> {
    if (this.opts.files.only !== null)
      throw new Error('this Jury shows one tournament only; it cannot create any');
    const checked = await this.check(input);
    if (!checked.ok) {
      throw new Error(
        `the tournament cannot be created: ${checked.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      );
    }
    const { config, draft } = checked;
    const id = config.name;
    // The draft first: a store without its draft would still run, a draft without a store is ignored.
    await writeJsonFileAtomic(this.opts.files.draft(id), draft);
    // As `jury run` creates its store; the first start records the bots' commands and program hashes.
    createTournamentStore(this.opts.files.store(id), config).close();
    this.opts.emit('tournament.changed', { id, reason: 'created', game: null });
    return this.summary(id);
  }

  /** The draft a tournament was created from. */
  async draft(id: string): Promise<TournamentDraft> {
    const path = this.opts.files.draft(id);
    if (!existsSync(this.opts.files.store(id))) throw new Error(`no tournament ${JSON.stringify(id)}`);
    const draft = await readJsonFile(path, tournamentDraftSchema, null);
    if (draft === null)
      throw new Error(`${id} was not created in the app: it has no draft (its config is in its store)`);
    return draft;
  }

  /** Deletes a tournament that is not running, with all its files. */
  async remove(id: string): Promise<void> {
    await this.runs.ending(id);
    if (this.runs.has(id)) throw new Error(`${id} is running; stop it before removing it`);
    const path = this.opts.files.store(id);
    if (!existsSync(path)) throw new Error(`no tournament ${JSON.stringify(id)}`);
    const holder = runLockHolder(path);
    if (holder)
      throw new Error(`${id} is being run by ${describeHolder(holder)}; stop it before removing it`);
    await this.opts.files.remove(id);
    this.durations.forget(id);
    this.runs.forget(id);
    this.opts.emit('tournament.changed', { id, reason: 'removed', game: null });
  }

  /** Starts (or resumes, when it has games) a tournament; one that is running already is refused. */
  async start(id: string): Promise<TournamentSummary> {
    const path = this.opts.files.store(id);
    if (!existsSync(path)) throw new Error(`no tournament ${JSON.stringify(id)}`);
    await this.runs.start(id, path);
    return this.summary(id);
  }

  /**
   * Deletes a finished game's result so the next start plays it again (Banksia's "delete game"; see
   * electron/engine/store/reset-game.ts): refused while the tournament runs here or elsewhere, for an
   * imported tournament and for a game that has not finished, changing nothing.
   */
  async resetGame(id: string, index: number): Promise<TournamentSummary> {
    await this.runs.ending(id);
    if (this.runs.has(id)) throw new Error(`${id} is running; stop it before playing a game again`);
    const path = this.opts.files.store(id);
    if (!existsSync(path)) throw new Error(`no tournament ${JSON.stringify(id)}`);
    resetStoredGame(path, index, { holder: this.opts.holder ?? 'the Jury app' });
    this.durations.drop(id, index);
    this.opts.emit('tournament.changed', { id, reason: 'game-reset', game: index });
    return this.summary(id);
  }

  /** Games at once: now for a running tournament, else for its next run in this process. */
  setConcurrency(id: string, n: number): void {
    if (!existsSync(this.opts.files.store(id))) throw new Error(`no tournament ${JSON.stringify(id)}`);
    this.runs.setConcurrency(id, n);
  }
}
