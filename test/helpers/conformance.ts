import { describe, expect, it } from 'vitest';
import { Prng, deriveSeed } from '../../shared/random/prng.ts';
import type { AnyGameModule } from '../../shared/games/types.ts';
import { playOut, plain } from './playout.ts';

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** How many seeded random playouts to check move by move (default 12). */
  readonly playouts?: number;
  /** Share of random legal moves (the rest are takeover moves) in those playouts (default 0.5). */
  readonly randomShare?: number;
  /** Give up a playout after this many plies (games like Flit can be very long); default 100,000. */
  readonly maxPlies?: number;
  /** Check `checkMove` on at most this many legal moves per ply (default 8). */
  readonly movesCheckedPerPly?: number;
}

/**
 * The conformance suite every game module runs: seeded random playouts asserting the contract's
 * invariants at every ply, codec and state round trips, and determinism. Call it inside a test file.
 */
export function runConformance(game: AnyGameModule, options: ConformanceOptions = {}): void {
  const { info } = game;
  const playouts = options.playouts ?? 12;
  const maxPlies = options.maxPlies ?? 100_000;

  describe(`${info.title} conformance`, () => {
    it('has consistent static facts', () => {
      expect(info.seatNames).toHaveLength(info.seats);
      expect([2, 4]).toContain(info.seats);
      expect(info.teams.flat().sort()).toEqual([...Array(info.seats).keys()]);
      expect(info.failurePolicy === 'missed-turn').toBe(typeof game.missedTurn === 'function');
      expect(info.failurePolicy === 'missed-turn').toBe(typeof game.afterMissedTurn === 'function');
      expect(game.generateBoard(1) === null).toBe(!info.hasBoard);
    });

    it('sets up the same game from the same seed, and boards round-trip through setup', () => {
      for (const seed of [0, 1, 0xffffffff]) {
        const a = game.setup({ seed });
        const b = game.setup({ seed });
        expect(a.ok && b.ok).toBe(true);
        if (!a.ok || !b.ok) return;
        expect(plain(game.toJson(a.value))).toEqual(plain(game.toJson(b.value)));
        const board = game.generateBoard(seed);
        expect(board).toBe(game.generateBoard(seed));
        if (board !== null) {
          const given = game.setup({ seed: seed + 1, board });
          expect(given.ok).toBe(true);
        }
      }
    });

    for (let i = 0; i < playouts; i++) {
      const seed = deriveSeed(20261121, info.id, i);
      it(`keeps every invariant through random playout ${i + 1} (seed ${seed})`, () => {
        checkPlayout(game, seed, options.randomShare ?? 0.5, maxPlies, options.movesCheckedPerPly ?? 8);
      });
    }

    it('plays the same game twice from the same seed', () => {
      const seed = deriveSeed(7, info.id);
      const first = playOut(game, seed, { maxPlies });
      const second = playOut(game, seed, { maxPlies });
      expect(first).not.toBeNull();
      expect(second).toEqual(first);
    });
  });
}

function checkPlayout(
  game: AnyGameModule,
  seed: number,
  randomShare: number,
  maxPlies: number,
  perPly: number,
): void {
  const { info } = game;
  const rng = Prng.fromSeed(seed);
  const setup = game.setup({ seed });
  expect(setup.ok).toBe(true);
  if (!setup.ok) return;
  let state: unknown = setup.value;
  for (const d of game.opening(state)) checkDelivery(d.seat, d.line, info.seats);

  for (let ply = 0; ; ply++) {
    expect(ply, 'the game must end').toBeLessThan(maxPlies);
    const actor = game.toAct(state);
    const end = game.end(state);
    expect(actor === null, 'toAct is null exactly when the game has ended').toBe(end !== null);

    // State serialisation round trip.
    const json = plain(game.toJson(state));
    const restored = game.fromJson(json);
    expect(restored.ok).toBe(true);
    if (restored.ok) expect(plain(game.toJson(restored.value))).toEqual(json);
    expect(typeof game.render(state)).toBe('string');

    if (actor === null) {
      const scores = game.scores(state, new Array<boolean>(info.seats).fill(false));
      expect(scores).toHaveLength(info.seats);
      for (const s of scores) {
        expect(s).toBeGreaterThanOrEqual(info.scoreRange.min);
        if (info.scoreRange.max !== null) expect(s).toBeLessThanOrEqual(info.scoreRange.max);
      }
      if (info.cooperative) expect(new Set(scores).size).toBe(1);
      const failed = new Array<boolean>(info.seats).fill(false);
      failed[0] = true;
      if (info.failurePolicy === 'takeover') expect(game.scores(state, failed)[0]).toBe(0);
      expect(game.legalMoves(state)).toHaveLength(0);
      return;
    }
    expect(actor).toBeGreaterThanOrEqual(0);
    expect(actor).toBeLessThan(info.seats);

    const legal = game.legalMoves(state);
    expect(legal.length, 'a running game has a legal move').toBeGreaterThan(0);
    for (let k = 0; k < Math.min(perPly, legal.length); k++) {
      const move = legal[rng.below(legal.length)];
      expect(game.checkMove(state, move)).toBeNull();
      const line = game.formatMove(move);
      expect(line).not.toMatch(/[\r\n]/);
      const parsed = game.parseReply(state, line);
      expect(parsed.ok, `reply ${JSON.stringify(line)} parses`).toBe(true);
      if (parsed.ok) expect(plain(parsed.value)).toEqual(plain(move));
    }
    const takeover = game.takeover(state, seed);
    expect(plain(game.takeover(state, seed)), 'takeover is deterministic').toEqual(plain(takeover));
    expect(game.checkMove(state, takeover), 'takeover moves are legal').toBeNull();

    const move = rng.float() < randomShare ? rng.pick(legal) : takeover;
    const before = plain(game.toJson(state));
    const next = game.apply(state, move);
    expect(plain(game.toJson(state)), 'apply does not change its argument').toEqual(before);
    for (const d of game.afterMove(state, move, next)) checkDelivery(d.seat, d.line, info.seats);
    state = next;
  }
}

function checkDelivery(seat: number, line: string, seats: number): void {
  expect(seat).toBeGreaterThanOrEqual(0);
  expect(seat).toBeLessThan(seats);
  expect(line).not.toMatch(/[\r\n]/);
  expect(line.length).toBeGreaterThan(0);
}
