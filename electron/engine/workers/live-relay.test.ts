import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyGameModule } from '../../../shared/games/types.ts';
import { PROGRESS_EVERY_MS, ProgressRelay, progressEvents, type GameProgress } from './live-relay.ts';

// A stand-in module: states are numbers (the ply they are at), their JSON is the number itself.
const module = {
  toJson: (state: number) => ({ at: state }),
  fromJson: (json: { at: number }) => ({ ok: true, value: json.at }),
} as unknown as AnyGameModule;

const move = (ply: number) =>
  ({ kind: 'move', ply, seat: ply % 2, line: `m${ply}`, by: 'bot', chargedUs: 100, state: ply }) as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('ProgressRelay: a remote game’s live board', () => {
  it('answers the moves not sent yet and the final state when the game ends between two sends', async () => {
    vi.useFakeTimers();
    const sent: GameProgress[] = [];
    const relay = new ProgressRelay(module, async (p) => void sent.push(p));
    relay.push(move(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((p) => p.moves.map((m) => m.ply))).toEqual([[0]]);
    for (let ply = 1; ply < 80; ply++) relay.push(move(ply)); // the game ends before the next send
    const final = relay.finish();
    expect(final?.moves.map((m) => m.ply)).toEqual(Array.from({ length: 79 }, (_, i) => i + 1));
    expect(final?.state).toEqual({ at: 79 });
    await vi.advanceTimersByTimeAsync(PROGRESS_EVERY_MS * 2);
    expect(sent).toHaveLength(1); // nothing more is sent once finished
    // The coordinator turns it into the board's last move, with the final state.
    expect(progressEvents(module, final)).toEqual([
      { kind: 'move', ply: 79, seat: 1, line: 'm79', by: 'bot', chargedUs: 100, state: 79 },
    ]);
  });

  it('repeats the last move, without its time, when every move was sent', async () => {
    vi.useFakeTimers();
    const relay = new ProgressRelay(module, async () => {});
    relay.push(move(0));
    relay.push(move(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(relay.finish()).toEqual({
      moves: [{ ply: 1, seat: 1, line: 'm1', by: 'bot', chargedUs: null }],
      failures: [],
      state: { at: 1 },
    });
  });

  it('answers null for a game that ended before its first move', () => {
    expect(new ProgressRelay(module, async () => {}).finish()).toBeNull();
  });
});
