import { DIRECTIONS, stepFrom, wallBetween, type WallGrid } from './grid.ts';

/**
 * The exact minimum points (moves + penalties) for four stones to fill four target squares alone on a
 * board, for EVERY placement of the four stones at once. It is the same quantity as walls/home-cost.ts
 * `homeCost` (the tests check that they agree), but `homeCost` runs an A* search of 100–500 ms per
 * position on a 6×6 board, while More needs it for every candidate move of the takeover player and for
 * both seats at every cut-off. One table costs about 20–40 ms and answers each position at once.
 *
 * Why one search serves every position: a step and its reverse cross the same wall, and a jump and its
 * reverse jump over the same stone with the same walls, so the move graph is undirected with symmetric
 * costs. A single Dijkstra from the target placement therefore gives every placement's distance to it.
 */
export interface HomeDistances {
  /** The minimum remaining points of four stones on `pieces` (any order; four distinct squares). */
  cost(pieces: readonly number[]): number;
}

const PIECES = 4;
const BITS = 6;
const MASK = (1 << BITS) - 1;

/** cumulative[k][n] = C(n, k) for k = 1..4: ranks sorted 4-tuples in the combinatorial number system. */
function binomialRows(n: number): readonly Int32Array[] {
  const rows = [0, 1, 2, 3, 4].map(() => new Int32Array(n + 1));
  for (let m = 0; m <= n; m++) {
    for (let k = 0; k <= PIECES; k++) {
      const row = rows[k] as Int32Array;
      const above = rows[k - 1];
      row[m] =
        k === 0 ? 1 : m === 0 || above === undefined ? 0 : (above[m - 1] as number) + (row[m - 1] as number);
    }
  }
  return rows;
}

/** Builds the table for one board and one set of four targets. Needs a board of at most 8×8 squares. */
export function computeHomeDistances(grid: WallGrid, targets: readonly number[]): HomeDistances {
  const n = grid.size * grid.size;
  if (targets.length !== PIECES || n > 1 << BITS) {
    throw new RangeError('computeHomeDistances needs four targets on a board of at most 64 squares');
  }
  const [, c1, c2, c3, c4] = binomialRows(n) as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  // The rank of a sorted placement a < b < c < d: a unique index below C(n, 4).
  const rank = (q: readonly number[]): number =>
    (c1[q[0] as number] as number) +
    (c2[q[1] as number] as number) +
    (c3[q[2] as number] as number) +
    (c4[q[3] as number] as number);

  // Per square and direction: the neighbour (-1 off the board), the step cost, and the landing square of
  // a jump over that neighbour (-1 when a wall or the edge forbids it).
  const next = new Int8Array(n * 4).fill(-1);
  const stepCost = new Int8Array(n * 4);
  const landing = new Int8Array(n * 4).fill(-1);
  for (let sq = 0; sq < n; sq++) {
    DIRECTIONS.forEach((dir, k) => {
      const nb = stepFrom(grid.size, sq, dir);
      if (nb < 0) return;
      const wall = wallBetween(grid, sq, nb);
      next[sq * 4 + k] = nb;
      stepCost[sq * 4 + k] = 1 + wall;
      const beyond = stepFrom(grid.size, nb, dir);
      if (beyond >= 0 && wall === 0 && wallBetween(grid, nb, beyond) === 0) landing[sq * 4 + k] = beyond;
    });
  }

  const dist = new Uint16Array(c4[n] as number).fill(0xffff);
  // Dial's algorithm: move costs are 1–3, so a list per distance replaces a heap.
  const buckets: number[][] = [];
  const goal = [...targets].sort((a, b) => a - b);
  dist[rank(goal)] = 0;
  buckets[0] = [pack(goal)];
  const s = [0, 0, 0, 0];
  const t = [0, 0, 0, 0];
  const occupied = (sq: number): boolean => sq === s[0] || sq === s[1] || sq === s[2] || sq === s[3];
  for (let d = 0; d < buckets.length; d++) {
    for (const packed of buckets[d] ?? []) {
      for (let i = 0; i < PIECES; i++) s[i] = (packed >> (i * BITS)) & MASK;
      if (dist[rank(s)] !== d) continue; // a stale entry: this placement was reached more cheaply
      for (let i = 0; i < PIECES; i++) {
        const from = s[i] as number;
        for (let k = 0; k < 4; k++) {
          let to = next[from * 4 + k] as number;
          if (to < 0) continue;
          let cost = stepCost[from * 4 + k] as number;
          if (occupied(to)) {
            to = landing[from * 4 + k] as number;
            if (to < 0 || occupied(to)) continue;
            cost = 1;
          }
          // The placement with stone i moved to `to`, kept sorted.
          let j = 0;
          let placed = false;
          for (let m = 0; m < PIECES; m++) {
            if (m === i) continue;
            const other = s[m] as number;
            if (!placed && to < other) {
              t[j++] = to;
              placed = true;
            }
            t[j++] = other;
          }
          if (!placed) t[j] = to;
          const r = rank(t);
          if (d + cost < (dist[r] as number)) {
            dist[r] = d + cost;
            (buckets[d + cost] ??= []).push(pack(t));
          }
        }
      }
    }
  }

  return {
    cost(pieces) {
      return dist[rank([...pieces].sort((a, b) => a - b))] as number;
    },
  };
}

function pack(squares: readonly number[]): number {
  return squares.reduce((acc, sq, i) => acc | (sq << (i * BITS)), 0);
}

/**
 * A few recent tables, keyed by board string and targets. Memoising a pure function keeps the module
 * observably pure; the bound keeps memory small (about 120 kB per 6×6 table) in long tournaments.
 */
const recent = new Map<string, HomeDistances>();
const RECENT_LIMIT = 8;

/**
 * The distance table for `board` (its string, the cache key) parsed as `grid`, towards `targets`;
 * the caller must pass the grid that `board` parses to.
 */
export function homeDistances(board: string, grid: WallGrid, targets: readonly number[]): HomeDistances {
  const key = `${board}|${targets.join(',')}`;
  const found = recent.get(key);
  // Re-inserting a found table keeps the map in least-recently-used order, so the oldest is dropped.
  recent.delete(key);
  const table = found ?? computeHomeDistances(grid, targets);
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value as string);
  recent.set(key, table);
  return table;
}
