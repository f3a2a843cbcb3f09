import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventHttpError, eventHttp } from './event-http.ts';

/** A fetch that answers every call with `status` and `body` (a string as is, else JSON), and records the calls. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText: 'Teapot' }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('eventHttp', () => {
  it('signs in with the code as JSON on the same origin, and answers the body', async () => {
    const fetch = answer(200, { id: 'c1', name: 'Ada', session: 's' });
    await expect(eventHttp.signIn(' k7qx-m3tr-9whe-pz2a ')).resolves.toMatchObject({ id: 'c1', name: 'Ada' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/event/sign-in');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ code: ' k7qx-m3tr-9whe-pz2a ' });
  });

  it("turns a refusal's {error} into an Error with that one line and the status", async () => {
    answer(423, { error: 'uploads are closed: the organiser has locked submissions' });
    const refusal = await eventHttp.status().catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(EventHttpError);
    expect((refusal as EventHttpError).status).toBe(423);
    expect((refusal as EventHttpError).message).toBe(
      'uploads are closed: the organiser has locked submissions',
    );
  });

  it('says the status when a refusal has no {error} (a proxy, a crash), and 0 when the server is gone', async () => {
    answer(502, '<html>bad gateway</html>');
    await expect(eventHttp.versions()).rejects.toMatchObject({ status: 502, message: '502 Teapot' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(eventHttp.versions()).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('uploads a source file as the body, with its name and language in the query', async () => {
    const fetch = answer(202, { id: 'v1' });
    const file = new Blob(['int main(){}']);
    await eventHttp.upload({ file, fileName: 'my bot.c', language: 'c' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/event/upload?name=my+bot.c&language=c');
    expect(init?.body).toBe(file);
    expect(init?.method).toBe('POST');
  });

  it('uploads an archive with its run command, and its build command only when given', async () => {
    const fetch = answer(202, { id: 'v2' });
    await eventHttp.upload({ file: new Blob(['x']), fileName: 'bot.zip', run: './bot --fast', build: '' });
    await eventHttp.upload({ file: new Blob(['x']), fileName: 'bot.tgz', run: './bot', build: 'make all' });
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      '/event/upload?name=bot.zip&run=.%2Fbot+--fast',
      '/event/upload?name=bot.tgz&run=.%2Fbot&build=make+all',
    ]);
  });

  it('asks for a competition and a game by their ids, encoded', async () => {
    const fetch = answer(200, []);
    await eventHttp.games('test/1');
    await eventHttp.game('cmp-1', 3);
    await eventHttp.choose(null);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([
      '/event/competitions/test%2F1/games',
      '/event/competitions/cmp-1/games/3',
      '/event/choose',
    ]);
    expect(JSON.parse(String(fetch.mock.calls[2]![1]?.body))).toEqual({ version: null });
  });
});
