import { Prng, type Seed } from '../../random/prng.ts';
import { CELLS, cellX, cellY, EMPTY, isAvailable, NEUTRAL, type Cell } from './board.ts';
import { findEnd } from './ending.ts';
import { BOTS, FRESH_RECORD, NEUTRAL_ODDS, type FlitState, type SeatRecord, type Update } from './state.ts';

/**
 * A state being built by one transition: mutable copies of the parts that change. Made by
 * {@link openDraft}, changed with {@link setCell} and {@link closeTurn}, turned into a state by
 * {@link sealDraft}. Never shared between two transitions.
 */
export interface Draft {
  readonly board: Uint8Array;
  readonly counts: number[];
  readonly changes: Update[];
  readonly seats: SeatRecord[];
  readonly rng: Prng;
  turns: number;
  next: number;
  passStreak: number;
}

/** A draft of the next state, starting from copies of `state`'s parts and no changes yet. */
export function openDraft(state: FlitState): Draft {
  return {
    board: new Uint8Array(state.board),
    counts: state.counts.slice(),
    changes: [],
    seats: state.seats.slice(),
    rng: Prng.fromState(state.rng),
    turns: state.turns,
    next: state.next,
    passStreak: state.passStreak,
  };
}

/** The state a draft describes. The draft must not be used afterwards. */
export function sealDraft(draft: Draft): FlitState {
  return {
    board: draft.board,
    counts: draft.counts,
    rng: draft.rng.state(),
    turns: draft.turns,
    next: draft.next,
    passStreak: draft.passStreak,
    seats: draft.seats,
    changes: draft.changes,
  };
}

/** Puts `value` on `cell`, keeping the counts and recording the update for the bots. */
export function setCell(draft: Draft, cell: number, value: Cell): void {
  const old = draft.board[cell] ?? EMPTY;
  draft.counts[old] = (draft.counts[old] ?? 0) - 1;
  draft.counts[value] = (draft.counts[value] ?? 0) + 1;
  draft.board[cell] = value;
  draft.changes.push({ x: cellX(cell), y: cellY(cell), c: value });
}

/**
 * The addition of a neutral piece after a turn, in this exact order of draws: one square uniformly from
 * all 1024 (`below(1024)`, cell number `y * 32 + x`); only if it is available, a second draw
 * `below(16)`, and a neutral piece is placed when that is 0. An unavailable square ends it (no second
 * square, no second draw).
 */
function considerNeutral(draft: Draft): void {
  const cell = draft.rng.below(CELLS);
  if (isAvailable(draft.board, cell) && draft.rng.below(NEUTRAL_ODDS) === 0) setCell(draft, cell, NEUTRAL);
}

/**
 * Ends the turn of `draft.next`: counts it, draws the neutral piece, and hands the turn on. A frozen
 * bot is never asked to move, so each following frozen bot's turn is taken here at once as a non-move
 * (with its own neutral draw), until a bot that can be asked is next or the game has ended.
 */
export function closeTurn(draft: Draft, moved: boolean): void {
  draft.turns += 1;
  draft.passStreak = moved ? 0 : draft.passStreak + 1;
  considerNeutral(draft);
  draft.next = (draft.next + 1) % BOTS;
  for (;;) {
    if (findEnd(draft) !== null) return;
    const record = draft.seats[draft.next] ?? FRESH_RECORD;
    if (record.frozen === null) return;
    draft.seats[draft.next] = { ...record, frozenTurns: record.frozenTurns + 1 };
    draft.turns += 1;
    draft.passStreak += 1;
    considerNeutral(draft);
    draft.next = (draft.next + 1) % BOTS;
  }
}

/**
 * The state before the first turn. The generator is seeded with the game seed; then for each bot in
 * order one piece goes on a square drawn uniformly (`below(count)`) from the available squares listed
 * in cell order, and after all first pieces a second piece for each bot the same way. The generator
 * then continues with the neutral draws.
 */
export function initialState(seed: Seed): FlitState {
  const draft: Draft = {
    board: new Uint8Array(CELLS),
    counts: [CELLS, 0, 0, 0, 0, 0],
    changes: [],
    seats: Array.from({ length: BOTS }, () => FRESH_RECORD),
    rng: Prng.fromSeed(seed),
    turns: 0,
    next: 0,
    passStreak: 0,
  };
  const available: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (let seat = 0; seat < BOTS; seat++) {
      available.length = 0;
      for (let cell = 0; cell < CELLS; cell++) if (isAvailable(draft.board, cell)) available.push(cell);
      setCell(draft, available[draft.rng.below(available.length)] ?? 0, (seat + 1) as Cell);
    }
  }
  return sealDraft(draft);
}
