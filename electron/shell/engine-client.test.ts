import { EventEmitter } from 'node:events';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { UtilityProcess } from 'electron';
import type { ToHost } from '../app/host-protocol.ts';
import { fakeService, inMemoryHost } from '../../test/helpers/in-memory-host.ts';
import type { EngineProcess } from './engine-client.ts';
import { createEngineClient, EngineStoppedError } from './engine-client.ts';

/** A host process the test drives by hand: it records what main sends and replies when told. */
class ManualHost extends EventEmitter implements EngineProcess {
  readonly received: ToHost[] = [];
  killed = false;
  postMessage(message: ToHost): void {
    this.received.push(message);
  }
  kill(): boolean {
    this.killed = true;
    return true;
  }
  lastId(): number {
    const last = this.received.at(-1);
    if (last?.kind !== 'request') throw new Error('no request sent');
    return last.id;
  }
}

function manual() {
  const hosts: ManualHost[] = [];
  const events: unknown[][] = [];
  const exits: number[] = [];
  const client = createEngineClient({
    fork: () => {
      const host = new ManualHost();
      hosts.push(host);
      return host;
    },
    onEvent: (channel, payload) => events.push([channel, payload]),
    onUnexpectedExit: (code) => exits.push(code),
  });
  return { client, hosts, events, exits, host: () => hosts.at(-1)! };
}

describe('createEngineClient', () => {
  it('starts the host at once and matches responses to requests by id', async () => {
    const { client, hosts, host } = manual();
    expect(hosts).toHaveLength(1);
    const list = client.request('games.list', undefined);
    const listId = host().lastId();
    const bots = client.request('bots.list', undefined);
    const botsId = host().lastId();
    expect(host().received).toEqual([
      { kind: 'request', id: listId, channel: 'games.list', payload: undefined },
      { kind: 'request', id: botsId, channel: 'bots.list', payload: undefined },
    ]);
    expect(botsId).not.toBe(listId);
    host().emit('message', { kind: 'response', id: botsId, ok: true, value: ['bots'] });
    host().emit('message', { kind: 'response', id: listId, ok: true, value: ['games'] });
    await expect(list).resolves.toEqual(['games']);
    await expect(bots).resolves.toEqual(['bots']);
  });

  it("rejects with the engine's message, hands events on and ignores junk", async () => {
    const { client, host, events } = manual();
    const start = client.request('tournament.start', { id: 't1' });
    host().emit('message', { kind: 'event', channel: 'game.frame', payload: { game: 1 } });
    host().emit('message', { kind: 'event', channel: 'shell.exec', payload: 'x' });
    host().emit('message', { kind: 'response', id: 999, ok: true, value: 1 });
    host().emit('message', 'garbage');
    host().emit('message', { kind: 'response', id: host().lastId(), ok: false, message: 'no bots' });
    await expect(start).rejects.toThrow(/^no bots$/);
    expect(events).toEqual([['game.frame', { game: 1 }]]);
  });

  it('fails every pending request when the host dies, and restarts it with the next request', async () => {
    const { client, hosts, host, exits } = manual();
    const a = client.request('games.list', undefined);
    const b = client.request('bots.list', undefined);
    host().emit('exit', 3);
    await expect(a).rejects.toBeInstanceOf(EngineStoppedError);
    await expect(b).rejects.toThrow(/the engine stopped unexpectedly \(exit code 3\)/);
    expect(exits).toEqual([3]);
    const c = client.request('games.list', undefined);
    expect(hosts).toHaveLength(2);
    host().emit('message', { kind: 'response', id: host().lastId(), ok: true, value: [] });
    await expect(c).resolves.toEqual([]);
  });

  it('rejects a request the host cannot take', async () => {
    const { client, host } = manual();
    vi.spyOn(host(), 'postMessage').mockImplementation(() => {
      throw new Error('could not clone');
    });
    await expect(client.request('games.list', undefined)).rejects.toThrow(/could not clone/);
  });
});

describe('shutdown', () => {
  it('asks the host to close the service and waits for it to exit', async () => {
    const service = fakeService({ 'games.list': () => [] });
    const exits: number[] = [];
    const client = createEngineClient({
      fork: () => inMemoryHost(service),
      onEvent: () => {},
      onUnexpectedExit: (code) => exits.push(code),
    });
    await expect(client.request('games.list', undefined)).resolves.toEqual([]);
    await client.shutdown(5_000);
    expect(service.closed).toBe(1);
    expect(exits).toEqual([]);
    await expect(client.request('games.list', undefined)).rejects.toThrow(/Jury is quitting/);
  });

  it('kills a host that does not exit in time, failing what was pending', async () => {
    const host = inMemoryHost(
      fakeService({ 'games.list': () => new Promise(() => {}) }, () => new Promise(() => {})),
    );
    const kill = vi.spyOn(host, 'kill');
    const client = createEngineClient({ fork: () => host, onEvent: () => {} });
    const pending = client.request('games.list', undefined);
    await client.shutdown(30);
    expect(kill).toHaveBeenCalledTimes(1);
    await expect(pending).rejects.toThrow(/the engine stopped \(Jury is quitting\)/);
  });

  it('takes the real UtilityProcess', () => {
    expectTypeOf<UtilityProcess>().toExtend<EngineProcess>();
  });
});
