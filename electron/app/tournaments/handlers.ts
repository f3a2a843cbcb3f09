import type { Handlers } from '../../../shared/ipc/handlers.ts';
import { demoDraft, demoName } from './demo.ts';
import type { TournamentManager } from './manager.ts';
import * as reads from './reads.ts';

/** The request channels about tournaments. */
export type TournamentChannel = Extract<keyof Handlers, `tournaments.${string}` | `tournament.${string}`>;

/**
 * The handlers of every tournament channel over `manager`. `signal` aborts re-runs when the service
 * closes; `track` lets the service wait for what starts bots (and refuses it once the service closes).
 */
export function tournamentHandlers(
  manager: TournamentManager,
  signal: AbortSignal,
  track: <T>(work: () => Promise<T>) => Promise<T>,
): Pick<Handlers, TournamentChannel> {
  const { library, files } = manager.opts;
  return {
    'tournaments.list': () => manager.list(),
    'tournaments.check': async ({ draft }) => {
      const checked = await manager.check(draft);
      return checked.ok ? [] : [...checked.issues];
    },
    'tournaments.create': ({ draft }) => manager.create(draft),
    'tournaments.demo': () =>
      track(async () => {
        const bots = await library.addSamples('less');
        const created = await manager.create(demoDraft(demoName(await files.ids()), bots));
        return manager.start(created.id);
      }),
    'tournaments.remove': async ({ id }) => {
      await manager.remove(id);
      return null;
    },
    'tournament.draft': ({ id }) => manager.draft(id),
    'tournament.start': ({ id }) => track(() => manager.start(id)),
    'tournament.pause': ({ id }) => {
      manager.runs.running(id).runner.pause();
      return manager.summary(id);
    },
    'tournament.resume': ({ id }) => {
      manager.runs.running(id).runner.resume();
      return manager.summary(id);
    },
    'tournament.stop': ({ id }) => {
      manager.runs.halt(id, 'stop');
      return manager.summary(id);
    },
    'tournament.abort': ({ id }) => {
      manager.runs.halt(id, 'abort');
      return manager.summary(id);
    },
    'tournament.concurrency': ({ id, concurrency }) => {
      manager.setConcurrency(id, concurrency);
      return manager.summary(id);
    },
    'tournament.standings': ({ id, stage }) => reads.standings(manager, id, stage),
    'tournament.statistics': ({ id, stage }) => reads.statistics(manager, id, stage),
    'tournament.games': ({ id }) => reads.games(manager, id),
    'tournament.live': ({ id }) => reads.live(manager, id),
    'tournament.replay': ({ id, index }) => reads.replay(manager, id, index),
    'tournament.rerun': ({ id, index }) => track(() => reads.rerun(manager, id, index, signal)),
    'tournament.export': ({ id, kind }) => reads.exportTournament(manager, id, kind),
  };
}
