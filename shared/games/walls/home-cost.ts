import { DIRECTIONS, stepFrom, wallBetween, type WallGrid } from './grid.ts';
import { KeyHeap } from './key-heap.ts';
import { pieceMoves } from './moves.ts';

/**
 * The cheapest way for a set of pieces to fill a set of target squares, alone on a wall grid (the
 * opponents' pieces removed): Less's final rush and More's cut-off both charge this. Steps cost 1 plus
 * the walls crossed, jumps over the player's own pieces cost 1.
 *
 * Exact A* search over the set of piece positions. The admissible heuristic is the cheapest assignment of
 * pieces to distinct targets by relaxed distance (a relaxed distance lets a piece jump wherever no wall
 * blocks, as if a piece were always there to jump over): every piece must end on its own target.
 */
export function homeCost(grid: WallGrid, pieces: readonly number[], targets: readonly number[]): number {
  return homePlan(grid, pieces, targets).cost;
}

/** A cheapest plan (see {@link homeCost}): the moves in order as [from, to] pairs and their total cost. */
export function homePlan(
  grid: WallGrid,
  pieces: readonly number[],
  targets: readonly number[],
): { readonly cost: number; readonly moves: readonly (readonly [number, number])[] } {
  const targetSet = new Set(targets);
  const perTarget = targets.map((t) => relaxedDistances(grid, [t]));
  const assignments = permutations(targets.length).filter((p) => p.length >= pieces.length);
  const h = (state: readonly number[]): number => {
    let best = Infinity;
    for (const perm of assignments) {
      let sum = 0;
      for (let i = 0; i < state.length; i++) sum += perTarget[perm[i] as number]?.[state[i] as number] ?? 0;
      if (sum < best) best = sum;
    }
    return best;
  };
  // States are sorted squares packed into one number (base size², at most 4 pieces on 8×8 = 2^24).
  const cells = grid.size * grid.size;
  const key = (state: readonly number[]): number => state.reduce((k, sq) => k * cells + sq, 0);

  const start = [...pieces].sort((a, b) => a - b);
  const best = new Map<number, number>([[key(start), 0]]);
  const parent = new Map<number, { prev: number; move: readonly [number, number] }>();
  // The heap holds indices into `nodes`: KeyHeap stores numbers only, which keeps it fast.
  const nodes: { state: number[]; g: number }[] = [{ state: start, g: 0 }];
  const heap = new KeyHeap();
  heap.push(h(start), 0);

  for (let index = heap.pop(); index !== undefined; index = heap.pop()) {
    const { state, g } = nodes[index] as { state: number[]; g: number };
    const k = key(state);
    if ((best.get(k) ?? Infinity) < g) continue;
    if (state.every((sq) => targetSet.has(sq))) return { cost: g, moves: unwind(parent, k) };
    const occupied = new Set(state);
    for (const from of state) {
      for (const m of pieceMoves(grid, (sq) => occupied.has(sq), from)) {
        const next = state.map((sq) => (sq === from ? m.to : sq)).sort((a, b) => a - b);
        const nk = key(next);
        const ng = g + m.cost;
        if (ng < (best.get(nk) ?? Infinity)) {
          best.set(nk, ng);
          parent.set(nk, { prev: k, move: [from, m.to] });
          nodes.push({ state: next, g: ng });
          heap.push(ng + h(next), nodes.length - 1);
        }
      }
    }
  }
  throw new Error('homePlan: the targets cannot be reached (fewer targets than pieces?)');
}

function unwind(
  parent: ReadonlyMap<number, { prev: number; move: readonly [number, number] }>,
  k: number,
): (readonly [number, number])[] {
  const moves: (readonly [number, number])[] = [];
  for (let link = parent.get(k); link; link = parent.get(link.prev)) moves.push(link.move);
  return moves.reverse();
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    [...Array(n).keys()].map((i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
  );
}

/**
 * For every square, the relaxed cost of a single piece to reach the nearest of `targets`: steps cost 1
 * plus the wall, and a jump of two squares with no wall crossed costs 1. Never more than the real cost.
 */
export function relaxedDistances(grid: WallGrid, targets: readonly number[]): number[] {
  const n = grid.size * grid.size;
  const dist = new Array<number>(n).fill(Infinity);
  const heap = new KeyHeap();
  for (const t of targets) {
    dist[t] = 0;
    heap.push(0, t);
  }
  for (let sq = heap.pop(); sq !== undefined; sq = heap.pop()) {
    const d = dist[sq] as number;
    for (const dir of DIRECTIONS) {
      const next = stepFrom(grid.size, sq, dir);
      if (next < 0) continue;
      const wall = wallBetween(grid, sq, next);
      relax(next, d + 1 + wall);
      const beyond = stepFrom(grid.size, next, dir);
      if (beyond >= 0 && wall === 0 && wallBetween(grid, next, beyond) === 0) relax(beyond, d + 1);
    }
  }
  return dist;

  function relax(sq: number, d: number): void {
    if (d < (dist[sq] as number)) {
      dist[sq] = d;
      heap.push(d, sq);
    }
  }
}
