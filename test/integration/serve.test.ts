import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { serveCommand } from '../../electron/cli/serve-command.ts';
import type { RunningServer } from '../../electron/serve/server.ts';
import { startServer } from '../../electron/serve/server.ts';
import type { FakeService } from '../helpers/fake-service.ts';
import { fakeService, fakeSummary } from '../helpers/fake-service.ts';
import type { ServerMessage, ServerResponse } from '../../electron/serve/protocol.ts';
import { MAX_MESSAGE_BYTES } from '../../electron/serve/protocol.ts';

// The real server on a free port over a temporary renderer folder, driven by a real `ws` client. Every
// connection comes from loopback here; a spectator is made by a foreign Host name (which loopback
// control refuses, see access.ts), real addresses of other machines are covered in access.test.ts.

const TOKEN = 'the-token-0123456789';
const INDEX = '<!doctype html><title>Jury test page</title>';

let base: string;
let server: RunningServer;
let service: FakeService;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'jury-serve-'));
  writeFileSync(join(base, 'package.json'), '{"secret": "outside the static root"}');
  mkdirSync(join(base, 'renderer', 'assets'), { recursive: true });
  writeFileSync(join(base, 'renderer', 'index.html'), INDEX);
  writeFileSync(join(base, 'renderer', 'assets', 'app-1a2b.js'), 'console.log("jury");');
  service = fakeService();
  server = await startServer({
    service,
    staticRoot: join(base, 'renderer'),
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
  });
});

afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

interface Client {
  readonly ws: WebSocket;
  readonly messages: ServerMessage[];
  request(channel: string, payload?: unknown): Promise<ServerResponse>;
  sendRaw(data: string): Promise<ServerMessage>;
  next(): Promise<ServerMessage>;
}

let nextId = 1;

async function connect(query = '', options: { host?: string; origin?: string } = {}): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api${query}`, {
    ...(options.host ? { headers: { host: options.host } } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
  });
  const messages: ServerMessage[] = [];
  const waiters: ((message: ServerMessage) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    messages.push(message);
    for (const waiter of waiters.splice(0)) waiter(message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = () => new Promise<ServerMessage>((resolve) => waiters.push(resolve));
  const answerTo = (id: number) =>
    new Promise<ServerResponse>((resolve) => {
      const wait = (message: ServerMessage) => {
        if ('id' in message && message.id === id) resolve(message);
        else waiters.push(wait);
      };
      waiters.push(wait);
    });
  return {
    ws,
    messages,
    next,
    request(channel, payload) {
      const id = nextId++;
      const answer = answerTo(id);
      ws.send(JSON.stringify(payload === undefined ? { id, channel } : { id, channel, payload }));
      return answer;
    },
    sendRaw(data) {
      const answer = next();
      ws.send(data);
      return answer;
    },
  };
}

function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
}

function get(path: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('jury serve: the API over WebSocket', () => {
  it('reports the port it got and the token', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.token).toBe(TOKEN);
  });

  it('answers a request', async () => {
    const client = await connect();
    await expect(client.request('tournaments.list')).resolves.toMatchObject({
      ok: true,
      value: [fakeSummary('spring')],
    });
    client.ws.close();
  });

  it('refuses a bad payload naming the field, and an unknown channel', async () => {
    const client = await connect();
    const bad = await client.request('tournament.standings', { id: 'spring', stage: 5 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^tournament\.standings: invalid request: stage: /);
    const unknown = await client.request('process.exit');
    expect(!unknown.ok && unknown.error).toBe('unknown channel "process.exit"');
    client.ws.close();
  });

  it('answers text that is not JSON with a clear error and keeps the connection', async () => {
    const client = await connect();
    await expect(client.sendRaw('pause please')).resolves.toEqual({
      id: null,
      ok: false,
      error: 'not JSON: send {"id": number, "channel": string, "payload"?: …}',
    });
    await expect(client.request('games.list')).resolves.toMatchObject({ ok: true, value: [] });
    client.ws.close();
  });

  it("takes a CodeCup result file of a final's size in one message (the browser's import)", async () => {
    const client = await connect();
    // About 2 MB, as a 17,190-game final's file: read and answered (by this test's fake service), not cut off.
    const text = `not a CodeCup file\n${'x'.repeat(2 * 1024 * 1024)}\n`;
    const answer = await client.request('tournaments.importCodecup', { fileName: 'final.csv', text });
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error).toMatch(/^tournaments\.importCodecup: /);
    await expect(client.request('games.list')).resolves.toMatchObject({ ok: true });
    client.ws.close();
  });

  it('closes a connection that sends a message over the size limit', async () => {
    const client = await connect();
    const end = closed(client.ws);
    client.ws.send(JSON.stringify({ id: 1, channel: 'games.list', payload: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect((await end).code).toBe(1009);
  });

  it('gives loopback control even with a wrong token', async () => {
    const client = await connect('?token=wrong');
    await expect(client.request('app.info')).resolves.toMatchObject({
      ok: true,
      value: { canControl: true, mode: 'browser' },
    });
    await expect(client.request('tournament.pause', { id: 'spring' })).resolves.toMatchObject({
      ok: true,
      value: { id: 'spring', state: 'paused' },
    });
    client.ws.close();
  });

  it('keeps a spectator read-only, and lets the token control', async () => {
    const host = `jury.example:${server.port}`;
    const spectator = await connect('', { host, origin: `http://${host}` });
    await expect(spectator.request('app.info')).resolves.toMatchObject({
      ok: true,
      value: { canControl: false },
    });
    const refused = await spectator.request('tournament.pause', { id: 'spring' });
    expect(!refused.ok && refused.error).toMatch(/^read-only: tournament\.pause /);
    await expect(spectator.request('tournaments.list')).resolves.toMatchObject({ ok: true });
    spectator.ws.close();

    const controller = await connect(`?token=${TOKEN}`, { host });
    await expect(controller.request('app.info')).resolves.toMatchObject({
      ok: true,
      value: { canControl: true },
    });
    await expect(controller.request('tournament.pause', { id: 'spring' })).resolves.toMatchObject({
      ok: true,
    });
    controller.ws.close();
  });

  it('refuses the desktop-only channels', async () => {
    const client = await connect();
    await expect(client.request('dialog.openBot')).resolves.toEqual({
      id: expect.any(Number),
      ok: false,
      error: 'dialog.openBot: only in the desktop app',
    });
    client.ws.close();
  });

  it('refuses a page of another site, and sockets elsewhere than /api', async () => {
    await expect(connect('', { origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const wrongPath = new WebSocket(`ws://127.0.0.1:${server.port}/socket`);
    await expect(
      new Promise((resolve, reject) => {
        wrongPath.once('open', resolve);
        wrongPath.once('error', reject);
      }),
    ).rejects.toThrow(/404/);
  });

  it('sends every event to every client', async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    const events = [a.next(), b.next()];
    const payload = { id: 'spring', reason: 'game-finished', game: 3 };
    service.emit('tournament.changed', payload);
    expect(await Promise.all(events)).toEqual([
      { event: 'tournament.changed', payload },
      { event: 'tournament.changed', payload },
    ]);
    a.ws.close();
    b.ws.close();
  });
});

describe('jury serve: the static files', () => {
  it('serves index.html for / with its content type and no caching', async () => {
    const page = await get('/?token=abc');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets cached for good, and HEAD without a body', async () => {
    const script = await get('/assets/app-1a2b.js');
    expect(script.status).toBe(200);
    expect(script.body).toBe('console.log("jury");');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await get('/assets/app-1a2b.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('20');
    expect(head.body).toBe('');
  });

  it('refuses to leave the folder', async () => {
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(403);
      expect(answer.body).not.toContain('secret');
    }
  });

  it('answers missing files, folders and other methods', async () => {
    expect((await get('/nothing.js')).status).toBe(404);
    expect((await get('/assets')).status).toBe(404);
    expect((await get('/api')).status).toBe(404);
    const post = await get('/', 'POST');
    expect(post.status).toBe(405);
  });
});

describe('jury serve: starting and stopping', () => {
  it('says when the port is taken', async () => {
    await expect(
      startServer({
        service: fakeService(),
        staticRoot: join(base, 'renderer'),
        port: server.port,
        host: '127.0.0.1',
      }),
    ).rejects.toThrow(`port ${server.port} is in use; choose another with --port (0 = any free port)`);
  });

  it('closes its clients (1001) and lets go of the service', async () => {
    const own = fakeService();
    const other = await startServer({
      service: own,
      staticRoot: join(base, 'renderer'),
      port: 0,
      host: '127.0.0.1',
    });
    expect(other.token).toMatch(/^[0-9a-f]{32}$/);
    expect(own.subscribers()).toBe(1);
    const ws = new WebSocket(`ws://127.0.0.1:${other.port}/api`);
    await new Promise((resolve) => ws.once('open', resolve));
    const end = closed(ws);
    await other.close();
    expect(await end).toEqual({ code: 1001, reason: 'Jury is stopping' });
    expect(own.subscribers()).toBe(0);
  });
});

describe('jury serve: the command with the real engine service', () => {
  it('prints where to connect, answers over the socket in browser mode, and stops cleanly', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'jury-serve-cmd-'));
    let out = '';
    let printed: () => void = () => {};
    const ready = new Promise<void>((resolve) => (printed = resolve));
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const io = {
      out: (text: string) => {
        out += text;
        if (text.includes('Press Ctrl-C')) printed();
      },
      err: (text: string) => (out += text),
    };
    const flags = {
      port: '0',
      host: '127.0.0.1',
      workspace: join(folder, 'workspace'),
      store: join(folder, 'tournaments'),
    };
    const running = serveCommand(flags, io, () => stopped, join(base, 'renderer'));
    await ready;
    const url = /on this machine \(control\): +(http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(out);
    expect(url, out).not.toBeNull();
    expect(out).toContain(`Jury is serving the tournaments in ${join(folder, 'tournaments')}`);
    expect(out).toContain('Only this machine can connect');

    const ws = new WebSocket(`ws://127.0.0.1:${url![2]}/api`);
    const answers: ServerMessage[] = [];
    ws.on('message', (data) => answers.push(JSON.parse(String(data)) as ServerMessage));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ id: 1, channel: 'app.info' }));
    ws.send(JSON.stringify({ id: 2, channel: 'games.list' }));
    ws.send(
      JSON.stringify({
        id: 3,
        channel: 'dialog.saveFile',
        payload: { fileName: 'a', mime: 'b', content: '' },
      }),
    );
    await expect.poll(() => answers.length).toBe(3);
    const byId = new Map(answers.map((a) => ['id' in a ? a.id : null, a]));
    expect(byId.get(1)).toMatchObject({
      ok: true,
      value: { mode: 'browser', canControl: true, storeFolder: join(folder, 'tournaments') },
    });
    const games = byId.get(2);
    expect(games && 'ok' in games && games.ok && (games.value as { id: string }[]).map((g) => g.id)).toEqual([
      'less',
      'more',
      '6561',
      'flit',
    ]);
    expect(byId.get(3)).toEqual({ id: 3, ok: false, error: 'dialog.saveFile: only in the desktop app' });

    const end = closed(ws);
    stop();
    await expect(running).resolves.toBe(0);
    expect((await end).code).toBe(1001);
    expect(out).toMatch(/stopped\n$/);
    rmSync(folder, { recursive: true, force: true });
  });

  it('asks for a build when the app is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'jury-serve-empty-'));
    const io = { out: () => {}, err: () => {} };
    await expect(serveCommand({ port: '0' }, io, async () => {}, empty)).rejects.toThrow(
      /the app is not built \(no .*index\.html\): run npm run build first/,
    );
    rmSync(empty, { recursive: true, force: true });
  });
});
