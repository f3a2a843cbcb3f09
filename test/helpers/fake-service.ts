import type { EventChannel, RequestChannel } from '../../shared/ipc/channels.ts';
import { requestChannels } from '../../shared/ipc/channels.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { ServeService } from '../../electron/serve/server.ts';

/**
 * A stand-in for the engine service in the tests of `jury serve`: answers `app.info`, `games.list`,
 * `tournaments.list` and `tournament.pause` with fixed values, records every call, and lets the test emit
 * events. Every other channel throws "not in the fake service" unless the test overrides it.
 */

/** The fake service, with what the test inspects. */
export interface FakeService extends ServeService {
  /** Every handler call, in order. */
  readonly calls: { readonly channel: RequestChannel; readonly payload: unknown }[];
  /** Sends an event to the subscribers, as the engine would. */
  emit(channel: EventChannel, payload: unknown): void;
  /** How many subscribers are left (0 after the server closed). */
  subscribers(): number;
}

/** A tournament summary as the fake answers it. */
export function fakeSummary(id: string, state: 'running' | 'paused' = 'paused') {
  return {
    id,
    name: id,
    game: 'less' as const,
    format: 'round-robin' as const,
    state,
    finished: 1,
    total: 4,
    running: 0,
    etaMs: null,
    concurrency: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Builds a fake service; `overrides` replace single handlers. */
export function fakeService(overrides: Partial<Record<RequestChannel, (payload: unknown) => unknown>> = {}) {
  const calls: { channel: RequestChannel; payload: unknown }[] = [];
  const listeners = new Set<(channel: EventChannel, payload: unknown) => void>();
  const answers: Partial<Record<RequestChannel, (payload: unknown) => unknown>> = {
    'app.info': () => ({
      version: '0.1.0',
      mode: 'browser',
      canControl: true,
      firstStart: false,
      storeFolder: '/tmp/tournaments',
    }),
    'games.list': () => [],
    'tournaments.list': () => [fakeSummary('spring')],
    'tournament.pause': (payload) => fakeSummary((payload as { id: string }).id, 'paused'),
    ...overrides,
  };
  const handlers: Record<string, (payload: unknown) => unknown> = {};
  for (const channel of requestChannels) {
    handlers[channel] = async (payload: unknown) => {
      calls.push({ channel, payload });
      const answer = answers[channel];
      if (!answer) throw new Error(`${channel}: not in the fake service`);
      return answer(payload);
    };
  }
  const service: FakeService = {
    handlers: handlers as unknown as Handlers,
    calls,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(channel, payload) {
      for (const listener of listeners) listener(channel, payload);
    },
    subscribers: () => listeners.size,
  };
  return service;
}
