import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { IpcMain } from 'electron';
import { requestChannels } from '../../shared/ipc/contract.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { IpcMainLike } from './register.ts';
import { registerHandlers, UntrustedSenderError } from './register.ts';
import type { SenderInfo } from './trusted-sender.ts';

type Listener = (event: SenderInfo, ...args: unknown[]) => unknown;

const outcome = {
  game: 'less' as const,
  seed: 42,
  seats: [
    { name: 'a', score: 3, status: 'OK' as const },
    { name: 'b', score: 0, status: 'CRASH' as const },
  ],
  end: { kind: 'all-home' as const },
  durationUs: 5,
};

function setup(trusted = true) {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void listeners.set(channel, listener) };
  const handlers = {
    'games.list': vi.fn(() => []),
    'bots.samples': vi.fn(() => [
      { id: 'less-random', name: 'Less random', strength: 'random' as const, description: '' },
    ]),
    'match.play': vi.fn(async () => outcome),
  } satisfies Partial<Handlers>;
  // The channels this test does not call answer with an error, so a mix-up shows.
  const others = Object.fromEntries(
    requestChannels.map((channel) => [
      channel,
      () => {
        throw new Error(`${channel}: not part of this test`);
      },
    ]),
  ) as unknown as Handlers;
  registerHandlers(ipcMain, { ...others, ...handlers }, () => trusted);
  const event: SenderInfo = {
    sender: { id: 1 },
    senderFrame: { url: 'file:///app/index.html', parent: null },
  };
  const invoke = (channel: string, ...args: unknown[]) =>
    Promise.resolve(listeners.get(channel)!(event, ...args));
  return { listeners, handlers, invoke };
}

describe('registerHandlers', () => {
  it('registers exactly the contract request channels', () => {
    expect([...setup().listeners.keys()]).toEqual(requestChannels);
  });

  it('round-trips a good request', async () => {
    const { handlers, invoke } = setup();
    const payload = {
      game: 'less',
      bots: [{ sample: 'less-random' }, { sample: 'less-greedy' }],
      timing: 'official',
    };
    await expect(invoke('match.play', payload)).resolves.toEqual(outcome);
    expect(handlers['match.play']).toHaveBeenCalledWith(payload);
    await expect(invoke('games.list')).resolves.toEqual([]);
  });

  it('rejects a bad payload naming the field, without calling the handler', async () => {
    const { handlers, invoke } = setup();
    const payload = {
      game: 'less',
      bots: [{ sample: 'a' }, { name: 'x', command: 'rm -rf /' }],
      timing: 'cpu',
    };
    await expect(invoke('match.play', payload)).rejects.toThrow(/match\.play: invalid request: bots\.1/);
    await expect(invoke('bots.samples', { game: 'go' })).rejects.toThrow(
      /bots\.samples: invalid request: game:/,
    );
    await expect(invoke('games.list', { sneaky: true })).rejects.toThrow(/\(payload\)/);
    await expect(invoke('bots.samples', { game: 'less' }, 'extra')).rejects.toThrow(/at most one payload/);
    expect(handlers['match.play']).not.toHaveBeenCalled();
    expect(handlers['bots.samples']).not.toHaveBeenCalled();
    expect(handlers['games.list']).not.toHaveBeenCalled();
  });

  it('rejects an untrusted sender before looking at the payload', async () => {
    const { handlers, invoke } = setup(false);
    await expect(invoke('bots.samples', { game: 'less' })).rejects.toBeInstanceOf(UntrustedSenderError);
    expect(handlers['bots.samples']).not.toHaveBeenCalled();
  });

  it('rejects an invalid response from a handler', async () => {
    const { handlers, invoke } = setup();
    handlers['games.list'].mockReturnValueOnce([{ id: 'chess' }] as never);
    await expect(invoke('games.list')).rejects.toThrow(/games\.list: invalid response from main: 0\.id/);
  });

  it("accepts Electron's real ipcMain", () => {
    expectTypeOf<IpcMain>().toExtend<IpcMainLike>();
  });
});
