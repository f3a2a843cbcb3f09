import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { replayStepSchema } from '../ipc/app-schemas.ts';
import golden from './more/golden/figure-1-takeover.json' with { type: 'json' };
import { findGame } from './registry.ts';
import {
  moveStep,
  recordSteps,
  type RecordedMove,
  type ReplayStep,
  type SteppedRecord,
} from './replay-steps.ts';

/** The golden More game as a record: seats found by stepping the module. */
function goldenRecord(): SteppedRecord {
  const more = findGame('more')!;
  const setup = more.setup({ seed: golden.seed, board: golden.board });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const moves = golden.replies.map((line, ply): RecordedMove => {
    const seat = more.toAct(state)!;
    const parsed = more.parseReply(state, line);
    if (!parsed.ok) throw new Error(parsed.error.message);
    state = more.apply(state, parsed.value);
    return { ply, seat, line, by: 'bot', chargedUs: 2500 };
  });
  return { game: 'more', seed: golden.seed, board: golden.board, moves };
}

describe('recordSteps', () => {
  it('is the shape the IPC contract checks', () => {
    expectTypeOf<ReplayStep>().toEqualTypeOf<Readonly<z.output<typeof replayStepSchema>>>();
  });

  it('gives the opening and the position after every move', () => {
    const record = goldenRecord();
    const steps = recordSteps(record);
    if (!steps.ok) throw new Error(steps.error.message);
    expect(steps.value).toHaveLength(record.moves.length + 1);
    expect(steps.value[0]).toMatchObject({ ply: 0, seat: null, line: null, by: null, chargedMs: null });
    expect(steps.value[2]).toMatchObject({ ply: 2, seat: record.moves[1]!.seat, by: 'bot', chargedMs: 2.5 });
    expect(steps.value[0]!.state).not.toEqual(steps.value.at(-1)!.state);
  });

  it('names why a record does not step', () => {
    const record = goldenRecord();
    const moves = record.moves.map((m, i) => (i === 2 ? { ...m, line: 'z9z9' } : m));
    expect(recordSteps({ ...record, moves })).toMatchObject({
      ok: false,
      error: {
        code: 'not-replayed',
        message: expect.stringMatching(/^the record does not replay at move 3 \("z9z9"\)/),
      },
    });
    const swapped = record.moves.map((m, i) => (i === 0 ? { ...m, seat: 1 - m.seat } : m));
    expect(recordSteps({ ...record, moves: swapped })).toMatchObject({
      ok: false,
      error: { code: 'not-replayed' },
    });
    const missed = record.moves.map((m, i) => (i === 0 ? { ...m, by: 'missed' as const } : m));
    expect(recordSteps({ ...record, moves: missed })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('a missed turn in a game without missed turns') },
    });
    expect(recordSteps({ ...record, game: 'no-such-game' })).toEqual({
      ok: false,
      error: { code: 'unknown-game', message: 'unknown game no-such-game' },
    });
    expect(recordSteps({ ...record, board: 'not a board' })).toMatchObject({
      ok: false,
      error: { code: 'bad-board' },
    });
  });
});

describe('moveStep', () => {
  it('numbers the step after the move, turns µs into ms and an empty line into null', () => {
    const move: RecordedMove = { ply: 4, seat: 1, line: '', by: 'missed', cause: 'timeout' };
    expect(moveStep(move, null)).toEqual({
      ply: 5,
      seat: 1,
      line: null,
      by: 'missed',
      state: null,
      chargedMs: null,
    });
    expect(moveStep({ ...move, line: 'a1', by: 'bot', chargedUs: 1500 }, 7)).toMatchObject({
      line: 'a1',
      chargedMs: 1.5,
      state: 7,
    });
  });
});
