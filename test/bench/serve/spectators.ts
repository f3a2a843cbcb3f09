import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createJuryService, type JuryService } from '../../../electron/app/service.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { importCodecupFile } from '../../../electron/engine/import/codecup.ts';
import type { MatchBot } from '../../../electron/engine/play-match.ts';
import { gamePlayer } from '../../../electron/engine/tournament/game-player.ts';
import { startServer, type RunningServer } from '../../../electron/serve/server.ts';
import { startServeThreads, type ServeThreads } from '../../../electron/serve/threads.ts';
import { commandFlit, type JudgeBots } from '../judge/bots.ts';
import { benchConfig, benchGame, expectClean } from '../judge/matches.ts';
import { heading, num, round3 } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { CODECUP_FINAL_GAMES } from '../tournament/codecup-final.ts';
import { syntheticCodecupFile } from '../tournament/codecup-file.ts';

/** The deadline part's game (judge/deadline.ts): Flit, official timing, 4 ms burnt of a 5 ms deadline. */
const DEADLINE_MS = 5;
const BURN_US = 4000;
const MOVES = 251;
const SEED = 5;
/**
 * Allowed above the rate without spectators, per 1000 turns: the noise of the two counts (twice the
 * standard error of the difference of two binomial rates), at least 1. On a busy 2-core machine the
 * floor itself is tens per 1000 (1 ms of slack), and a few thousand turns leave ±10 of noise.
 */
function margin(a: Tally, b: Tally): number {
  const p = (a.late + b.late) / Math.max(1, a.turns + b.turns);
  const se = Math.sqrt(p * (1 - p) * (1 / Math.max(1, a.turns) + 1 / Math.max(1, b.turns)));
  return Math.max(1, 2000 * se);
}

type Mode = 'alone' | 'reader' | 'oneLoop';
const MODES: readonly Mode[] = ['alone', 'reader', 'oneLoop'];
const LABEL: Record<Mode, string> = {
  alone: 'no spectator',
  reader: 'a spectator (server and reader threads)',
  oneLoop: 'a spectator served on the main thread (before)',
};

interface Tally {
  turns: number;
  late: number;
  otherMissed: number;
  games: number;
  answers: number;
  delayP99Ms: number[];
  delayMaxMs: number[];
  /** CPU time of the main thread per game (ms): the engine service's, the games being in the game thread. */
  mainCpuMs: number[];
}

/**
 * The serve section's part: the deadline part's Flit game (judge/deadline.ts: official timing, bots
 * burning 4 ms of CPU per prompt under a 5 ms per-move deadline, through the tournament's game player)
 * played as a `jury serve` plays it, in the game thread (engine/tournament/game-thread.ts) of a process
 * whose main thread holds the engine service (its server and reader threads
 * started as serve-command.ts starts them), over a store folder holding CodeCup's final imported (17,190
 * games). In turns, one game each: no spectator (the floor), a spectator (a worker thread of its own at
 * the least priority, standing for another machine) hammering the heaviest reads of the final (its game
 * list, statistics, export, standings and the tournament list, 4 under way at once), and the same
 * spectator on a second server of the same service on the main thread without a reader (as `jury serve`
 * was: INFO). Target: late turns per 1000 with the spectator ≤ the rate without + the noise of the two
 * counts (margin()).
 */
export async function measureSpectators(
  ctx: BenchContext,
  bots: JudgeBots,
  turns: number,
): Promise<PartResult> {
  ctx.log(
    heading('spectators: late turns of an official-timing Flit game while a spectator hammers jury serve'),
  );
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-serve-'));
  let service: JuryService | null = null;
  let threads: ServeThreads | null = null;
  let oneLoop: RunningServer | null = null;
  try {
    const store = join(dir, 'tournaments');
    mkdirSync(store);
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'final.csv'), syntheticCodecupFile().text);
    await importCodecupFile(join(dir, 'final.csv'), join(store, 'final.sqlite'));
    const folders = { workspace: join(dir, 'workspace'), storeFolder: store };
    service = await createJuryService({ ...folders, mode: 'browser' });
    const server = { staticRoot: join(dir, 'renderer'), port: 0, host: '127.0.0.1' };
    // As jury serve runs: the server and the reader in threads of their own.
    threads = await startServeThreads(service, { folders, server });
    // As it ran before them: everything on this thread.
    oneLoop = await startServer({ ...server, service });
    const ports: Record<Mode, number | null> = { alone: null, reader: threads.port, oneLoop: oneLoop.port };
    ctx.log(
      `CodeCup's final imported (${CODECUP_FINAL_GAMES.toLocaleString('en')} games); ${turns.toLocaleString('en')} turns each way, one game at a time, in turns`,
    );
    const commands = [1, 2, 3, 4].map(() => commandFlit(bots, BURN_US, MOVES));
    const tallies = Object.fromEntries(MODES.map((m) => [m, tally()])) as Record<Mode, Tally>;
    // A game each way first, not counted: the reader's service opens, every answer is read once.
    for (const mode of MODES) await game(commands, ports[mode], tally(), ctx, `warm-up, ${LABEL[mode]}`);
    for (let round = 0; round < 30 && MODES.some((m) => tallies[m].turns < turns); round++) {
      for (const mode of MODES) {
        if (tallies[mode].turns < turns) await game(commands, ports[mode], tallies[mode], ctx, LABEL[mode]);
      }
    }
    const per1000 = (t: Tally): number => (1000 * t.late) / Math.max(1, t.turns);
    const figures: Record<string, Figures> = {};
    for (const mode of MODES) {
      const t = tallies[mode];
      const p99 = Math.max(...t.delayP99Ms);
      ctx.log(
        `  ${LABEL[mode].padEnd(52)} ${String(t.late).padStart(4)} late in ${t.turns} turns (${num(per1000(t), 2)} per 1000)` +
          `, other missed ${t.otherMissed}; main thread's loop delay p99 ≤ ${num(p99, 1)} ms, max ${num(Math.max(...t.delayMaxMs), 1)} ms` +
          `, its CPU ${num(t.mainCpuMs.reduce((a, b) => a + b, 0) / Math.max(1, t.games), 0)} ms a game` +
          (mode === 'alone' ? '' : `; ${t.answers} answers`),
      );
      figures[mode] = {
        games: t.games,
        turns: t.turns,
        late: t.late,
        per1000: round3(per1000(t)),
        otherMissedTurns: t.otherMissed,
        spectatorAnswers: t.answers,
        loopDelayP99Ms: t.delayP99Ms.map(round3),
        loopDelayMaxMs: t.delayMaxMs.map(round3),
        judgeThreadCpuMs: t.mainCpuMs.map(round3),
      };
    }
    const floor = per1000(tallies.alone);
    const row = (mode: Mode, goal: boolean): Target => {
      const measured = per1000(tallies[mode]);
      const allowed = margin(tallies[mode], tallies.alone);
      return {
        name: `late turns per 1000, Flit official 4 of 5 ms, ${LABEL[mode]}`,
        measured: round3(measured),
        floor: round3(floor),
        unit: 'per 1000',
        ratio: floor > 0 ? Math.round((measured / floor) * 100) / 100 : null,
        goal: goal ? `≤ floor + ${num(allowed, 1)} (noise)` : 'none',
        pass: goal ? measured <= floor + allowed && tallies[mode].otherMissed === 0 : null,
        note: `${tallies[mode].late} in ${tallies[mode].turns} turns, ${tallies[mode].answers} answers; floor: the same game without spectators, ${tallies.alone.late} in ${tallies.alone.turns}`,
      };
    };
    return {
      figures: {
        deadlineMs: DEADLINE_MS,
        burnMs: BURN_US / 1000,
        storeGames: CODECUP_FINAL_GAMES,
        ...figures,
      },
      targets: [row('reader', true), row('oneLoop', false)],
    };
  } finally {
    await oneLoop?.close();
    await threads?.close();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const tally = (): Tally => ({
  turns: 0,
  late: 0,
  otherMissed: 0,
  games: 0,
  answers: 0,
  delayP99Ms: [],
  delayMaxMs: [],
  mainCpuMs: [],
});

/** One game in the game thread, with the spectator hammering the server at `port` (none: null). */
async function game(
  commands: string[][],
  port: number | null,
  t: Tally,
  ctx: BenchContext,
  label: string,
): Promise<void> {
  const started = performance.now();
  const spectator =
    port === null
      ? null
      : new Worker(new URL('../../integration/serve-spectator.ts', import.meta.url), {
          workerData: { port, host: `jury.example:${port}`, id: 'final' },
        });
  // Let it connect and fill its pipeline first.
  if (spectator) await new Promise((resolve) => setTimeout(resolve, 500));
  const bots = new Map<string, MatchBot>(
    commands.map((command, i) => [`p${i + 1}`, { name: `p${i + 1}`, command }]),
  );
  // The service's own launcher plays in the game thread, as jury serve does.
  const play = gamePlayer(
    benchConfig('flit', 'official', DEADLINE_MS),
    bots,
    processLauncher({ gameThread: true }),
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.threadCpuUsage();
  const record = await play(benchGame(4, 0, SEED), new AbortController().signal, { slot: 0, concurrency: 1 });
  const used = process.threadCpuUsage(cpu);
  delay.disable();
  if (spectator) {
    const report = new Promise<{ answered: Record<string, number> }>((resolve) =>
      spectator.once('message', resolve),
    );
    spectator.postMessage('stop');
    t.answers += Object.values((await report).answered).reduce((a, b) => a + b, 0);
    await spectator.terminate();
    // Whatever the server still had under way for it ends before the next game.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  t.mainCpuMs.push((used.user + used.system) / 1000);
  expectClean(record);
  t.games++;
  ctx.log(`    a game, ${label}: ${num((performance.now() - started) / 1000, 1)} s`);
  t.delayP99Ms.push(delay.percentile(99) / 1e6);
  t.delayMaxMs.push(delay.max / 1e6);
  for (let seat = 0; seat < 4; seat++) {
    const turns = record.moves.filter((m) => m.seat === seat).slice(1, MOVES);
    t.turns += turns.length;
    for (const m of turns) {
      if (m.cause === 'timeout') t.late++;
      else if (m.by === 'missed') t.otherMissed++;
    }
  }
}
