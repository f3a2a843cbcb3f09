import { spawn } from 'node:child_process';
import { CpuMeter } from '../../../electron/engine/process/cpu-meter.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { findGame } from '../../../shared/games/registry.ts';

/**
 * The judge's necessary work per move, measured in this process, for the per-move part's "why": what no
 * judge can leave out between a reply and the next prompt, and a bare relay does not do.
 * - `rulesUs`: the rules on the recorded game, move by move as the referee runs them (who acts, the
 *   reply parsed, checked and applied, the next lines made), no I/O; the best of `rounds` replays.
 * - `cpuReadUs`: one reading of a process's CPU time (CpuMeter: a pread of a schedstat file kept open),
 *   on a sleeping process, the median of 2,000 readings; official timing reads once per move, cpu timing
 *   once per move as well.
 */
export interface NecessaryWork {
  readonly rulesUs: number;
  readonly cpuReadUs: number;
}

/** Measures {@link NecessaryWork} for the game of `record` (a built-in game, played cleanly). */
export async function necessaryWork(record: GameRecord, rounds = 20): Promise<NecessaryWork> {
  const game = findGame(record.game);
  if (!game) throw new Error(`unknown game ${record.game}`);
  const setup = game.setup(
    record.board === null ? { seed: record.seed } : { seed: record.seed, board: record.board },
  );
  if (!setup.ok) throw new Error(setup.error.message);
  const moves = record.moves.filter((m) => m.by === 'bot');
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    let state: unknown = setup.value;
    const t0 = performance.now();
    for (const m of record.moves) {
      game.toAct(state);
      if (m.by === 'missed' && m.cause && game.missedTurn && game.afterMissedTurn) {
        const before = state;
        state = game.missedTurn(before, m.cause);
        game.afterMissedTurn(before, state);
        continue;
      }
      const parsed = game.parseReply(state, m.line);
      if (!parsed.ok) throw new Error(`move ${m.ply}: ${parsed.error.message}`);
      if (game.checkMove(state, parsed.value) !== null) throw new Error(`move ${m.ply} is illegal`);
      const before = state;
      state = game.apply(before, parsed.value);
      game.afterMove(before, parsed.value, state);
    }
    best = Math.min(best, ((performance.now() - t0) * 1000) / Math.max(1, moves.length));
  }
  return { rulesUs: best, cpuReadUs: await cpuReadUs() };
}

async function cpuReadUs(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 50));
    const meter = new CpuMeter(child.pid as number);
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      meter.readUs(true);
      times.push((performance.now() - t0) * 1000);
    }
    meter.close();
    times.sort((a, b) => a - b);
    return times[times.length >> 1] ?? Number.NaN;
  } finally {
    child.kill('SIGKILL');
  }
}
