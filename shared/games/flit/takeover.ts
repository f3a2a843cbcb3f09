import { Prng, type Seed } from '../../random/prng.ts';
import { adjacent, cellX, cellY, CELLS, distanceMap, EMPTY, NEUTRAL, neighbour } from './board.ts';
import { PASS, type FlitMove, type FlitState } from './state.ts';

/** A candidate move of the takeover player with what makes it good. */
interface Candidate {
  readonly origin: number;
  readonly destination: number;
  /** Neutral pieces the move converts. */
  readonly converts: number;
  /** How much closer to a neutral piece the moved piece gets. */
  readonly gain: number;
}

/** Whether candidate `a` is better than `b`: more conversions, then more gain. */
function compare(a: Candidate, b: Candidate): number {
  return a.converts - b.converts || a.gain - b.gain;
}

/**
 * The judge's player: a simple greedy collector of neutral pieces, deterministic for a state and seed.
 * - With no neutral piece on the board it does not move (moving gains nothing).
 * - Otherwise it considers, for every square it may move to, its piece farthest from any neutral piece;
 *   it plays the move converting the most neutral pieces, else the one bringing a piece closest to a
 *   neutral piece (the origin's distance minus the destination's, on the torus), if that is positive.
 *   Each such move lowers the summed distance of its pieces, so it never goes round in circles.
 * - Without such a move it does not move.
 * Ties are broken by a generator seeded with `seed`. The caller must only call it while the game runs.
 */
export function takeoverMove(state: FlitState, seed: Seed): FlitMove {
  const board = state.board;
  const colour = state.next + 1;
  const distance = distanceMap((cell) => board[cell] === NEUTRAL);
  if (distance[0] === -1) return PASS;
  const rng = Prng.fromSeed(seed);
  const at = (map: Int16Array | Uint8Array, cell: number): number => map[cell] ?? 0;

  // Own pieces, farthest from a neutral piece first; equal distances in a seeded order.
  const own: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (board[cell] === colour) own.push(cell);
  const origins = rng.shuffle(own).sort((a, b) => at(distance, b) - at(distance, a));

  const support = new Uint8Array(CELLS);
  for (const cell of own) {
    for (let k = 0; k < 4; k++) {
      const n = neighbour(cell, k);
      if (board[n] === EMPTY) support[n] = at(support, n) + 1;
    }
  }

  let best: Candidate[] = [];
  for (let destination = 0; destination < CELLS; destination++) {
    if (at(support, destination) === 0) continue;
    // The farthest piece that is not the destination's only neighbour of the colour.
    const origin = origins.find((o) => !(at(support, destination) === 1 && adjacent(o, destination)));
    if (origin === undefined) continue;
    let converts = 0;
    for (let k = 0; k < 4; k++) if (board[neighbour(destination, k)] === NEUTRAL) converts++;
    const candidate = {
      origin,
      destination,
      converts,
      gain: at(distance, origin) - at(distance, destination),
    };
    if (candidate.converts === 0 && candidate.gain <= 0) continue;
    const order = best.length === 0 ? 1 : compare(candidate, best[0] as Candidate);
    if (order > 0) best = [candidate];
    else if (order === 0) best.push(candidate);
  }
  if (best.length === 0) return PASS;
  const chosen = rng.pick(best);
  return {
    x0: cellX(chosen.origin),
    y0: cellY(chosen.origin),
    x1: cellX(chosen.destination),
    y1: cellY(chosen.destination),
  };
}
