import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  sampleOutcome,
  sampleParticipants,
  sampleRecord,
  sampleSchedule,
} from '../../../test/integration/store/samples.ts';
import { TournamentStore } from '../store/store.ts';
import { refereeGame } from '../../../test/bench/tournament/fixture.ts';
import { parseRecord } from '../store/record-check.ts';
import type { GameRecord } from './schema.ts';
import { parseRecordText, recordJson } from './source-text.ts';

// The store keeps a remote record's own text only when its check kept the record exactly as it was read;
// in every other case it stores the checked record serialised, as before.

const real = await refereeGame(7919);
/** The record as a worker might send it, laid out differently from JSON.stringify (so the tests see which text is kept). */
const spaced = JSON.stringify(real, null, 1);

function stored(input: unknown): string {
  const checked = parseRecord(input);
  if (!checked.success) throw new Error(checked.error.message);
  return recordJson(input, checked.data);
}

describe('recordJson', () => {
  it('keeps the text a plainly valid record was read from', () => {
    const input = parseRecordText(spaced);
    expect(stored(input)).toBe(spaced);
    expect(JSON.parse(stored(input))).toEqual(JSON.parse(JSON.stringify(parseRecord(input).data)));
  });

  it('serialises a record that was not read from text', () => {
    const input = JSON.parse(spaced) as unknown;
    expect(stored(input)).toBe(JSON.stringify(real));
  });

  it('serialises the checked record when the check changed it (an unknown key stripped)', () => {
    const withExtra = JSON.stringify(
      { ...real, worker: { name: 'b', host: 'h', speedFactor: 1, extra: 1 } },
      null,
      1,
    );
    const input = parseRecordText(withExtra);
    const text = stored(input);
    expect(text).not.toBe(withExtra);
    expect((JSON.parse(text) as GameRecord).worker).toEqual({ name: 'b', host: 'h', speedFactor: 1 });
  });

  it('serialises it when its fields come in another order than the schema’s', () => {
    const { game, ...rest } = real;
    const reordered = JSON.stringify({ ...rest, game }, null, 1);
    const text = stored(parseRecordText(reordered));
    expect(text).toBe(JSON.stringify(real));
  });

  it('serialises it when a line or a move goes through zod (not plainly valid)', () => {
    const copy = JSON.parse(spaced) as { moves: Record<string, unknown>[] };
    copy.moves[3] = { ...copy.moves[3], extra: true };
    const input = parseRecordText(JSON.stringify(copy, null, 1));
    const text = stored(input);
    expect(text).toBe(JSON.stringify(parseRecord(input).data));
    expect(text).not.toContain('extra');
  });

  it('serialises it when it was changed after it was read', () => {
    const pushed = parseRecordText(spaced) as GameRecord;
    pushed.moves.push({ ...pushed.moves[0]! });
    expect(stored(pushed)).toBe(JSON.stringify(pushed));

    const renamed = parseRecordText(spaced) as GameRecord;
    renamed.seats[0] = { ...renamed.seats[0]!, name: 'someone else' };
    expect(stored(renamed)).toBe(JSON.stringify(renamed));

    const swapped = parseRecordText(spaced) as GameRecord;
    swapped.lines = [...swapped.lines];
    expect(stored(swapped)).toBe(JSON.stringify(swapped));
  });

  it('reads what is not a record as JSON.parse does', () => {
    expect(parseRecordText('[1,2]')).toEqual([1, 2]);
    expect(parseRecordText('null')).toBeNull();
    expect(() => parseRecordText('{')).toThrow(SyntaxError);
  });
});

describe('the store keeps a remote record’s text', () => {
  it('stores the text it was read from, and reads back the same record', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jury-source-text-')), 't.sqlite');
    const store = TournamentStore.create(path, { seed: 7, participants: sampleParticipants(4) });
    try {
      const game = sampleSchedule(0, 1)[0]!;
      store.addScheduled([game]);
      const record = sampleRecord(game);
      const text = JSON.stringify(record, null, 2);
      store.finishGame(0, sampleOutcome(game), parseRecordText(text));
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        expect(db.prepare('SELECT record FROM records WHERE idx = 0').get()?.['record']).toBe(text);
      } finally {
        db.close();
      }
      expect(store.record(0)).toEqual(record);
    } finally {
      store.close();
    }
  });
});
