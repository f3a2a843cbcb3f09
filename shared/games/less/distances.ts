import { DIRECTIONS, stepFrom, wallBetween, type WallGrid } from '../walls/grid.ts';

/**
 * For every square, an estimate of what it costs one piece to reach `target` when the squares marked in
 * `blocked` hold pieces that will not move in the meantime: a path may not pass through or end on a
 * blocked square (it may jump over one). Steps cost 1 plus the wall; a jump of two squares costs 1
 * wherever no wall is crossed, as if a piece to jump over were always there (the mover's own pieces
 * move, so they are not marked). Unreachable squares get `Infinity`.
 *
 * Compared with walls/home-cost.ts's relaxedDistances (no blocked squares) this sees that a piece boxed
 * in by others must first get out, so the takeover player does not wait forever behind them.
 */
export function blockedDistances(grid: WallGrid, target: number, blocked: Uint8Array): Float64Array {
  const { size } = grid;
  const dist = new Float64Array(size * size).fill(Infinity);
  dist[target] = 0;
  // 64 squares: a plain scan for the nearest unsettled square is simpler than a heap and as fast.
  const settled = new Uint8Array(size * size);
  for (;;) {
    let sq = -1;
    for (let i = 0; i < dist.length; i++) {
      if (
        !settled[i] &&
        (dist[i] as number) < Infinity &&
        (sq < 0 || (dist[i] as number) < (dist[sq] as number))
      )
        sq = i;
    }
    if (sq < 0) return dist;
    settled[sq] = 1;
    // Nothing may move onto a blocked square, so no path continues backwards from one.
    if (blocked[sq] && sq !== target) continue;
    const d = dist[sq] as number;
    for (const dir of DIRECTIONS) {
      const near = stepFrom(size, sq, dir);
      if (near < 0) continue;
      const wall = wallBetween(grid, sq, near);
      relax(near, d + 1 + wall);
      const far = stepFrom(size, near, dir);
      if (far >= 0 && wall === 0 && wallBetween(grid, near, far) === 0) relax(far, d + 1);
    }
  }

  function relax(sq: number, d: number): void {
    if (d < (dist[sq] as number)) dist[sq] = d;
  }
}
