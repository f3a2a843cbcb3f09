import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chargesWallClock } from '../../shared/timing/modes.ts';
import { schedulerFor } from '../../shared/tournament/formats/index.ts';
import { processLauncher } from '../engine/bot-launcher.ts';
import { defaultStorePath } from '../engine/store/paths.ts';
import type { ProgramChange } from '../engine/tournament/bot-versions.ts';
import { loadTournamentConfig } from '../engine/tournament/config.ts';
import { prepareRun } from '../engine/tournament/prepare-run.ts';
import { closeRunStore, RunRefusal } from '../engine/tournament/run-store.ts';
import { scheduleContext } from '../engine/tournament/scheduling.ts';
import { TournamentRunner, type RunnerEvent } from '../engine/tournament/runner.ts';
import { StartFailures } from '../engine/tournament/start-failures.ts';
import type { CliIo } from './program.ts';
import { checkSchedule, concurrencyOf } from './run-checks.ts';
import { checkWorkerFlags, type WorkerRunFlags } from './run-workers.ts';
import { followWorkers } from '../engine/workers/coordinator.ts';
import { UsageError } from './usage-error.ts';

/** The options of `jury run`. */
export interface RunFlags extends WorkerRunFlags {
  readonly db?: string;
  readonly concurrency?: string;
  readonly json?: boolean;
  /** Replay the finished games of bots whose program changed since they were played. */
  readonly replayChanged?: boolean;
}

/**
 * Tells what the run did about bots whose program changed since they played finished games: a note per
 * bot whose games this run plays again (`--replay-changed`), else a warning saying how to do that.
 */
function reportChanges(
  changes: readonly ProgramChange[],
  warn: (text: string) => void,
  note: (text: string, participant: string, games: number) => void,
): void {
  const adaptive =
    'later rounds keep the pairings made from the old results (Swiss, groups by standing, knockout)';
  for (const { id, name, games, replayed } of changes) {
    if (replayed) {
      note(
        `${name} changed since its finished games were played; its ${plural(games.length)} will be played again; ${adaptive}`,
        id,
        games.length,
      );
    } else {
      warn(
        `${name} changed since its finished games were played (its executable's content differs); they stay as they are; rerun with --replay-changed to play its ${plural(games.length)} again`,
      );
    }
  }
}

function plural(games: number): string {
  return games === 1 ? '1 game' : `${games} games`;
}

/** `jury run`: runs or resumes a tournament. Exit code 0 when it ended or was stopped cleanly. */
export async function runCommand(configPath: string, flags: RunFlags, io: CliIo): Promise<number> {
  const loaded = await loadTournamentConfig(configPath);
  if (!loaded.ok) throw new UsageError(loaded.error.message);
  const { config, baseDir } = loaded.value;
  // Everything about the config is checked before the database is created or opened.
  const remote = await checkWorkerFlags(flags);
  // With workers this machine plays only the games it is asked to (none by default).
  const concurrency =
    remote && flags.concurrency === undefined ? 0 : concurrencyOf(flags.concurrency, config, remote !== null);
  // Absolute from here on: the store is hidden from the bots by its path, which must mean the same file
  // in every bot's sandbox.
  const dbPath = resolve(flags.db ?? defaultStorePath(config.name, process.platform, process.env));
  const format = checkSchedule(config, existsSync(dbPath));
  const prepared = await prepareRun({
    store: dbPath,
    holder: `jury run ${configPath}`,
    config,
    baseDir,
    buildDir: join(dirname(dbPath), 'builds'),
    replayChanged: flags.replayChanged === true,
  }).catch((e: unknown) => {
    if (!(e instanceof RunRefusal)) throw e;
    throw new UsageError(
      e.code === 'other-config' ? `${e.message}; give another --db to start a new one` : e.message,
    );
  });
  const { store } = prepared;
  try {
    const say = (event: object): void => io.out(`${JSON.stringify(event)}\n`);
    const warn = (message: string): void =>
      flags.json ? say({ event: 'warning', message }) : io.err(`jury: warning: ${message}\n`);
    if (chargesWallClock(config.timing.mode) && concurrency >= availableParallelism() && !remote) {
      warn(
        `${concurrency} games at once on ${availableParallelism()} cores under official (wall-clock) timing: bots may be charged for waiting on the CPU; use fewer games or --timing cpu`,
      );
    }
    const note = (message: string, participant: string, count: number): void =>
      flags.json
        ? say({ event: 'replay', participant, games: count, message })
        : io.err(`jury: ${message}\n`);
    reportChanges(prepared.changes, warn, note);

    const local = prepared.player(processLauncher({ gameThread: true }));
    const unplayed = new StartFailures();
    const workers = remote ? await remote.open(prepared, local, concurrency, baseDir) : null;
    const runner = new TournamentRunner({
      store,
      scheduler: schedulerFor(format),
      context: scheduleContext(config, store.info().seed, prepared.participants),
      play: workers ? workers.play : local,
      concurrency: workers ? await workers.concurrency() : concurrency,
      onEvent: (e) => {
        workers?.onRunnerEvent(e);
        unplayed.observe(e);
        report(e, flags.json === true, io, say);
      },
    });
    const unfollow = workers ? followWorkers(workers, (n) => runner.setConcurrency(n)) : () => {};
    let interrupts = 0;
    const onSignal = (): void => {
      interrupts += 1;
      if (interrupts === 1) {
        io.err('\njury: finishing the running games, then stopping (interrupt again to abort them)\n');
        runner.finishThenStop();
      } else runner.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      const final = await runner.run();
      const p = runner.progress();
      const names = new Map(prepared.participants.map((b) => [b.id, b.name]));
      for (const text of unplayed.warnings(names)) {
        if (!flags.json) io.out('\n');
        warn(
          `${text}; every result of it is a forfeit: fix its command or folder and play the event again (a new --db)`,
        );
      }
      if (flags.json) say({ event: 'end', state: final, finished: p.finished, total: p.total, db: dbPath });
      else
        io.out(
          `\n${final === 'done' ? 'finished' : final}: ${p.finished} of ${p.total} games stored in ${dbPath}\n`,
        );
      return final === 'aborted' ? 1 : 0;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      unfollow();
      await workers?.close();
    }
  } finally {
    // A store this run created and never scheduled a game in (a refusal of --workers) goes again.
    closeRunStore(store);
  }
}

function report(e: RunnerEvent, json: boolean, io: CliIo, say: (event: object) => void): void {
  if (json) {
    switch (e.kind) {
      case 'game-finished':
        say({
          event: 'game-finished',
          index: e.game.index,
          round: e.game.round,
          stage: e.game.stage,
          seats: e.game.seats,
          scores: e.outcome.scores,
          statuses: e.outcome.statuses,
          end: e.outcome.end,
        });
        return;
      case 'game-failed':
        say({ event: 'game-failed', index: e.game.index, error: e.error });
        return;
      case 'progress':
        say({ event: 'progress', ...e.progress });
        return;
      case 'state':
        say({ event: 'state', state: e.state });
        return;
      case 'scheduled':
      case 'game-started':
        return;
    }
  }
  if (e.kind === 'progress') {
    const { finished, total, running, etaMs } = e.progress;
    const width = 30;
    const done = total > 0 ? Math.round((finished / total) * width) : 0;
    const eta = etaMs === null ? '' : ` ETA ${Math.ceil(etaMs / 1000)} s`;
    const line = `[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${finished}/${total} games, ${running} running${eta}`;
    // On a terminal the bar redraws in place; in a log, one line per finished game.
    io.out(process.stdout.isTTY ? `\r${line}` : `${line}\n`);
  } else if (e.kind === 'game-failed') {
    io.err(`\njury: game ${e.game.index + 1} could not be played: ${e.error}\n`);
  }
}
