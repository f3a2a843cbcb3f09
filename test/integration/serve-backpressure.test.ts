import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { RunningServer } from '../../electron/serve/server.ts';
import { startServer } from '../../electron/serve/server.ts';
import { fakeService } from '../helpers/fake-service.ts';

// Spectators that ask for big answers and never read them: the server must cut each one once what it
// holds for it reaches the bound (docs/serve.md), and its memory must stay near the bound, whatever they
// ask. The answers are 1 MiB exports of a fake service; the bound is lowered to 4 MiB for the test.

const MiB = 1024 * 1024;
const BOUND = 4 * MiB;
const EXPORT = 'x'.repeat(MiB);

let base: string;
let server: RunningServer;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'jury-serve-bp-'));
  mkdirSync(join(base, 'renderer'));
  writeFileSync(join(base, 'renderer', 'index.html'), '<!doctype html>');
  server = await startServer({
    service: fakeService({
      'tournament.export': () => ({ fileName: 'spring.json', mime: 'application/json', content: EXPORT }),
    }),
    staticRoot: join(base, 'renderer'),
    port: 0,
    host: '127.0.0.1',
    limits: { stalledBytes: BOUND },
  });
});

afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

/** A client that never reads: it connects, pauses its socket and pipelines `n` exports. */
interface GreedyReader {
  /** Reads again: what the server sent arrives, then the close if it cut the connection. */
  resume(): void;
  readonly answers: () => number;
  readonly closed: Promise<void>;
}

async function greedyReader(n: number): Promise<GreedyReader> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const socket = (ws as unknown as { _socket: Socket })._socket;
  socket.pause();
  let answers = 0;
  ws.on('message', () => answers++);
  ws.on('error', () => {});
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  for (let id = 1; id <= n; id++) {
    ws.send(JSON.stringify({ id, channel: 'tournament.export', payload: { id: 'spring', kind: 'json' } }));
  }
  return { resume: () => socket.resume(), answers: () => answers, closed };
}

describe('jury serve: back-pressure on answers', () => {
  it('cuts connections that pipeline big requests and never read, and stays near the bound', async () => {
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const clients = await Promise.all([1, 2, 3].map(() => greedyReader(64)));
    try {
      // While they do not read, the server answers all it may.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      clearInterval(sampler);
    }
    for (const c of clients) c.resume();
    // Each would need 64 MiB; without the cut, all 64 answers arrive and nobody is closed.
    const cut = await Promise.race([
      Promise.all(clients.map((c) => c.closed)).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    expect(cut, 'every never-reading client was cut').toBe(true);
    for (const c of clients) expect(c.answers()).toBeLessThan(64);
    // 3 × 64 MiB of answers (twice over, as text and as the bytes sent) without the bound; with it, a few
    // MiB each. Generous: the test process's own heap moves by tens of MB.
    expect((peak - before) / MiB).toBeLessThan(120);

    // The server still answers others at once.
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api`);
    const answer = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ id: 1, channel: 'games.list' }));
    expect(JSON.parse(await answer)).toEqual({ id: 1, ok: true, value: [] });
    ws.close();
  }, 30_000);
});
