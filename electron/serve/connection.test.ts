import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { sendEvent } from './connection.ts';

const limits = { maxInFlight: 4, frameDropBytes: 1000, stalledBytes: 10_000 };

function socket(bufferedAmount: number, readyState = 1) {
  const fake = { OPEN: 1, readyState, bufferedAmount, send: vi.fn(), terminate: vi.fn() };
  return { fake, ws: fake as unknown as WebSocket };
}

describe('sendEvent (back-pressure)', () => {
  it('sends every event to a client that keeps up', () => {
    const { fake, ws } = socket(0);
    expect(sendEvent(ws, 'game.frame', 'f', limits)).toBe(true);
    expect(sendEvent(ws, 'tournament.changed', 'c', limits)).toBe(true);
    expect(fake.send.mock.calls).toEqual([['f'], ['c']]);
  });

  it('drops frames, but not other events, while the buffer is over the limit', () => {
    const { fake, ws } = socket(1001);
    expect(sendEvent(ws, 'game.frame', 'f', limits)).toBe(false);
    expect(sendEvent(ws, 'tournament.progress', 'p', limits)).toBe(true);
    expect(fake.send.mock.calls).toEqual([['p']]);
    expect(fake.terminate).not.toHaveBeenCalled();
  });

  it('disconnects a client that stopped reading', () => {
    const { fake, ws } = socket(10_001);
    expect(sendEvent(ws, 'tournament.progress', 'p', limits)).toBe(false);
    expect(fake.terminate).toHaveBeenCalledOnce();
    expect(fake.send).not.toHaveBeenCalled();
  });

  it('sends nothing to a socket that is not open', () => {
    const { fake, ws } = socket(0, 2);
    expect(sendEvent(ws, 'tournament.progress', 'p', limits)).toBe(false);
    expect(fake.send).not.toHaveBeenCalled();
  });
});
