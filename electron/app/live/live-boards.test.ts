import { describe, expect, it } from 'vitest';
import { games } from '../../../shared/games/registry.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import { FrameCoalescer, type CoalescerTimer } from './coalescer.ts';
import { LiveBoards, type GameFrame, type LazyFrame } from './live-boards.ts';

const more = games.more;

const game = (index: number): ScheduledGame => ({
  index,
  stage: 'main',
  round: 1,
  seats: ['a', 'b'],
  seed: 10 + index,
  board: null,
  match: 'm',
});

/** A clock that never moves: every frame after a board's first waits, until the board finishes. */
const frozen: CoalescerTimer = { now: () => 0, setTimeout: () => 1, clearTimeout: () => undefined };

function setup() {
  const sent: GameFrame[] = [];
  const coalescer = new FrameCoalescer<string, LazyFrame>({
    intervalMs: 100,
    timer: frozen,
    send: (frame) => sent.push(frame()),
  });
  const boards = new LiveBoards({
    tournament: 'Cup',
    module: more,
    names: new Map([
      ['a', 'Alpha'],
      ['b', 'Bravo'],
    ]),
    coalescer,
  });
  return { sent, boards };
}

/** The state after the first legal move of the opening of `g`, and that move's line. */
function firstMove(g: ScheduledGame): { state: unknown; line: string } {
  const setup = more.setup({ seed: g.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  const move = more.legalMoves(setup.value)[0];
  return { state: more.apply(setup.value, move), line: more.formatMove(move) };
}

describe('LiveBoards', () => {
  it('shows a started game’s opening at once, then its latest move and charged time', () => {
    const { sent, boards } = setup();
    const g = game(0);
    boards.start(g);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      tournament: 'Cup',
      game: 0,
      stage: 'main',
      round: 1,
      seats: ['Alpha', 'Bravo'],
      ply: 0,
      lastMove: null,
      clocksMs: [0, 0],
      toAct: 0,
      done: false,
      scores: null,
    });
    const { state, line } = firstMove(g);
    boards.event(g, { kind: 'move', ply: 0, seat: 0, line, by: 'bot', chargedUs: 2500, state });
    const [live] = boards.frames();
    expect(live).toMatchObject({ ply: 1, lastMove: line, clocksMs: [2.5, 0], toAct: 1 });
    expect(live?.state).toEqual(more.toJson(state));
  });

  it('sends the final frame with the record’s scores and times, and ignores events after it', () => {
    const { sent, boards } = setup();
    const g = game(1);
    boards.start(g);
    const { state, line } = firstMove(g);
    boards.event(g, { kind: 'move', ply: 0, seat: 0, line, by: 'bot', chargedUs: 1000, state });
    const record = {
      scores: [12, 7],
      seats: [{ time: { chargedUs: 4000 } }, { time: { chargedUs: 6000 } }],
    } as unknown as GameRecord;
    boards.finish(g, record);
    expect(sent.at(-1)).toMatchObject({ ply: 1, done: true, scores: [12, 7], clocksMs: [4, 6], toAct: null });
    boards.event(g, { kind: 'move', ply: 1, seat: 1, line, by: 'bot', chargedUs: 1, state });
    expect(boards.frames()).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('takes thrown-away games down with a last frame without scores, in schedule order', () => {
    const { sent, boards } = setup();
    boards.start(game(5));
    boards.start(game(2));
    expect(boards.frames().map((f) => f.game)).toEqual([2, 5]);
    expect([...boards.running()].sort()).toEqual([2, 5]);
    boards.dropAll();
    expect(sent.slice(-2).map((f) => [f.game, f.done, f.scores])).toEqual([
      [5, true, null],
      [2, true, null],
    ]);
    expect(boards.frames()).toEqual([]);
  });
});
