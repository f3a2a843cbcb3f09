import { describe, expect, it } from 'vitest';
import { chargesWallClock, DEFAULT_TIMING_MODE, isTimingMode, TIMING_MODE, TIMING_MODES } from './modes.ts';

describe('timing modes', () => {
  it('lists official (the default, wall clock) and cpu', () => {
    expect(TIMING_MODES).toEqual(['official', 'cpu']);
    expect(DEFAULT_TIMING_MODE).toBe('official');
    expect(Object.keys(TIMING_MODE)).toEqual([...TIMING_MODES]);
    expect(TIMING_MODES.map(chargesWallClock)).toEqual([true, false]);
  });

  it('recognises exactly the ids', () => {
    expect(TIMING_MODES.every(isTimingMode)).toBe(true);
    expect(['wall', 'Official', '', undefined, 1].some(isTimingMode)).toBe(false);
  });
});
