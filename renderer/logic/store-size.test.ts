import { describe, expect, it } from 'vitest';
import { gameDriver } from '../../shared/games/driver.ts';
import { defaultForm, type DraftForm } from './draft.ts';
import { formatBytes, LARGE_STORE_BYTES, storeSize } from './store-size.ts';

const defaults = { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null } as const;
const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `bot${i}`);

function form(game: DraftForm['game'], seats: number, bots: number, change: Partial<DraftForm>): DraftForm {
  return { ...defaultForm(game, seats, defaults, 7), bots: ids(bots), ...change };
}

describe('storeSize', () => {
  it('multiplies the planned games by the bytes a game of the chosen game adds', () => {
    // A 6561 round robin of 10 bots, twice: 2 × 10 × 9 games.
    const size = storeSize(form('6561', 2, 10, { format: 'round-robin', repeats: 2 }), 2);
    const perGame = gameDriver('6561').storedBytes ?? NaN;
    expect(size).toEqual({ games: 180, perGame, bytes: 180 * perGame, large: false });
  });

  it('calls a CodeCup-size Flit event large', () => {
    // 60 bots, 11 Swiss rounds of 15 tables in all 24 seat orders, then a final of 8: every group of 4.
    const f = form('flit', 4, 60, {
      format: 'swiss',
      swissRounds: 11,
      finalists: 8,
      permutations: 'all',
    });
    const size = storeSize(f, 4);
    expect(size?.games).toBe(11 * 15 * 24 + 70 * 24);
    expect(size?.bytes).toBe((size?.games ?? 0) * (gameDriver('flit').storedBytes ?? NaN));
    expect(size?.large).toBe(true);
    expect(size?.bytes ?? 0).toBeGreaterThanOrEqual(LARGE_STORE_BYTES);
  });

  it('says nothing when the format cannot run with these bots', () => {
    expect(storeSize(form('6561', 2, 1, { format: 'round-robin' }), 2)).toBeNull();
    expect(storeSize(form('flit', 4, 3, { format: 'groups' }), 4)).toBeNull();
  });

  it('counts a gauntlet by its challengers, named by library id', () => {
    const f = form('6561', 2, 5, { format: 'gauntlet', challengers: ['bot0'], repeats: 1 });
    expect(storeSize(f, 2)?.games).toBe(8);
  });
});

describe('formatBytes', () => {
  it('writes sizes with a decimal unit in the user’s language', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(31_000, 'en')).toBe('31 KB');
    expect(formatBytes(900_000, 'en')).toBe('900 KB');
    expect(formatBytes(1_250_000_000, 'en')).toBe('1.3 GB');
    expect(formatBytes(1_250_000_000, 'nl')).toBe('1,3 GB');
    expect(formatBytes(15_480_000_000, 'nl')).toBe('15 GB');
    expect(formatBytes(999_700, 'en')).toBe('1.0 MB');
  });
});
