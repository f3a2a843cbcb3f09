import { describe, expect, it } from 'vitest';
import { refereeGame } from '../../../test/bench/tournament/fixture.ts';
import { gameRecordSchema } from '../record/schema.ts';
import { HAND_CHECK_MATCHES_SCHEMA, parseRecord } from './record-check.ts';

// parseRecord must answer exactly as gameRecordSchema.safeParse: the same verdict, the same issues, and a
// record that serialises to the same JSON text.

type Mutable = Record<string, unknown>;
const clone = (v: unknown): Mutable => structuredClone(v) as Mutable;

function same(record: unknown): void {
  const fast = parseRecord(record);
  const zod = gameRecordSchema.safeParse(record);
  expect(fast.success).toBe(zod.success);
  if (fast.success && zod.success) expect(JSON.stringify(fast.data)).toBe(JSON.stringify(zod.data));
  else expect(fast.error?.issues).toEqual(zod.error?.issues);
}

/** Changes to one element of a list (a line or a move): each one the schema may or may not accept. */
const ELEMENT_CHANGES: Record<string, (e: Mutable) => unknown> = {
  'an extra key': (e) => ({ ...e, extra: 1 }),
  'the keys in another order': (e) => Object.fromEntries(Object.entries(e).reverse()),
  'no prototype': (e) => Object.assign(Object.create(null) as object, e),
  'null instead': () => null,
  'an array instead': (e) => Object.values(e),
  't NaN': (e) => ({ ...e, t: NaN }),
  't Infinity': (e) => ({ ...e, t: Infinity }),
  't as text': (e) => ({ ...e, t: '1' }),
  'dir up': (e) => ({ ...e, dir: 'up' }),
  'seat 32': (e) => ({ ...e, seat: 32 }),
  'seat 31': (e) => ({ ...e, seat: 31 }),
  'seat 1.5': (e) => ({ ...e, seat: 1.5 }),
  'seat -1': (e) => ({ ...e, seat: -1 }),
  'text a number': (e) => ({ ...e, text: 5 }),
  'ply -1': (e) => ({ ...e, ply: -1 }),
  'ply 2.5': (e) => ({ ...e, ply: 2.5 }),
  'ply unsafe': (e) => ({ ...e, ply: 2 ** 60 }),
  'by x': (e) => ({ ...e, by: 'x' }),
  'cause timeout': (e) => ({ ...e, cause: 'timeout' }),
  'cause x': (e) => ({ ...e, cause: 'x' }),
  'cause undefined': (e) => ({ ...e, cause: undefined }),
  'wallUs undefined': (e) => ({ ...e, wallUs: undefined }),
  'wallUs null': (e) => ({ ...e, wallUs: null }),
  'no wallUs': ({ wallUs: _, ...e }) => e,
  'no line': ({ line: _, ...e }) => e,
  'no text': ({ text: _, ...e }) => e,
};

describe('parseRecord: gameRecordSchema with a fast path for lines and moves', () => {
  it('knows every field of a line and a move, in the schema order', () => {
    expect(HAND_CHECK_MATCHES_SCHEMA).toBe(true);
  });

  it('returns what zod returns for a real game and for changes to one of its lines or moves', async () => {
    const record = clone(await refereeGame(7919));
    expect((record['moves'] as unknown[]).length).toBeGreaterThan(10);
    same(record);
    for (const list of ['lines', 'moves'] as const) {
      for (const [name, change] of Object.entries(ELEMENT_CHANGES)) {
        for (const at of [0, 7]) {
          const changed = clone(record);
          const elements = changed[list] as Mutable[];
          elements[at] = change(elements[at] as Mutable) as Mutable;
          try {
            same(changed);
          } catch (e) {
            throw new Error(`${list}[${at}]: ${name}: ${(e as Error).message}`, { cause: e });
          }
        }
      }
    }
  });

  it('returns what zod returns for changes outside the lists', async () => {
    const record = clone(await refereeGame(7919));
    const sparse = clone(record);
    (sparse['moves'] as unknown[])[(sparse['moves'] as unknown[]).length + 2] = (
      record['moves'] as unknown[]
    )[0];
    const cases: unknown[] = [
      { ...record, extra: true },
      { ...record, seed: -1 },
      { ...record, lines: 'none' },
      { ...record, moves: undefined },
      sparse,
      null,
      [],
    ];
    for (const c of cases) same(c);
  });
});
