import type { Prng } from '../../../random/prng.ts';
import { CELLS, cellX, cellY, distanceMap, EMPTY, NEUTRAL, NEIGHBOURS, type Board } from '../board.ts';
import { PASS, type FlitMove } from '../state.ts';

/** How a sample Flit player picks its move from the board it keeps and its colour (1–4). */
export type FlitChooser = (board: Board, colour: number, rng: Prng) => FlitMove;

/**
 * The pieces of `colour` and, for every empty cell, how many of them are next to it. A piece may move to
 * an empty cell that, once the piece has left, still has a piece of its colour next to it.
 */
function survey(board: Board, colour: number): { own: number[]; support: Uint8Array } {
  const own: number[] = [];
  const support = new Uint8Array(CELLS);
  for (let cell = 0; cell < CELLS; cell++) {
    if (board[cell] !== colour) continue;
    own.push(cell);
    for (let k = 0; k < 4; k++) {
      const n = NEIGHBOURS[cell * 4 + k] as number;
      if (board[n] === EMPTY) support[n] = (support[n] as number) + 1;
    }
  }
  return { own, support };
}

/** Whether `origin` is the only piece of the colour next to `destination` (it cannot support itself). */
function onlySupport(support: Uint8Array, origin: number, destination: number): boolean {
  if (support[destination] !== 1) return false;
  for (let k = 0; k < 4; k++) if (NEIGHBOURS[destination * 4 + k] === origin) return true;
  return false;
}

function moveOf(origin: number, destination: number): FlitMove {
  return { x0: cellX(origin), y0: cellY(origin), x1: cellX(destination), y1: cellY(destination) };
}

/**
 * A random move: a random cell it may move to, then a random piece that may go there. (Not uniform over
 * all moves, which would need the list of every pair; it never stays while it can move.)
 */
export const randomFlitMove: FlitChooser = (board, colour, rng) => {
  const { own, support } = survey(board, colour);
  const destinations: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) if ((support[cell] as number) > 0) destinations.push(cell);
  for (const destination of rng.shuffle(destinations)) {
    const origins = own.filter((o) => !onlySupport(support, o, destination));
    if (origins.length > 0) return moveOf(rng.pick(origins), destination);
  }
  return PASS;
};

/**
 * A greedy collector: convert neutral pieces when it can (the destination next to the most of them);
 * else bring a piece closer to the nearest neutral piece: the piece farthest from any goes to the
 * reachable cell closest to one (torus distance), when that is closer than where it stood; else stay.
 * Every move it makes lowers its pieces' summed distance to neutral pieces, so it never goes round in
 * circles. Ties go to chance. About a millisecond per move: two passes over the 1024 cells.
 */
export const greedyFlitMove: FlitChooser = (board, colour, rng) => {
  const distance = distanceMap((cell) => board[cell] === NEUTRAL);
  if (distance[0] === -1) return PASS;
  const { own, support } = survey(board, colour);
  // Farthest from a neutral piece first: moving that one gains the most.
  const origins = rng.shuffle(own).sort((a, b) => (distance[b] as number) - (distance[a] as number));
  let best: FlitMove[] = [];
  let bestValue = 0;
  for (let destination = 0; destination < CELLS; destination++) {
    if (support[destination] === 0) continue;
    const origin = origins.find((o) => !onlySupport(support, o, destination));
    if (origin === undefined) continue;
    let converts = 0;
    for (let k = 0; k < 4; k++) if (board[NEIGHBOURS[destination * 4 + k] as number] === NEUTRAL) converts++;
    const gain = (distance[origin] as number) - (distance[destination] as number);
    // A conversion beats any gain in distance (the board is 32 wide, so a gain is under 64).
    const value = converts * 64 + gain;
    if (value <= 0 || value < bestValue) continue;
    if (value > bestValue) {
      bestValue = value;
      best = [];
    }
    best.push(moveOf(origin, destination));
  }
  return best.length === 0 ? PASS : rng.pick(best);
};
