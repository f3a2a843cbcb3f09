import type { Handlers } from '../../../shared/ipc/handlers.ts';
import { DEMO_GAME, demoDraft, demoName } from './demo.ts';
import { importCodecupTournament } from './import-codecup.ts';
import type { Tournaments } from './tournaments.ts';
import * as reads from './reads.ts';

/** The request channels about tournaments. */
export type TournamentChannel = Extract<keyof Handlers, `tournaments.${string}` | `tournament.${string}`>;

/**
 * The handlers of every tournament channel over `tournaments`. `signal` aborts re-runs when the service
 * closes; `track` lets the service wait for what starts bots (and refuses it once the service closes).
 */
export function tournamentHandlers(
  tournaments: Tournaments,
  signal: AbortSignal,
  track: <T>(work: () => Promise<T>) => Promise<T>,
): Pick<Handlers, TournamentChannel> {
  const { library, files } = tournaments.opts;
  return {
    'tournaments.list': () => tournaments.list(),
    'tournaments.check': async ({ draft }) => {
      const checked = await tournaments.check(draft);
      return checked.ok ? [] : [...checked.issues];
    },
    'tournaments.create': ({ draft }) => tournaments.create(draft),
    'tournaments.demo': () =>
      track(async () => {
        const bots = await library.addSamples(DEMO_GAME);
        const created = await tournaments.create(demoDraft(demoName(await files.ids()), bots));
        return tournaments.start(created.id);
      }),
    'tournaments.remove': async ({ id }) => {
      await tournaments.remove(id);
      return null;
    },
    'tournaments.importCodecup': ({ fileName, text }) => importCodecupTournament(tournaments, fileName, text),
    'tournament.draft': ({ id }) => tournaments.draft(id),
    'tournament.start': ({ id }) => track(() => tournaments.start(id)),
    'tournament.pause': ({ id }) => {
      tournaments.runs.running(id).runner.pause();
      return tournaments.summary(id);
    },
    'tournament.resume': ({ id }) => {
      tournaments.runs.running(id).runner.resume();
      return tournaments.summary(id);
    },
    'tournament.stop': ({ id }) => {
      tournaments.runs.halt(id, 'stop');
      return tournaments.summary(id);
    },
    'tournament.abort': ({ id }) => {
      tournaments.runs.halt(id, 'abort');
      return tournaments.summary(id);
    },
    'tournament.concurrency': ({ id, concurrency }) => {
      tournaments.setConcurrency(id, concurrency);
      return tournaments.summary(id);
    },
    'tournament.standings': ({ id, stage }) => reads.standings(tournaments, id, stage),
    'tournament.statistics': ({ id, stage }) => reads.statistics(tournaments, id, stage),
    'tournament.games': ({ id }) => reads.games(tournaments, id),
    'tournament.live': ({ id }) => reads.live(tournaments, id),
    'tournament.replay': ({ id, index }) => reads.replay(tournaments, id, index),
    'tournament.rerun': ({ id, index }) => track(() => reads.rerun(tournaments, id, index, signal)),
    'tournament.resetGame': ({ id, index }) => tournaments.resetGame(id, index),
    'tournament.export': ({ id, kind }) => reads.exportTournament(tournaments, id, kind),
  };
}
