import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { methodName, subscriptionName } from '../../shared/ipc/api.ts';
import { eventChannels, requestChannels } from '../../shared/ipc/channels.ts';
import type { SocketLike } from './socket-api.ts';
import { createSocketApiWith, socketUrl } from './socket-api.ts';

/** A WebSocket stand-in: records what the bridge sends; the test opens, answers and closes it. */
class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: unknown[] = [];

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.made.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }

  drop(): void {
    this.readyState = 3;
    this.onerror?.({} as Event);
    this.onclose?.({} as CloseEvent);
  }
}

const page = { protocol: 'http:', host: '192.168.1.5:5170', search: '' };
const delays = { firstMs: 100, maxMs: 400 };

function latest(): FakeSocket {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error('no socket made');
  return socket;
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('socketUrl', () => {
  it('uses the page host, ws or wss, and passes the page token on', () => {
    expect(socketUrl(page)).toBe('ws://192.168.1.5:5170/api');
    expect(socketUrl({ protocol: 'https:', host: 'jury.example', search: '' })).toBe(
      'wss://jury.example/api',
    );
    expect(socketUrl({ ...page, search: '?lang=nl&token=a%2Bb' })).toBe(
      'ws://192.168.1.5:5170/api?token=a%2Bb',
    );
  });
});

describe('createSocketApiWith', () => {
  it('has one method per request channel and one subscription per event, and nothing else', () => {
    const api = createSocketApiWith(FakeSocket, page, delays);
    expect(Object.keys(api).sort()).toEqual(
      [...requestChannels.map(methodName), ...eventChannels.map(subscriptionName)].sort(),
    );
    expect(Object.isFrozen(api)).toBe(true);
    expect(FakeSocket.made.map((s) => s.url)).toEqual(['ws://192.168.1.5:5170/api']);
  });

  it('queues requests until the socket opens, then matches answers by id', async () => {
    const api = createSocketApiWith(FakeSocket, page, delays);
    const socket = latest();
    const list = api.tournamentsList();
    const pause = api.tournamentPause({ id: 'spring' });
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([
      { id: 1, channel: 'tournaments.list' },
      { id: 2, channel: 'tournament.pause', payload: { id: 'spring' } },
    ]);
    // Answers may come in any order.
    socket.receive({ id: 2, ok: false, error: 'read-only: tournament.pause changes the tournament' });
    socket.receive({ id: 1, ok: true, value: [] });
    await expect(list).resolves.toEqual([]);
    await expect(pause).rejects.toThrow(new Error('read-only: tournament.pause changes the tournament'));
    const games = api.gamesList();
    expect(socket.sent.at(-1)).toEqual({ id: 3, channel: 'games.list' });
    socket.receive({ id: 3, ok: true, value: [{ id: 'less' }] });
    await expect(games).resolves.toEqual([{ id: 'less' }]);
  });

  it('dispatches events to the subscribers of their channel until they unsubscribe', () => {
    const api = createSocketApiWith(FakeSocket, page, delays);
    const socket = latest();
    socket.open();
    const frames: unknown[] = [];
    const changes: unknown[] = [];
    const stop = api.onGameFrame((frame) => frames.push(frame));
    api.onTournamentChanged((change) => changes.push(change));
    socket.receive({ event: 'game.frame', payload: { game: 1 } });
    socket.receive({ event: 'tournament.changed', payload: { id: 'x' } });
    stop();
    socket.receive({ event: 'game.frame', payload: { game: 2 } });
    socket.receive({ event: 'no.such', payload: {} });
    expect(frames).toEqual([{ game: 1 }]);
    expect(changes).toEqual([{ id: 'x' }]);
    expect(() => api.onGameFrame(42 as never)).toThrow(TypeError);
  });

  it('says when a lost connection is back, not at the first opening', () => {
    const onReconnect = vi.fn();
    createSocketApiWith(FakeSocket, page, delays, onReconnect);
    latest().open();
    expect(onReconnect).not.toHaveBeenCalled();
    latest().drop();
    vi.advanceTimersByTime(100);
    latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('keeps dispatching when one listener throws', () => {
    const api = createSocketApiWith(FakeSocket, page, delays);
    const socket = latest();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    api.onTournamentProgress(() => {
      throw new Error('boom');
    });
    api.onTournamentProgress((p) => seen.push(p));
    socket.receive({ event: 'tournament.progress', payload: 1 });
    expect(seen).toEqual([1]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('fails the requests of a lost connection and reconnects with a growing delay', async () => {
    const api = createSocketApiWith(FakeSocket, page, delays);
    const first = latest();
    first.open();
    const sent = api.tournamentsList();
    first.drop();
    await expect(sent).rejects.toThrow('connection lost');

    // 100 ms, then 200 ms, then 400 ms (the cap), then 400 ms again.
    vi.advanceTimersByTime(99);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    const queued = api.gamesList();
    latest().drop();
    await expect(queued).rejects.toThrow('connection lost');
    vi.advanceTimersByTime(199);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    latest().drop();
    vi.advanceTimersByTime(400);
    expect(FakeSocket.made).toHaveLength(4);
    latest().drop();
    vi.advanceTimersByTime(400);
    expect(FakeSocket.made).toHaveLength(5);

    // Open again: the delay starts over, requests made meanwhile go out, subscriptions stay.
    const frames: unknown[] = [];
    api.onGameFrame((f) => frames.push(f));
    const info = api.appInfo();
    const socket = latest();
    socket.open();
    expect(socket.sent).toEqual([{ id: 3, channel: 'app.info' }]);
    socket.receive({ id: 3, ok: true, value: { canControl: false } });
    await expect(info).resolves.toEqual({ canControl: false });
    socket.receive({ event: 'game.frame', payload: 'f' });
    expect(frames).toEqual(['f']);
    socket.drop();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.made).toHaveLength(6);
  });

  it('ignores answers it cannot match and garbage', async () => {
    const api = createSocketApiWith(FakeSocket, page, delays);
    const socket = latest();
    socket.open();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pending = api.gamesList();
    socket.onmessage?.({ data: 'not json' } as MessageEvent);
    socket.receive({ id: 99, ok: true, value: 1 });
    socket.receive({ id: null, ok: false, error: 'not JSON' });
    expect(warn).toHaveBeenCalledWith('jury serve: not JSON');
    socket.receive({ id: 1, ok: true, value: ['done'] });
    await expect(pending).resolves.toEqual(['done']);
    warn.mockRestore();
  });
});
