import { describe, expect, it } from 'vitest';
import { gameModule, games } from '../../../shared/games/registry.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { replayRecord } from '../../engine/record/replay.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import {
  MemoryChannel,
  MemoryOracle,
  playsWell,
  type MemoryStrategy,
} from '../../../test/helpers/memory-channel.ts';
import { playGame, type RefereeEvent } from '../../engine/referee/referee.ts';
import { gameReplay, replaySteps } from './replay.ts';

/** One game of in-memory players; `strategies[seat]` replaces the good player of that seat. */
async function play(
  id: GameId,
  seed: number,
  strategies: Partial<Record<number, MemoryStrategy>> = {},
  onEvent?: (event: RefereeEvent) => void,
): Promise<GameRecord> {
  const game = gameModule(id);
  const oracle = new MemoryOracle(game, seed);
  const channels = Array.from(
    { length: game.info.seats },
    (_, seat) => new MemoryChannel(seat, oracle, strategies[seat] ?? playsWell(game, seed)),
  );
  return playGame(
    channels.map((channel, seat) => ({ channel, name: `p${seat}`, command: null, executableHash: null })),
    {
      game,
      seed,
      timing: 'cpu',
      graceMs: 0,
      startupAllowanceMs: 0,
      onEvent: (e) => {
        oracle.onEvent(e);
        onEvent?.(e);
      },
    },
  );
}

function finalState(record: GameRecord): unknown {
  const replayed = replayRecord(record);
  if (!replayed.ok) throw new Error(replayed.problem);
  return gameModule(record.game).toJson(replayed.finalState);
}

describe('replaySteps', () => {
  it('steps through a game position by position, the opening first, each state as the referee saw it', async () => {
    const seen: unknown[] = [];
    const record = await play('more', 3, {}, (e) => {
      if (e.kind === 'move') seen.push(games.more.toJson(e.state));
    });
    const steps = replaySteps(record);
    expect(steps).toHaveLength(record.moves.length + 1);
    expect(steps[0]).toEqual({
      ply: 0,
      seat: null,
      line: null,
      by: null,
      state: games.more.toJson(new MemoryOracle(games.more, 3).state),
      chargedMs: null,
    });
    expect(steps.slice(1).map((s) => s.state)).toEqual(seen);
    expect(steps.slice(1).map((s) => [s.ply, s.seat, s.line])).toEqual(
      record.moves.map((m) => [m.ply + 1, m.seat, m.line]),
    );
    expect(steps.at(-1)?.state).toEqual(finalState(record));
  });

  it('replays the takeover player’s moves after a program failed', async () => {
    const record = await play('6561', 5, { 1: ({ ply }) => (ply < 4 ? { line: 'Z9' } : { line: '' }) });
    const steps = replaySteps(record);
    expect(record.seats[1]?.status).toBe('ILLEGAL');
    expect(steps.filter((s) => s.by === 'takeover').length).toBeGreaterThan(0);
    expect(steps).toHaveLength(record.moves.length + 1);
    expect(steps.at(-1)?.state).toEqual(finalState(record));
    const replay = gameReplay('Cup', 3, record);
    expect(replay.seats[1]).toMatchObject({ name: 'p1', status: 'ILLEGAL', score: record.scores[1] });
    // The failure and the stand-in's moves go to the renderer as facts, worded there in its language.
    expect(replay.seats[1]?.failure).toEqual(record.seats[1]?.failure);
    expect(replay.seats[1]?.failure).toMatchObject({ kind: 'unreadable', ply: 1 });
    expect(replay.seats[1]?.takeover).toEqual(record.seats[1]?.takeover);
    expect(replay.seats[1]?.takeover?.moves).toBeGreaterThan(0);
    expect(replay.durationMs).toBe(record.durationUs / 1000);
    expect(replay.limits).toBeNull(); // in-memory players run under no limits
    const limits = {
      requested: { memoryMiB: 64, maxProcesses: 16, network: false },
      applied: [{ limit: 'memory' as const, detail: '64 MiB of all its memory (memory cgroup)' }],
      notApplied: [{ limit: 'filesystem' as const, why: 'bubblewrap (bwrap) is not installed' }],
      containment: 'pid-namespace' as const,
    };
    expect(gameReplay('Cup', 3, { ...record, limits }).limits).toEqual({
      requested: { memoryMiB: 64, maxProcesses: 16, network: false },
      protections: [
        { limit: 'memory', status: 'enforced', detail: '64 MiB of all its memory (memory cgroup)' },
        { limit: 'filesystem', status: 'missing', detail: 'bubblewrap (bwrap) is not installed' },
      ],
    });
  });

  it('replays missed turns (Flit) with the line that was refused', async () => {
    // Seat 1 moves once, seat 0 answers nonsense twice; everybody else stays until all have passed.
    const record = await play('flit', 9, {
      0: (view) => (view.ply < 8 ? { line: 'nonsense' } : playsWell(games.flit, 9)(view)),
      1: (view) =>
        view.ply === 1
          ? { line: games.flit.formatMove(games.flit.legalMoves(view.state).at(-1)) }
          : playsWell(games.flit, 9)(view),
    });
    const steps = replaySteps(record);
    const missed = steps.filter((s) => s.by === 'missed');
    expect(missed.map((s) => [s.ply, s.seat, s.line])).toEqual([
      [1, 0, 'nonsense'],
      [5, 0, 'nonsense'],
    ]);
    expect(steps[2]?.by).toBe('bot');
    expect(steps[2]?.state).not.toEqual(steps[1]?.state);
    expect(steps).toHaveLength(record.moves.length + 1);
    expect(steps.at(-1)?.state).toEqual(finalState(record));
  });

  it('names the move of a record that does not replay', async () => {
    const record = await play('more', 3);
    const broken = { ...record, moves: record.moves.map((m, i) => (i === 2 ? { ...m, line: 'Q' } : m)) };
    expect(() => replaySteps(broken)).toThrow(/does not replay at move 3 \("Q"\)/);
  });
});
