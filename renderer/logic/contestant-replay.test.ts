import { describe, expect, it } from 'vitest';
import { findGame } from '../../shared/games/registry.ts';
import golden from '../../shared/games/more/golden/figure-1-takeover.json' with { type: 'json' };
import { contestantSteps, moveOnlySteps, ownSeats, type ContestantRecord } from './contestant-replay.ts';

/** A contestant's record of the golden More game: seats found by stepping the module, seat 1 theirs. */
function goldenRecord(): ContestantRecord {
  const more = findGame('more')!;
  const setup = more.setup({ seed: golden.seed, board: golden.board });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const moves = golden.replies.map((line, ply) => {
    const seat = more.toAct(state)!;
    const parsed = more.parseReply(state, line);
    if (!parsed.ok) throw new Error(parsed.error.message);
    state = more.apply(state, parsed.value);
    return { ply, seat, line, by: 'bot' as const, chargedUs: 1500 };
  });
  const seat = (name: string, mine: boolean) => ({
    name,
    command: mine ? ['./bot'] : null,
    status: 'OK',
    score: 0,
    stderr: { shown: mine ? 'thinking' : '', full: mine ? 'thinking\nhard' : '', truncated: false },
  });
  return {
    game: 'more',
    seed: golden.seed,
    board: golden.board,
    end: { kind: 'all-home' },
    durationUs: 2_000_000,
    seats: [seat('Bob', false), seat('Ada', true)],
    moves,
  };
}

describe('contestantSteps', () => {
  it('gives the opening and the position after every move, as the app replays a record', () => {
    const record = goldenRecord();
    const steps = contestantSteps(record)!;
    expect(steps).toHaveLength(golden.replies.length + 1);
    expect(steps[0]).toMatchObject({ ply: 0, seat: null, line: null });
    expect(steps[1]).toMatchObject({ ply: 1, seat: record.moves[0]!.seat, line: 'f6f4', chargedMs: 1.5 });
    expect(steps.at(-1)!.line).toBe(golden.replies.at(-1));
    expect(steps[0]!.state).not.toEqual(steps.at(-1)!.state);
  });

  it('gives null for a record that does not replay, or a game it does not know', () => {
    const record = goldenRecord();
    const broken = { ...record, moves: record.moves.map((m, i) => (i === 3 ? { ...m, line: 'z9z9' } : m)) };
    expect(contestantSteps(broken)).toBeNull();
    expect(contestantSteps({ ...record, game: 'no-such-game' })).toBeNull();
    expect(moveOnlySteps(broken)[3]).toMatchObject({ ply: 4, line: 'z9z9', state: null });
  });

  it('finds the seats whose stderr is the contestant’s own', () => {
    expect(ownSeats(goldenRecord()).map((s) => [s.i, s.seat.name])).toEqual([[1, 'Ada']]);
  });
});
