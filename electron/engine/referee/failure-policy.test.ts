import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import type { AnyGameModule, TimeControl } from '../../../shared/games/types.ts';
import {
  MemoryChannel,
  MemoryOracle,
  playsWell,
  type MemoryStrategy,
} from '../../../test/helpers/memory-channel.ts';
import { replayRecord } from '../record/replay.ts';
import type { GameRecord } from '../record/schema.ts';
import { playGame } from './referee.ts';

/** One game of in-memory players under `control`; `strategies[seat]` replaces the good player of that seat. */
async function play(
  game: AnyGameModule,
  seed: number,
  control: TimeControl,
  strategies: Partial<Record<number, MemoryStrategy>>,
): Promise<{ record: GameRecord; channels: readonly MemoryChannel[] }> {
  const oracle = new MemoryOracle(game, seed);
  const channels = Array.from(
    { length: game.info.seats },
    (_, seat) => new MemoryChannel(seat, oracle, strategies[seat] ?? playsWell(game, seed)),
  );
  const record = await playGame(
    channels.map((channel, seat) => ({ channel, name: `p${seat}`, command: null, executableHash: null })),
    { game, seed, control, timing: 'official', onEvent: oracle.onEvent, graceMs: 0, startupAllowanceMs: 0 },
  );
  return { record, channels };
}

/** Holds the thread for `ms`: an in-memory player that thinks too long, so its line arrives late. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the failure policy, not the time control, decides what follows a failed turn', () => {
  it('lets the takeover player finish a 6561 seat whose reply came after a per-move deadline', async () => {
    const control: TimeControl = { kind: 'per-move', deadlineMs: 100, freezeAfter: 5 };
    let lateAt = -1;
    const slowFromPly4: MemoryStrategy = (view) => {
      const reply = playsWell(games['6561'], 6)(view);
      if (view.ply >= 4 && lateAt < 0) {
        lateAt = view.ply;
        busyFor(250); // a legal move, but long after the deadline
      }
      return reply;
    };
    const { record, channels } = await play(games['6561'], 6, control, { 1: slowFromPly4 });
    const seat = record.seats[1]!;
    expect(seat.status).toBe('TIMEOUT');
    expect(seat.failure).toMatchObject({ kind: 'timeout', ply: lateAt });
    expect(seat.takeover).toEqual({
      fromPly: lateAt,
      moves: record.moves.filter((m) => m.seat === 1 && m.ply >= lateAt).length,
    });
    expect(seat.takeover!.moves).toBeGreaterThan(0);
    expect(
      record.moves.filter((m) => m.seat === 1 && m.ply >= lateAt).every((m) => m.by === 'takeover'),
    ).toBe(true);
    expect(record.moves.some((m) => m.by === 'missed')).toBe(false);
    expect(seat.missed).toEqual({ timeout: 0, invalid: 0, gone: 0 });
    expect(seat.score).toBe(0);
    expect(record.seats[0]).toMatchObject({ status: 'OK', failure: null });
    expect(record.scores[0]).toBeGreaterThan(0);
    expect(record.timing.control).toEqual(control);
    // The failed program reads nothing after its failure, not even Quit; the other one gets its Quit.
    expect(channels[1]!.received).not.toContain('Quit');
    expect(channels[0]!.received.at(-1)).toBe('Quit');
    expect(replayRecord(record)).toMatchObject({ ok: true, scores: record.scores });
  });

  describe('a missed-turn game (Flit) under a game-total control', () => {
    // Flit's takeover player passes readily, which would end the game at once: these bots move for the
    // first 40 turns, then pass, so the game ends soon after the silent bot is frozen.
    const movesAlways: MemoryStrategy = ({ state, ply }) => {
      if (ply >= 40) return { line: '0 0 0 0' };
      const moves = games.flit.legalMoves(state).map((m) => games.flit.formatMove(m));
      const real = moves.filter((line) => {
        const [a, b, c, d] = line.split(' ');
        return a !== c || b !== d;
      });
      return { line: real[ply % real.length] ?? moves[0] ?? '0 0 0 0' };
    };
    const control: TimeControl = { kind: 'game-total', budgetMs: 400 };

    it('counts timeouts and invalid replies as missed turns, with no failure status', async () => {
      const { record, channels } = await play(games.flit, 8, control, {
        0: movesAlways,
        1: () => ({ line: '99 99 0 0' }),
        2: () => ({ silent: true }),
        3: movesAlways,
      });
      // Its budget is gone after the first silent turn: every later turn times out at once, and the
      // fifth timeout in a row freezes it, as under Flit's own per-move deadline.
      expect(record.seats[2]).toMatchObject({
        status: 'OK',
        failure: null,
        takeover: null,
        missed: { timeout: 5, invalid: 0, gone: 0 },
      });
      expect(channels[2]!.received.filter((l) => l === 'M')).toHaveLength(5);
      expect(record.seats[1]).toMatchObject({ status: 'OK', failure: null, takeover: null });
      expect(record.seats[1]!.missed.invalid).toBeGreaterThan(0);
      const invalid = record.moves.filter((m) => m.seat === 1);
      expect(invalid.every((m) => m.by === 'missed' && m.cause === 'invalid' && m.line === '99 99 0 0')).toBe(
        true,
      );
      expect(record.moves.some((m) => m.by === 'takeover')).toBe(false);
      expect(replayRecord(record)).toMatchObject({ ok: true, scores: record.scores });
    });

    it('keeps a program that is gone missing its turns: a crash, and one that never started', async () => {
      const { record } = await play(games.flit, 8, control, {
        0: movesAlways,
        1: () => ({
          close: { code: null, signal: null, startError: 'cannot start ./bot: it does not exist' },
        }),
        2: movesAlways,
        3: (view) => (view.ply >= 6 ? { close: { code: 3, signal: null } } : movesAlways(view)),
      });
      expect(record.seats[1]).toMatchObject({
        status: 'CRASH',
        failure: { kind: 'start', ply: 1 },
        takeover: null,
        missed: { timeout: 0, invalid: 0, gone: 1 },
      });
      expect(record.seats[3]).toMatchObject({
        status: 'CRASH',
        failure: { kind: 'crash' },
        takeover: null,
        missed: { timeout: 0, invalid: 0, gone: 1 },
      });
      expect(record.moves.filter((m) => m.seat === 1).map((m) => [m.by, m.cause])).toEqual([
        ['missed', 'gone'],
      ]);
      expect(replayRecord(record)).toMatchObject({ ok: true, scores: record.scores });
    });
  });
});
