import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Competition, Entrant } from '../../../shared/event/competition.ts';
import type { EventSettings } from '../../../shared/event/settings.ts';
import { gameInfo } from '../../../shared/games/registry.ts';
import { gameDriver } from '../../../shared/games/driver.ts';
import { schedulerFor, validateFormat } from '../../../shared/tournament/formats/index.ts';
import type { ScheduleSettings } from '../../../shared/tournament/config-schema.ts';
import type { Launcher } from '../play-match.ts';
import { parseTournamentConfig, participantIds, type TournamentConfig } from '../tournament/config.ts';
import { prepareRun } from '../tournament/prepare-run.ts';
import type { GamePlayer } from '../tournament/game-player.ts';
import { TournamentRunner } from '../tournament/runner.ts';
import { formatOf, scheduleContext } from '../tournament/scheduling.ts';
import type { EventStore, Launch } from './event-store.ts';
import type { GameGate } from './game-gate.ts';

/**
 * Plays a competition of an event: a tournament config made from the entrants (the contestants'
 * playing versions as programs, the game's sample bots if wished), its store made and run through the
 * one run builder ({@link prepareRun}) and {@link TournamentRunner}, like `jury run`. The store is an
 * ordinary Jury tournament store in `<event folder>/competitions/`: every tool that reads one reads it.
 */

/** One program to seat: a contestant's built version, or a sample bot by strength. */
export type Seat =
  | {
      readonly name: string;
      readonly contestant: string;
      readonly submission: string;
      readonly launch: Launch;
    }
  | { readonly name: string; readonly sample: string };

/** How a competition is run. */
export interface CompetitionOptions {
  /** Starts the bots (the process launcher). */
  readonly launcher: Launcher;
  /** Games at once (default 1: a laptop judging while contestants upload). */
  readonly concurrency?: number;
  /** The seed of the tournament (default: a random one). */
  readonly seed?: number;
  /** Each game is played through it, taking turns with the event's builds (default: none). */
  readonly gate?: GameGate;
}

/** The folder of an event's competition stores. */
export function competitionsFolder(eventFolder: string): string {
  return join(eventFolder, 'competitions');
}

/** A competition's tournament store file. */
export function competitionPath(eventFolder: string, competition: Competition): string {
  return join(competitionsFolder(eventFolder), competition.file);
}

/** A test competition's format: every pair both ways (2-player games), else one round of groups. */
export function testSchedule(seats: number): ScheduleSettings {
  return seats === 2
    ? { kind: 'round-robin', repeats: 1 }
    : { kind: 'groups', permutations: 'rotations', mode: 'rounds', rounds: 1, evenOut: true };
}

/**
 * Records and plays a competition of `seats` to its end; answers it as stored at the end (`done`, or
 * `failed` with the reason: too few programs, a refused config or run). Never throws for a refusal.
 */
export async function playCompetition(
  store: EventStore,
  kind: Competition['kind'],
  seats: readonly Seat[],
  options: CompetitionOptions,
): Promise<Competition> {
  const settings = store.settings();
  const ids = participantIds(seats.map((s) => s.name));
  const entrants: Entrant[] = seats.map((s, i) => ({
    participant: ids[i] ?? s.name,
    name: s.name,
    contestant: 'contestant' in s ? s.contestant : null,
    submission: 'submission' in s ? s.submission : null,
    sample: 'sample' in s ? s.sample : null,
  }));
  const competition = store.addCompetition(
    kind,
    (n) => (kind === 'final' ? `final-${n}.sqlite` : `test-${n}.sqlite`),
    entrants,
  );
  const fail = (message: string): Competition => {
    store.setCompetitionState(competition.id, 'failed', message);
    return store.competition(competition.id) as Competition;
  };
  const made = competitionConfig(settings, kind, seats, options.seed, competition.number);
  if (!made.ok) return fail(made.message);
  const config = made.config;
  const folder = competitionsFolder(store.folder);
  mkdirSync(folder, { recursive: true });
  let prepared;
  try {
    prepared = await prepareRun({
      store: competitionPath(store.folder, competition),
      holder: `the event ${settings.name}`,
      config,
      baseDir: store.folder,
      buildDir: join(folder, 'builds'),
    });
  } catch (e) {
    return fail((e as Error).message);
  }
  try {
    const runner = new TournamentRunner({
      store: prepared.store,
      scheduler: schedulerFor(formatOf(config, prepared.participants)),
      context: scheduleContext(config, prepared.store.info().seed, prepared.participants),
      play: gated(prepared.player(options.launcher), options.gate),
      concurrency: options.concurrency ?? 1,
    });
    const end = await runner.run();
    store.setCompetitionState(
      competition.id,
      end === 'done' ? 'done' : 'stopped',
      end === 'done' ? null : `the run ended ${end}`,
    );
  } catch (e) {
    store.setCompetitionState(competition.id, 'failed', (e as Error).message);
  } finally {
    prepared.store.close();
  }
  return store.competition(competition.id) as Competition;
}

/** `play`, each game through `gate` (see GameGate). */
function gated(play: GamePlayer, gate: GameGate | undefined): GamePlayer {
  return gate ? (game, signal, slot) => gate.game(() => play(game, signal, slot)) : play;
}

/** The tournament config of a competition, checked as `jury run` checks one, or why there is none. */
function competitionConfig(
  settings: EventSettings,
  kind: Competition['kind'],
  seats: readonly Seat[],
  seed: number | undefined,
  number: number,
): { ok: true; config: TournamentConfig } | { ok: false; message: string } {
  const game = gameInfo(settings.game);
  if (seats.length < Math.max(2, game.seats)) {
    return {
      ok: false,
      message: `${seats.length} working programs; ${game.title} needs at least ${Math.max(2, game.seats)}`,
    };
  }
  let schedule: ScheduleSettings = kind === 'test' ? testSchedule(game.seats) : settings.final;
  // The final's finalists are capped at the field: a final of 10 among 6 is a final of all 6.
  if (schedule.kind === 'swiss')
    schedule = { ...schedule, finalists: Math.min(schedule.finalists, seats.length) };
  const parsed = parseTournamentConfig({
    format: 'jury-tournament',
    version: 1,
    name: kind === 'final' ? `${settings.name} final` : `${settings.name} test ${number}`,
    game: settings.game,
    ...gameDriver(settings.game).carried,
    ...(seed !== undefined ? { seed } : {}),
    schedule,
    bots: seats.map((s) =>
      'sample' in s
        ? { name: s.name, sample: s.sample }
        : {
            name: s.name,
            executable: s.launch.command[0],
            args: s.launch.command.slice(1),
            cwd: s.launch.cwd,
          },
    ),
    timing: settings.timing,
    limits: settings.limits,
  });
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  const ids = participantIds(seats.map((s) => s.name));
  const participants = seats.map((s, i) => ({ id: ids[i] ?? s.name, name: s.name }));
  const problem = validateFormat(formatOf(parsed.value, participants), game.seats, seats.length, ids, {
    game,
  });
  return problem
    ? { ok: false, message: `the ${kind === 'final' ? "final's" : "test's"} format: ${problem}` }
    : { ok: true, config: parsed.value };
}
