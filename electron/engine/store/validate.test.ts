import { describe, expect, it } from 'vitest';
import { sampleOutcome, sampleRecord, sampleSchedule } from '../../../test/integration/store/samples.ts';
import { StoreError } from './errors.ts';
import {
  check,
  checkOutcome,
  gameOutcomeSchema,
  participantSchema,
  scheduledGameSchema,
} from './validate.ts';

const game = sampleSchedule(3, 1)[0]!;

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    expect((e as StoreError).code).toBe('invalid');
    return (e as Error).message;
  }
  throw new Error('expected a StoreError');
}

describe('validation', () => {
  it('accepts the sample data', () => {
    expect(check(scheduledGameSchema, game, 'g')).toEqual(game);
    expect(check(gameOutcomeSchema, sampleOutcome(game), 'o')).toEqual(sampleOutcome(game));
    expect(checkOutcome(3, sampleOutcome(game), sampleRecord(game)).outcome.index).toBe(3);
  });

  it('names the wrong field of a scheduled game', () => {
    expect(message(() => check(scheduledGameSchema, { ...game, round: 0 }, 'game 3'))).toMatch(
      /^game 3: round:/,
    );
    expect(message(() => check(scheduledGameSchema, { ...game, seats: ['a', 7] }, 'g'))).toMatch(/seats\.1/);
    expect(message(() => check(scheduledGameSchema, { ...game, seats: ['a', 'a'] }, 'g'))).toMatch(
      /only one seat/,
    );
    expect(message(() => check(scheduledGameSchema, { ...game, seed: -1 }, 'g'))).toMatch(/seed/);
    expect(message(() => check(scheduledGameSchema, { ...game, extra: 1 }, 'g'))).toMatch(/extra/);
  });

  it('names the wrong field of a participant', () => {
    const p = { id: 'a', name: 'A', command: null, executableHash: null };
    expect(check(participantSchema, p, 'p')).toEqual(p);
    expect(message(() => check(participantSchema, { ...p, id: '' }, 'participant 1'))).toMatch(
      /participant 1: id: must not be empty/,
    );
    expect(message(() => check(participantSchema, { ...p, command: [] }, 'p'))).toMatch(/command/);
  });

  it('names the wrong field of an outcome or record', () => {
    const o = sampleOutcome(game);
    expect(message(() => checkOutcome(3, { ...o, end: 'gave-up' }, sampleRecord(game)))).toMatch(
      /game 3: outcome: end: not a known way/,
    );
    expect(message(() => checkOutcome(3, { ...o, statuses: ['OK', 'LOST'] }, sampleRecord(game)))).toMatch(
      /statuses\.1/,
    );
    expect(message(() => checkOutcome(3, o, { ...sampleRecord(game), version: 2 }))).toMatch(
      /game 3: record: version/,
    );
  });

  it('checks that per-seat lists agree', () => {
    const o = sampleOutcome(game);
    expect(message(() => checkOutcome(4, o, sampleRecord(game)))).toMatch(/outcome is for game 3/);
    expect(message(() => checkOutcome(3, { ...o, scores: [1] }, sampleRecord(game)))).toMatch(
      /scores has 1 entries for 2 seats/,
    );
    const three = {
      ...sampleRecord(game),
      seats: [...sampleRecord(game).seats, sampleRecord(game).seats[0]!],
    };
    expect(message(() => checkOutcome(3, o, three))).toMatch(/record has 3 seats/);
  });
});
