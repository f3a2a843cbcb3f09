import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { monotonicUs } from '../../../electron/engine/channel.ts';
import { playMatch, type Launcher } from '../../../electron/engine/play-match.ts';
import { DEFAULT_LIMITS } from '../../../electron/engine/process/index.ts';
import type { GameRecord, MoveRecord } from '../../../electron/engine/record/schema.ts';
import type { TimingMode } from '../../../electron/engine/timing/time-keeper.ts';
import { gameModule } from '../../../shared/games/registry.ts';
import type { GameId, TimeControl } from '../../../shared/games/types.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { parseTournamentConfig, type TournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { parseStamps, type BotStamps } from './stamps.ts';

/** One game to play through the real engine: playMatch with the process launcher. */
export interface MatchSpec {
  readonly game: GameId;
  /** One command line per seat. */
  readonly commands: readonly (readonly string[])[];
  readonly timing: TimingMode;
  readonly control?: TimeControl;
  readonly seed?: number;
  /** Abort the game at its first move (game start figures): the record is then incomplete. */
  readonly stopAtFirstMove?: boolean;
}

/** A played game and when, after the playMatch call, its first move was made and the game was over. */
export interface TimedMatch {
  readonly record: GameRecord;
  /** Milliseconds from the playMatch call to the referee's first applied move. */
  readonly firstMoveMs: number;
  /** Milliseconds from the playMatch call until it returned (every bot shut down). */
  readonly endMs: number;
}

const launcher: Launcher = processLauncher();

/**
 * Plays one game exactly as `jury play` does (playMatch, processLauncher, default resource limits), and
 * times it from the outside. The only listener is a timestamp on the first move.
 */
export async function timedMatch(spec: MatchSpec, via: Launcher = launcher): Promise<TimedMatch> {
  let firstUs = NaN;
  const stop = new AbortController();
  const t0 = monotonicUs();
  const record = await playMatch(
    {
      game: gameModule(spec.game),
      bots: spec.commands.map((command, seat) => ({ name: `bench-${seat}`, command })),
      seed: spec.seed ?? 1,
      timing: spec.timing,
      limits: DEFAULT_LIMITS,
      ...(spec.control === undefined ? {} : { control: spec.control }),
      onEvent: (e) => {
        if (e.kind !== 'move' || !Number.isNaN(firstUs)) return;
        firstUs = monotonicUs();
        if (spec.stopAtFirstMove) stop.abort();
      },
      signal: stop.signal,
    },
    via,
  );
  const endUs = monotonicUs();
  return { record, firstMoveMs: (firstUs - t0) / 1000, endMs: (endUs - t0) / 1000 };
}

/** Throws when a bot of `record` failed: the benchmark's figures would then mean nothing. */
export function expectClean(record: GameRecord): void {
  for (const [seat, s] of record.seats.entries()) {
    if (s.status !== 'OK') {
      const why = s.failure ? JSON.stringify(s.failure) : '';
      throw new Error(`seat ${seat} of a benchmark ${record.game} game ended ${s.status} ${why}`);
    }
  }
}

/**
 * The timed replies of `record` in play order, without each seat's first one: that one includes the
 * start of the process (through Jury's wrappers) and is measured by the start-up part instead.
 */
export function steadyReplies(record: GameRecord): MoveRecord[] {
  const seen = new Set<number>();
  return record.moves.filter((m) => {
    if (m.by === 'takeover' || m.chargedUs === undefined) return false;
    if (!seen.has(m.seat)) {
      seen.add(m.seat);
      return false;
    }
    return true;
  });
}

/** The stamps each bot of `record` wrote to its standard error (bots/*.c with `stamp`). */
export function stampsOf(record: GameRecord): BotStamps[] {
  return record.seats.map((s) => parseStamps(s.stderr.full));
}

/**
 * A tournament config as `jury run` reads it, with its defaults (limits, confinement, affinity on), for
 * games played through the tournament's game player: `game` with `seats` sample bots (only their count
 * matters: the game player is given the benchmark's own bots), `mode` timing, and `budgetMs` as
 * `timing.budgetMs` (a per-move deadline for Flit).
 */
export function benchConfig(game: GameId, mode: TimingMode, budgetMs?: number): TournamentConfig {
  const seats = gameModule(game).info.seats;
  const parsed = parseTournamentConfig({
    format: 'jury-tournament',
    version: 1,
    name: `bench ${game}`,
    game,
    schedule: seats === 2 ? { kind: 'round-robin' } : { kind: 'groups' },
    bots: Array.from({ length: seats }, (_, i) => ({ name: `p${i + 1}`, sample: 'random' })),
    timing: { mode, ...(budgetMs === undefined ? {} : { budgetMs }) },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** One scheduled game of the benchmark: seats p1, p2, … as {@link benchConfig} names them. */
export function benchGame(seats: number, index: number, seed: number): ScheduledGame {
  const ids = Array.from({ length: seats }, (_, i) => `p${i + 1}`);
  return { index, stage: 'main', round: 1, seats: ids, seed, board: null, match: `m${index}` };
}
