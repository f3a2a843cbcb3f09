import { Prng, type Seed } from '../../random/prng.ts';
import { formatWallGrid, type WallGrid } from './grid.ts';

/**
 * A stand-in for the official Less tile set (the rules' Figure 3 is lost). Each tile is 2×2 squares,
 * written as `internal|border`:
 * - internal: the walls inside the tile, 0–2 each: between the top two squares, between the bottom two,
 *   between the left two, between the right two;
 * - border: eight half-walls (0/1) on the tile's outer edge, clockwise from the top edge of the top-left
 *   square: top-left, top-right, right-top, right-bottom, bottom-right, bottom-left, left-bottom, left-top.
 * Where two tiles meet, their half-walls add up (one each side makes a double wall).
 *
 * Calibrated against the rules' sample board: about one wall inside each tile with an occasional double,
 * and about a quarter of the edges between tiles walled. docs/rules.md records this decision.
 */
export const STAND_IN_TILES: readonly string[] = [
  '1000|00000100',
  '0100|00100000',
  '0010|00000100',
  '0001|10000000',
  '1100|00010000',
  '0000|01000010',
  '2000|00000000',
  '0010|00010000',
  '1001|00000000',
  '0000|00001001',
  '0110|10000000',
  '0000|01000100',
];

// Sides: 0 top, 1 right, 2 bottom, 3 left. A tile square is 0 top-left, 1 top-right, 2 bottom-left,
// 3 bottom-right. Half-walls of a tile: [square, side] for each border digit, clockwise.
const BORDER: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [3, 1],
  [3, 2],
  [2, 2],
  [2, 3],
  [0, 3],
];

/** Half-wall values of a tile, `half[square][side]`, after `turns` quarter turns clockwise. */
function tileHalves(tile: string, turns: number): { internal: number[][]; half: number[][] } {
  const [inner = '', border = ''] = tile.split('|');
  const digits = [...inner].map(Number);
  // internal[a][b] for adjacent local squares a, b (unrotated): top pair, bottom pair, left pair, right pair.
  const pairs: readonly (readonly [number, number])[] = [
    [0, 1],
    [2, 3],
    [0, 2],
    [1, 3],
  ];
  // A quarter turn clockwise moves local square (r, c) to (c, 1 - r), and side s to (s + 1) % 4.
  const rot = (sq: number, t: number): number => {
    let r = sq >> 1;
    let c = sq & 1;
    for (let i = 0; i < t; i++) [r, c] = [c, 1 - r];
    return r * 2 + c;
  };
  const internal = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  pairs.forEach(([a, b], i) => {
    const ra = rot(a, turns);
    const rb = rot(b, turns);
    (internal[ra] as number[])[rb] = digits[i] ?? 0;
    (internal[rb] as number[])[ra] = digits[i] ?? 0;
  });
  const half = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  BORDER.forEach(([sq, side], i) => {
    (half[rot(sq, turns)] as number[])[(side + turns) % 4] = Number(border[i] ?? '0');
  });
  return { internal, half };
}

/**
 * Lays out tiles row by row on a board of `tilesPerSide` × `tilesPerSide` tiles. `placed` gives each
 * tile as [tile text, quarter turns]. Exposed for tests and for organisers who design their own sets.
 */
export function layTiles(tilesPerSide: number, placed: readonly (readonly [string, number])[]): WallGrid {
  const size = tilesPerSide * 2;
  const tiles = placed.map(([tile, turns]) => tileHalves(tile, turns));
  const at = (row: number, col: number) => {
    const t = tiles[Math.floor(row / 2) * tilesPerSide + Math.floor(col / 2)];
    if (!t) throw new RangeError(`layTiles needs ${tilesPerSide ** 2} tiles, got ${placed.length}`);
    return { t, local: (row % 2) * 2 + (col % 2) };
  };
  const edge = (r1: number, c1: number, r2: number, c2: number, side: number): number => {
    const a = at(r1, c1);
    const b = at(r2, c2);
    if (a.t === b.t) return (a.t.internal[a.local] as number[])[b.local] as number;
    return Math.min(
      2,
      ((a.t.half[a.local] as number[])[side] as number) +
        ((b.t.half[b.local] as number[])[(side + 2) % 4] as number),
    );
  };
  const vertical: number[] = [];
  const horizontal: number[] = [];
  for (let r = 0; r < size; r++) for (let c = 0; c < size - 1; c++) vertical.push(edge(r, c, r, c + 1, 1));
  for (let r = 0; r < size - 1; r++) for (let c = 0; c < size; c++) horizontal.push(edge(r, c, r + 1, c, 2));
  return { size, vertical, horizontal };
}

/**
 * A random board as the CodeCup judges make them: `tilesPerSide²` tiles drawn without replacement from a
 * double set of `tileSet`, each turned a random number of quarter turns (Less: 4 per side = 16 tiles;
 * More: 3 per side = 9 tiles). Returns the board string. The same seed always gives the same board.
 */
export function generateTiledBoard(
  seed: Seed,
  tilesPerSide: number,
  tileSet: readonly string[] = STAND_IN_TILES,
): string {
  const rng = Prng.fromSeed(seed);
  const drawn = rng.shuffle([...tileSet, ...tileSet]).slice(0, tilesPerSide * tilesPerSide);
  return formatWallGrid(
    layTiles(
      tilesPerSide,
      drawn.map((tile) => [tile, rng.below(4)] as const),
    ),
  );
}
