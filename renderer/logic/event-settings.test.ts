import { describe, expect, it } from 'vitest';
import { eventSettingsSchema } from '../../shared/event/settings.ts';
import { eventSettingsFromForm, finalCycles, newEventForm } from './event-settings.ts';

describe('the create-an-event form', () => {
  it('starts as CodeCup: Swiss then a final of 10 games per pair, official timing', () => {
    const form = { ...newEventForm('more'), name: 'Club day' };
    const settings = eventSettingsSchema.parse(eventSettingsFromForm(form, 2));
    expect(settings.final).toEqual({
      kind: 'swiss',
      swissRounds: 7,
      finalists: 10,
      permutations: 'all',
      finalCycles: 5,
    });
    expect(settings.timing).toEqual({ mode: 'official', graceMs: 1000 });
    expect(settings.deadline).toBeUndefined();
    expect(settings.testEveryMinutes).toBeUndefined();
  });

  it('carries every choice: timing, budget, final, deadline, tests', () => {
    const form = {
      ...newEventForm('6561'),
      name: 'Olympiad',
      deadline: '2026-05-01T16:00',
      timingMode: 'cpu' as const,
      budgetMs: 5000,
      swissRounds: 5,
      finalists: 6,
      finalGames: 4,
      testEveryMinutes: 15,
      testSamples: true,
    };
    const settings = eventSettingsSchema.parse(eventSettingsFromForm(form, 2));
    expect(settings).toMatchObject({
      deadline: new Date('2026-05-01T16:00').toISOString(),
      timing: { mode: 'cpu', budgetMs: 5000 },
      final: { swissRounds: 5, finalists: 6, finalCycles: 2 },
      testEveryMinutes: 15,
      testSamples: true,
    });
  });

  it('counts games per pair for 2 players and cycles for more', () => {
    expect(finalCycles(10, 2)).toBe(5);
    expect(finalCycles(3, 2)).toBe(2);
    expect(finalCycles(1, 2)).toBe(1);
    expect(finalCycles(3, 4)).toBe(3);
  });

  it('leaves a bad value to the engine to refuse, with what is wrong', () => {
    const form = { ...newEventForm('more'), name: 'x', swissRounds: 0 };
    const parsed = eventSettingsSchema.safeParse(eventSettingsFromForm(form, 2));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['final', 'swissRounds']);
  });
});
