import { describe, expect, it } from 'vitest';
import type { FromHost, HostPort, HostService } from './host-protocol.ts';
import { hostEnv, hostFoldersFromEnv, isFromHost, isToHost, serveHost } from './host-protocol.ts';
import { fakeService } from '../../test/helpers/in-memory-host.ts';

const summary = {
  id: 't1',
  name: 'Club night',
  game: 'less' as const,
  format: 'round-robin' as const,
  state: 'running' as const,
  finished: 0,
  total: 6,
  running: 2,
  etaMs: null,
  concurrency: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** serveHost on a port whose sent messages are recorded and whose incoming ones the test delivers. */
function wire(service: Promise<HostService> | HostService) {
  const sent: FromHost[] = [];
  let deliver: (message: unknown) => void = () => {};
  const port: HostPort = { post: (m) => void sent.push(m), onMessage: (l) => void (deliver = l) };
  const exits: number[] = [];
  const done = serveHost(port, Promise.resolve(service), (code) => void exits.push(code));
  return { sent, send: (m: unknown) => deliver(m), exits, done };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('serveHost', () => {
  it('answers each request by id with the value or the error message', async () => {
    const service = fakeService({
      'tournament.start': ({ id }) => ({ ...summary, id }),
      'tournament.pause': async () => {
        throw new Error('t1 is not running');
      },
    });
    const { sent, send } = wire(service);
    send({ kind: 'request', id: 7, channel: 'tournament.start', payload: { id: 't9' } });
    send({ kind: 'request', id: 8, channel: 'tournament.pause', payload: { id: 't1' } });
    send({ kind: 'request', id: 9, channel: 'games.list', payload: undefined });
    await settle();
    // Answers go out as each handler finishes, in any order: main matches them by id.
    const byId = (m: FromHost) => (m.kind === 'response' ? m.id : -1);
    expect(sent.sort((a, b) => byId(a) - byId(b))).toEqual([
      { kind: 'response', id: 7, ok: true, value: { ...summary, id: 't9' } },
      { kind: 'response', id: 8, ok: false, message: 't1 is not running' },
      { kind: 'response', id: 9, ok: false, message: 'games.list is not served by this fake' },
    ]);
  });

  it('ignores messages that are not part of the protocol', async () => {
    const { sent, send } = wire(fakeService({ 'games.list': () => [] }));
    for (const junk of [
      null,
      'shutdown',
      { kind: 'request', id: 1, channel: 'shell.exec', payload: 'rm' },
      { kind: 'request', id: 'x', channel: 'games.list' },
      { kind: 'event', channel: 'game.frame', payload: {} },
    ]) {
      send(junk);
    }
    await settle();
    expect(sent).toEqual([]);
  });

  it('forwards the service events until shutdown, then closes the service and exits 0', async () => {
    const service = fakeService({ 'games.list': () => [] });
    const { sent, send, exits, done } = wire(service);
    await settle();
    service.emit('tournament.changed', { id: 't1', reason: 'game-finished', game: 3 });
    expect(sent).toEqual([
      {
        kind: 'event',
        channel: 'tournament.changed',
        payload: { id: 't1', reason: 'game-finished', game: 3 },
      },
    ]);
    send({ kind: 'shutdown' });
    send({ kind: 'shutdown' });
    await done;
    expect(exits).toEqual([0]);
    expect(service.closed).toBe(1);
    expect(service.subscribers).toBe(0);
    send({ kind: 'request', id: 1, channel: 'games.list', payload: undefined });
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('lets requests wait for a service that is still starting', async () => {
    let ready: (s: HostService) => void = () => {};
    const { sent, send } = wire(new Promise<HostService>((resolve) => (ready = resolve)));
    send({ kind: 'request', id: 1, channel: 'games.list', payload: undefined });
    await settle();
    expect(sent).toEqual([]);
    ready(fakeService({ 'games.list': () => [] }));
    await settle();
    expect(sent).toEqual([{ kind: 'response', id: 1, ok: true, value: [] }]);
  });

  it('answers every request when the service could not start, and still exits on shutdown', async () => {
    const failed = Promise.reject(new Error('the engine host needs JURY_WORKSPACE'));
    const { sent, send, exits, done } = wire(failed);
    send({ kind: 'request', id: 3, channel: 'bots.list', payload: undefined });
    await settle();
    expect(sent).toEqual([
      {
        kind: 'response',
        id: 3,
        ok: false,
        message: 'the engine could not start: the engine host needs JURY_WORKSPACE',
      },
    ]);
    send({ kind: 'shutdown' });
    await done;
    expect(exits).toEqual([0]);
  });

  it('exits 1 when closing the service fails', async () => {
    const service = fakeService({}, () => Promise.reject(new Error('disk gone')));
    const { send, exits, done } = wire(service);
    send({ kind: 'shutdown' });
    await done;
    expect(exits).toEqual([1]);
  });
});

describe('the host environment', () => {
  it('carries the folders from main to the host', () => {
    const env = hostEnv({ workspace: '/u/Jury', storeFolder: '/u/Jury/tournaments', samplesDir: '/s' });
    expect(env).toEqual({
      JURY_WORKSPACE: '/u/Jury',
      JURY_STORE_FOLDER: '/u/Jury/tournaments',
      JURY_SAMPLES_DIR: '/s',
    });
    expect(hostFoldersFromEnv({ ...env, PATH: '/bin' })).toEqual({
      workspace: '/u/Jury',
      storeFolder: '/u/Jury/tournaments',
    });
    expect(() => hostFoldersFromEnv({ JURY_WORKSPACE: '/u' })).toThrow(/needs JURY_STORE_FOLDER/);
    expect(() => hostFoldersFromEnv({ JURY_WORKSPACE: '', JURY_STORE_FOLDER: '/t' })).toThrow(
      /needs JURY_WORKSPACE/,
    );
  });
});

describe('message guards', () => {
  it('accept the protocol and nothing else', () => {
    expect(isToHost({ kind: 'request', id: 1, channel: 'bots.add', payload: { path: '/x' } })).toBe(true);
    expect(isToHost({ kind: 'shutdown' })).toBe(true);
    expect(isToHost({ kind: 'request', id: 1.5, channel: 'bots.add' })).toBe(false);
    expect(isToHost({ kind: 'event', channel: 'game.frame' })).toBe(false);
    expect(isFromHost({ kind: 'response', id: 1, ok: true, value: null })).toBe(true);
    expect(isFromHost({ kind: 'response', id: 1, ok: false, message: 'no' })).toBe(true);
    expect(isFromHost({ kind: 'response', id: 1, ok: false })).toBe(false);
    expect(isFromHost({ kind: 'event', channel: 'game.frame', payload: {} })).toBe(true);
    expect(isFromHost({ kind: 'event', channel: 'shell.exec', payload: {} })).toBe(false);
    expect(isFromHost(undefined)).toBe(false);
  });
});
