import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program.ts';
import { serveCommand } from '../../../electron/cli/serve-command.ts';
import { EventService } from '../../../electron/engine/event/service.ts';
import type { Submission } from '../../../shared/event/submission.ts';
import { bot6561, clock, eventFolder, options, SETTINGS } from './event-helpers.ts';

// A real `jury serve --event` on a loopback port, driven over real HTTP (fetch, and node:http where a
// foreign Host or a body without a length is needed): the contestants' routes and the organiser's
// (docs/event-day.md, "The API"). Real builds, a real smoke test and a real test competition.

const TOKEN = 'event-token-0123456789';
const place = eventFolder();
const { deadline: _deadline, ...settings } = SETTINGS;
void _deadline;
let base: string;
let url: string;
let port: number;
let stop: () => void = () => {};
let running: Promise<number>;
let ada: string;
let bob: string;

beforeAll(async () => {
  const event = EventService.create(settings, options(place.folder, clock('2026-05-01T10:00:00Z').now));
  const issued = event.organiser.addContestants(['Ada', 'Bob']);
  ada = issued[0]!.code;
  bob = issued[1]!.code;
  await event.close();
  base = mkdtempSync(join(tmpdir(), 'jury-event-serve-'));
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
    token: TOKEN,
    workspace: join(base, 'workspace'),
    store: join(base, 'tournaments'),
    event: place.folder,
  };
  running = serveCommand(flags, io, () => stopped, join(base, 'renderer'));
  await ready;
  const found = /(http:\/\/127\.0\.0\.1:(\d+))\//.exec(out);
  expect(found, out).not.toBeNull();
  url = found![1]!;
  port = Number(found![2]);
}, 60_000);

afterAll(async () => {
  stop();
  await running;
  rmSync(base, { recursive: true, force: true });
  place.remove();
});

/** A JSON request with a session (Bearer); answers the status and the parsed body. */
async function api(path: string, init: { session?: string; body?: unknown; method?: string } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.session ? { authorization: `Bearer ${init.session}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> };
}

async function upload(session: string, name: string, bytes: Uint8Array | string, query = '') {
  const res = await fetch(`${url}/event/upload?name=${encodeURIComponent(name)}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}` },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function versions(session: string): Promise<Submission[]> {
  return (await api('/event/versions', { session })).body as unknown as Submission[];
}

/** Waits until every version of `session` has its final state. */
async function built(session: string): Promise<Submission[]> {
  await expect
    .poll(
      async () =>
        (await versions(session)).every((v) => !['received', 'building', 'built'].includes(v.status.state)),
      {
        timeout: 90_000,
        interval: 250,
      },
    )
    .toBe(true);
  return versions(session);
}

/** A raw request with node:http (a Host of our choosing). */
function raw(path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('jury serve --event: the contestants and the organiser over HTTP', () => {
  let adaSession: string;
  let bobSession: string;
  const ids: Record<string, string> = {};

  it('signs a contestant in with the join code and sets an HttpOnly session cookie', async () => {
    const res = await api('/event/sign-in', { body: { code: ada.toLowerCase() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ada' });
    expect(res.headers.get('set-cookie')).toMatch(
      /^jury_event=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/event/,
    );
    adaSession = res.body['session'] as string;
    bobSession = (await api('/event/sign-in', { body: { code: bob } })).body['session'] as string;
    // The cookie works as the bearer does.
    const status = await fetch(`${url}/event/status`, { headers: { cookie: `jury_event=${adaSession}` } });
    expect(await status.json()).toMatchObject({ name: 'Ada', lock: { state: 'open' }, deadline: null });
    expect((await api('/event/status')).status).toBe(401);
    expect((await api('/event/status', { session: 'made-up' })).body).toEqual({
      error: 'sign in with your join code first',
    });
  });

  it('a source that does not compile, then a fix: versions with their logs', async () => {
    const bad = await upload(adaSession, 'bot.c', 'int main( {\n');
    expect(bad.status).toBe(202);
    expect(bad.body).toMatchObject({ version: 1, fileName: 'bot.c', status: { state: 'received' } });
    const good = await upload(adaSession, 'bot.py', bot6561('ADA-SECRET'));
    expect(good.status).toBe(202);
    ids['ada1'] = bad.body['id'] as string;
    ids['ada2'] = good.body['id'] as string;
    const mine = await built(adaSession);
    expect(mine.map((v) => [v.version, v.status.state])).toEqual([
      [1, 'build-failed'],
      [2, 'working'],
    ]);
    expect(mine[0]!.status).toMatchObject({ log: expect.stringContaining('error') });
    expect(mine[1]!.status).toMatchObject({ smoke: { passed: true } });
    const source = await fetch(`${url}/event/versions/${ids['ada2']}/source`, {
      headers: { authorization: `Bearer ${adaSession}` },
    });
    expect(await source.text()).toContain('ADA-SECRET');
    expect((await api('/event/status', { session: adaSession })).body).toMatchObject({
      playing: ids['ada2'],
    });
  }, 120_000);

  it('refuses bad input with a one-line JSON error and stores nothing', async () => {
    const empty = await upload(adaSession, 'bot.py', '');
    expect(empty).toEqual({ status: 400, body: { error: 'bot.py is empty' } });
    expect(
      (await api('/event/choose', { session: adaSession, body: { version: ids['ada1'] } })).body,
    ).toEqual({
      error: 'version 1 is not a working version; it cannot play',
    });
    const notJson = await fetch(`${url}/event/choose`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adaSession}` },
      body: '{',
    });
    expect([notJson.status, await notJson.json()]).toEqual([400, { error: 'the body is not JSON' }]);
    expect((await api('/event/competitions/x/games/abc', { session: adaSession })).status).toBe(400);
    const nullBody = await fetch(`${url}/event/sign-in`, { method: 'POST', body: 'null' });
    expect([nullBody.status, await nullBody.json()]).toEqual([
      400,
      { error: 'the body must be a JSON object' },
    ]);
    const badPath = await api('/event/versions/%E0%A4%A/source', { session: adaSession });
    expect(badPath).toMatchObject({ status: 400, body: { error: 'the address is not valid' } });
    expect((await versions(adaSession)).length).toBe(2);
  });

  it('cuts a body over the cap with 413 and stores nothing (declared and streamed)', async () => {
    const big = await upload(adaSession, 'big.py', 'x'.repeat(1024 * 1024 + 1));
    expect(big).toEqual({
      status: 413,
      body: { error: 'big.py is over 1 MiB; a source file may be at most 1 MiB' },
    });
    // No Content-Length: chunks until the server answers; it must not wait for the end.
    const streamed = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/event/upload?name=big.py',
          method: 'POST',
          headers: { authorization: `Bearer ${adaSession}`, 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += String(c)));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'y');
      const pump = (): void => {
        while (sent < 64 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({
      error: 'big.py is over 1 MiB; a source file may be at most 1 MiB',
    });
    expect(streamed.sent).toBeLessThan(64 * 1024 * 1024);
    expect((await versions(adaSession)).length).toBe(2);
    const all = await api('/event/organiser/submissions');
    expect((all.body as unknown as Submission[]).length).toBe(2);
  });

  it("a contestant cannot reach another's versions, source or stderr with their ids", async () => {
    // An archive with its run command in the query.
    const zip = zipSync({ 'main.py': bot6561('BOB-SECRET') });
    const up = await upload(bobSession, 'bot.zip', zip, '&run=python3%20main.py');
    ids['bob1'] = up.body['id'] as string;
    expect((await built(bobSession)).map((v) => [v.kind, v.runCommand, v.status.state])).toEqual([
      ['archive', ['python3', 'main.py'], 'working'],
    ]);
    expect((await versions(bobSession)).map((v) => v.id)).toEqual([ids['bob1']]);
    const source = await api(`/event/versions/${ids['ada2']}/source`, { session: bobSession });
    expect(source).toMatchObject({ status: 404, body: { error: 'you have no such version' } });
    const choose = await api('/event/choose', { session: bobSession, body: { version: ids['ada2'] } });
    expect(choose.status).toBe(404);

    const test = await api('/event/organiser/test', { body: {} });
    expect(test.status).toBe(200);
    const competition = test.body['id'] as string;
    const games = (await api(`/event/competitions/${competition}/games`, { session: bobSession }))
      .body as unknown as {
      index: number;
    }[];
    expect(games.length).toBeGreaterThan(0);
    for (const g of games) {
      const record = await api(`/event/competitions/${competition}/games/${g.index}`, {
        session: bobSession,
      });
      expect(record.status).toBe(200);
      const text = JSON.stringify(record.body);
      expect(text).toContain('BOB-SECRET');
      expect(text).not.toContain('ADA-SECRET');
    }
    const standings = await api(`/event/competitions/${competition}/standings`, { session: adaSession });
    expect(standings.status).toBe(200);
    // The organiser sees every stderr.
    const full = await api(`/event/organiser/competitions/${competition}/games/${games[0]!.index}`);
    expect(JSON.stringify(full.body)).toContain('ADA-SECRET');
  }, 180_000);

  it("refuses the organiser's controls to a spectator without the token", async () => {
    const foreign = { host: `jury.example:${port}` };
    const refused = await raw('/event/organiser/submissions', foreign);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({
      error: "the organiser's controls are only on the serving machine or with the printed token",
    });
    expect((await raw('/event/organiser/lock', foreign, 'POST')).status).toBe(403);
    expect((await raw('/event/organiser/submissions?token=wrong-token-123', foreign)).status).toBe(403);
    const withToken = await raw(`/event/organiser/submissions?token=${TOKEN}`, foreign);
    expect(withToken.status).toBe(200);
    // A contestant's session is no organiser's control either.
    expect(
      (await raw('/event/organiser/contestants', { ...foreign, authorization: `Bearer ${adaSession}` }))
        .status,
    ).toBe(403);
  });

  it('while served, the event is held: add contestants over the organiser route', async () => {
    let err = '';
    const cli = await runCli(['event', 'add-contestants', place.folder, 'Cleo'], {
      out: () => undefined,
      err: (t) => (err += t),
    });
    expect(cli).toBe(2);
    expect(err).toMatch(/^jury: .*jury serve.*\n$/);
    const added = await api('/event/organiser/contestants', { body: { names: ['Cleo'] } });
    expect(added.status).toBe(200);
    const code = (added.body as unknown as { code: string }[])[0]!.code;
    expect((await api('/event/sign-in', { body: { code } })).body).toMatchObject({ name: 'Cleo' });
    const taken = await api('/event/organiser/contestants', { body: { names: ['cleo'] } });
    expect(taken.status).toBe(409);
  });

  it('the lock refuses uploads with its reason', async () => {
    expect((await api('/event/organiser/lock', { body: { locked: true } })).body).toMatchObject({
      state: 'locked',
      by: 'hand',
    });
    const refused = await upload(adaSession, 'bot.py', bot6561('LATE'));
    expect(refused.status).toBe(423);
    expect(refused.body['error']).toMatch(/^uploads are closed: .*locked submissions/);
    expect((await versions(adaSession)).length).toBe(2);
    expect((await api('/event/status', { session: adaSession })).body).toMatchObject({
      lock: { state: 'locked' },
    });
  });

  it('refuses a wrong code, then every sign-in from that address for a while', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await api('/event/sign-in', { body: { code: 'AAAA-BBBB-CCCC-DDDD' } });
      expect(wrong).toEqual({
        status: 401,
        headers: expect.anything(),
        body: { error: 'this code signs no one in; check it, or ask the organiser for yours' },
      });
    }
    const limited = await api('/event/sign-in', { body: { code: ada } });
    expect(limited.status).toBe(429);
    expect(limited.body['error']).toMatch(/^too many wrong codes from this address; try again in \d+ s$/);
    // A session already open is not affected.
    expect((await api('/event/status', { session: adaSession })).status).toBe(200);
  });
});
