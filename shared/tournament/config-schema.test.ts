import { describe, expect, it } from 'vitest';
import { limitsSchema, RUN_BOUNDS, timingSchema } from './config-schema.ts';

describe('RUN_BOUNDS: one set of bounds for the config file, the form and jury play', () => {
  it('accepts each bound itself and refuses one past it', () => {
    const timing = (patch: object) => timingSchema.safeParse({ mode: 'cpu', ...patch }).success;
    expect(timing({ budgetMs: RUN_BOUNDS.budgetMs.max })).toBe(true);
    expect(timing({ budgetMs: RUN_BOUNDS.budgetMs.max + 1 })).toBe(false);
    expect(timing({ budgetMs: RUN_BOUNDS.budgetMs.min - 1 })).toBe(false);
    expect(timing({ graceMs: RUN_BOUNDS.graceMs.max + 1 })).toBe(false);
    const limits = (patch: object) => limitsSchema.safeParse(patch).success;
    expect(limits({ memoryMiB: RUN_BOUNDS.memoryMiB.max })).toBe(true);
    expect(limits({ memoryMiB: RUN_BOUNDS.memoryMiB.max + 1 })).toBe(false);
    expect(limits({ memoryMiB: null })).toBe(true);
    expect(limits({ maxProcesses: RUN_BOUNDS.maxProcesses.max + 1 })).toBe(false);
    expect(limits({ maxProcesses: 0 })).toBe(false);
  });
});
