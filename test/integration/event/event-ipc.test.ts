import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { serveCommand } from '../../../electron/cli/serve-command.ts';
import { EventService } from '../../../electron/engine/event/service.ts';
import { organiserChannels } from '../../../shared/ipc/channels.ts';
import { clock, eventFolder, options, SETTINGS } from './event-helpers.ts';

// The organiser's event screens talk to `jury serve --event` over the app's one IPC contract (the
// `event.*` channels on /api): a controller (this machine) gets the event, a spectator of the LAN gets
// none of it, not even the reads: they show join codes, sources and every stderr.

const place = eventFolder();
const { deadline: _deadline, ...settings } = SETTINGS;
void _deadline;
let base: string;
let port: number;
let stop: () => void = () => {};
let running: Promise<number>;

beforeAll(async () => {
  const event = EventService.create(settings, options(place.folder, clock('2026-05-01T10:00:00Z').now));
  event.organiser.addContestants(['Ada']);
  await event.close();
  base = mkdtempSync(join(tmpdir(), 'jury-event-ipc-'));
  mkdirSync(join(base, 'renderer'));
  writeFileSync(join(base, 'renderer', 'index.html'), '<!doctype html><title>Jury</title>');
  let printed: () => void = () => {};
  const ready = new Promise<void>((resolve) => (printed = resolve));
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let out = '';
  const io = {
    out: (text: string) => {
      out += text;
      if (text.includes('/event/')) printed();
    },
    err: (text: string) => (out += text),
  };
  const flags = {
    port: '0',
    host: '127.0.0.1',
    workspace: join(base, 'workspace'),
    store: join(base, 'tournaments'),
    event: place.folder,
  };
  running = serveCommand(flags, io, () => stopped, join(base, 'renderer'));
  await ready;
  port = Number(/http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1]);
}, 60_000);

afterAll(async () => {
  stop();
  await running;
  rmSync(base, { recursive: true, force: true });
  place.remove();
});

/** Sends requests over one WebSocket with `host` as its Host header; answers each answer in order. */
async function ask(host: string, requests: { channel: string; payload?: unknown }[]): Promise<unknown[]> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api`, { headers: { host } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (answer: unknown) => void>();
  ws.on('message', (data: Buffer) => {
    const answer = JSON.parse(data.toString()) as { id?: number };
    waiting.get(answer.id ?? -1)?.(answer);
  });
  const answers = await Promise.all(
    requests.map((r, i) => {
      const answered = new Promise<unknown>((resolve) => waiting.set(i + 1, resolve));
      ws.send(JSON.stringify({ id: i + 1, ...r }));
      return answered;
    }),
  );
  ws.close();
  return answers;
}

describe('the event over the IPC contract', () => {
  it('gives the organiser on this machine the event, its contestants and new codes', async () => {
    const [info, contestants, added, lock] = await ask(`127.0.0.1:${port}`, [
      { channel: 'event.info' },
      { channel: 'event.contestants' },
      { channel: 'event.addContestants', payload: { names: ['Bob'] } },
      { channel: 'event.setLocked', payload: { locked: true } },
    ]);
    expect(info).toMatchObject({
      ok: true,
      value: {
        folder: place.folder,
        settings: { name: 'Club day', game: '6561' },
        lock: { state: 'open' },
        origins: [`http://127.0.0.1:${port}`],
        competing: false,
      },
    });
    expect(contestants).toMatchObject({ ok: true, value: [{ name: 'Ada', chosen: null }] });
    expect(added).toMatchObject({ ok: true, value: [{ contestant: { name: 'Bob' } }] });
    const code = (added as { value: { code: string }[] }).value[0]?.code;
    expect(code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
    expect(lock).toMatchObject({ ok: true, value: { state: 'locked', by: 'hand' } });
  });

  it('refuses every event channel, reads too, to a spectator of the LAN', async () => {
    const answers = await ask(
      `jury.example:${port}`,
      organiserChannels.map((channel) => ({ channel, payload: payloadOf(channel) })),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer, organiserChannels[i]).toMatchObject({
        ok: false,
        error: `${organiserChannels[i]}: the event's organiser controls are only on the serving machine or with the printed token`,
      });
    }
  });

  it('names a bad payload and an unknown competition in one line', async () => {
    const [bad, unknown] = await ask(`localhost:${port}`, [
      { channel: 'event.addContestants', payload: { names: [''] } },
      { channel: 'event.standings', payload: { competition: 'nope' } },
    ]);
    expect(bad).toMatchObject({
      ok: false,
      error: expect.stringMatching(/names\.0: the name must not be empty/),
    });
    expect(unknown).toMatchObject({ ok: false, error: expect.stringMatching(/no competition nope/) });
  });
});

function payloadOf(channel: string): unknown {
  if (channel === 'event.addContestants') return { names: ['Eve'] };
  if (channel === 'event.setLocked') return { locked: false };
  if (channel === 'event.disqualify') return { id: 'x', reason: 'r' };
  if (channel === 'event.replay') return { competition: 'x', index: 0 };
  if (['event.standings', 'event.games'].includes(channel)) return { competition: 'x' };
  if (['event.newCode', 'event.source', 'event.readmit'].includes(channel)) return { id: 'x' };
  return undefined;
}
