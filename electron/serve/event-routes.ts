import type { IncomingMessage, ServerResponse } from 'node:http';
import { archiveKindOf, sizeText, UPLOAD_CAPS } from '../../shared/event/caps.ts';
import { canControl, isSameOrigin } from './access.ts';
import {
  HttpRefusal,
  readBody,
  readJson,
  sendBytes,
  sendError,
  sendJson,
  SESSION_COOKIE,
  Sessions,
  sessionToken,
  SignInLimiter,
} from './event-http.ts';
import type { CONTESTANT_METHODS, ORGANISER_METHODS } from './event-protocol.ts';

/**
 * An event's HTTP routes under `/event/` (docs/serve.md, "An event"; docs/event-day.md, "The API"), on
 * the server thread: it reads and caps bodies, keeps the contestants' sessions and checks who calls,
 * then calls the EventService's faces on the main thread. Contestant routes need a session (sign in
 * with the join code) and reach only that contestant's things (the contestant face's one rule);
 * `/event/organiser/…` routes need control as the WebSocket does (this machine, or the token).
 */

/** A refusal of the engine: its code (EventRefusalCode, or `error`) and its line. */
export class EventCallError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** Calls a face's method on the main thread; rejects with an {@link EventCallError}. */
export interface EventCaller {
  (face: 'contestant', method: (typeof CONTESTANT_METHODS)[number], args: unknown[]): Promise<unknown>;
  (face: 'organiser', method: (typeof ORGANISER_METHODS)[number], args: unknown[]): Promise<unknown>;
}

const STATUS: Readonly<Record<string, number>> = {
  invalid: 400,
  'bad-upload': 400,
  denied: 401,
  'not-found': 404,
  conflict: 409,
  locked: 423,
};

const JSON_CAP = 256 * 1024;

/** The handler of `/event/…` requests; `token` is `jury serve`'s control token. */
export function eventRoutes(
  call: EventCaller,
  token: string,
): (req: IncomingMessage, res: ServerResponse) => void {
  const sessions = new Sessions();
  const limiter = new SignInLimiter();
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://jury.invalid');
    handle(req, res, url).catch((e: unknown) => {
      if (e instanceof HttpRefusal) sendError(res, e.status, e.message);
      else if (e instanceof EventCallError) {
        if (e.code === 'denied') sessions.close(sessionToken(req));
        sendError(res, STATUS[e.code] ?? 500, e.message);
      } else sendError(res, 500, `Jury failed: ${(e as Error).message.split('\n')[0]}`);
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    // A cookie rides along with a cross-site form too: a page of another site may change nothing.
    if (method !== 'GET' && method !== 'HEAD' && !isSameOrigin(req.headers.origin, req.headers.host))
      throw new HttpRefusal(403, 'a page of another site may not send this');
    const path = url.pathname.replace(/\/+$/, '');
    const parts = path.split('/').slice(2).map(decodePart);
    if (parts[0] === 'organiser') {
      const given = url.searchParams.get('token') ?? headerText(req.headers['x-jury-token']);
      const facts = { remoteAddress: req.socket.remoteAddress, host: req.headers.host, token: given };
      if (!canControl(facts, token))
        throw new HttpRefusal(
          403,
          "the organiser's controls are only on the serving machine or with the printed token",
        );
      return organiser(req, res, method, parts.slice(1));
    }
    if (method === 'POST' && path === '/event/sign-in') return signIn(req, res);
    const session = sessionToken(req);
    const code = sessions.code(session);
    if (code === null) throw new HttpRefusal(401, 'sign in with your join code first');
    if (method === 'POST' && path === '/event/sign-out') {
      sessions.close(session);
      return sendJson(res, 200, { ok: true }, { 'set-cookie': cookie('', 0) });
    }
    return contestant(req, res, method, parts, code);
  }

  async function signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const address = req.socket.remoteAddress ?? '';
    const wait = limiter.waitSeconds(address);
    if (wait > 0) {
      throw new HttpRefusal(429, `too many wrong codes from this address; try again in ${wait} s`);
    }
    const body = await readJson(req, 4096);
    try {
      const me = await call('contestant', 'signIn', [body['code']]);
      const session = sessions.open(String(body['code']));
      sendJson(res, 200, { ...(me as object), session }, { 'set-cookie': cookie(session, 12 * 3600) });
    } catch (e) {
      if (e instanceof EventCallError && e.code === 'denied') limiter.failed(address);
      throw e;
    }
  }

  async function contestant(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    parts: string[],
    code: string,
  ): Promise<void> {
    const [what, id, sub, index] = parts;
    const get = method === 'GET';
    if (get && what === 'status' && parts.length === 1)
      return sendJson(res, 200, await call('contestant', 'status', [code]));
    if (get && what === 'versions' && parts.length === 1)
      return sendJson(res, 200, await call('contestant', 'versions', [code]));
    if (get && what === 'versions' && sub === 'source' && parts.length === 3) {
      const bytes = (await call('contestant', 'source', [code, id])) as Uint8Array;
      return sendBytes(res, bytes, 'source');
    }
    if (method === 'POST' && what === 'upload' && parts.length === 1) {
      const request = await uploadRequest(req, new URL(req.url ?? '/', 'http://jury.invalid'));
      return sendJson(res, 202, await call('contestant', 'upload', [code, request]));
    }
    if (method === 'POST' && what === 'choose' && parts.length === 1) {
      const body = await readJson(req, 4096);
      return sendJson(res, 200, await call('contestant', 'choose', [code, body['version'] ?? null]));
    }
    if (get && what === 'competitions') {
      if (parts.length === 1) return sendJson(res, 200, await call('contestant', 'competitions', [code]));
      if (sub === 'standings' && parts.length === 3)
        return sendJson(res, 200, await call('contestant', 'standings', [code, id]));
      if (sub === 'games' && parts.length === 3)
        return sendJson(res, 200, await call('contestant', 'games', [code, id]));
      if (sub === 'games' && parts.length === 4)
        return sendJson(res, 200, await call('contestant', 'game', [code, id, gameIndex(index)]));
    }
    throw new HttpRefusal(404, `no event route ${method} /event/${parts.join('/')}`);
  }

  async function organiser(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    parts: string[],
  ): Promise<void> {
    const [what, id, sub, index] = parts;
    const get = method === 'GET';
    const post = method === 'POST';
    const json = (): Promise<Record<string, unknown>> => readJson(req, JSON_CAP);
    const answer = async (m: (typeof ORGANISER_METHODS)[number], args: unknown[]): Promise<void> =>
      sendJson(res, 200, await call('organiser', m, args));
    const one = parts.length === 1;
    if (get && what === 'settings' && one) return answer('settings', []);
    if (get && what === 'contestants' && one) return answer('contestants', []);
    if (post && what === 'contestants' && one) {
      const body = await json();
      if (!Array.isArray(body['names'])) throw new HttpRefusal(400, 'give {"names": ["…", …]}');
      return answer('addContestants', [body['names']]);
    }
    if (post && what === 'contestants' && sub === 'new-code' && parts.length === 3)
      return answer('newCode', [id]);
    if (get && what === 'submissions' && one) return answer('submissions', []);
    if (get && what === 'submissions' && sub === 'source' && parts.length === 3)
      return sendBytes(res, (await call('organiser', 'source', [id])) as Uint8Array, 'source');
    if (post && what === 'submissions' && sub === 'disqualify' && parts.length === 3) {
      const reason = (await json())['reason'];
      if (typeof reason !== 'string') throw new HttpRefusal(400, 'give {"reason": "…"}');
      return answer('disqualify', [id, reason]);
    }
    if (post && what === 'submissions' && sub === 'readmit' && parts.length === 3)
      return answer('readmit', [id]);
    if (get && what === 'lock' && one) return answer('lockState', []);
    if (post && what === 'lock' && one) {
      const locked = (await json())['locked'];
      if (typeof locked !== 'boolean')
        throw new HttpRefusal(400, 'give {"locked": true} or {"locked": false}');
      return answer('setLocked', [locked]);
    }
    if (post && what === 'test' && one) return answer('runTest', []);
    if (post && what === 'final' && one) return answer('runFinal', []);
    if (get && what === 'competitions') {
      if (one) return answer('competitions', []);
      if (sub === 'standings' && parts.length === 3) return answer('standings', [id]);
      if (sub === 'games' && parts.length === 3) return answer('games', [id]);
      if (sub === 'games' && parts.length === 4) return answer('game', [id, gameIndex(index)]);
    }
    throw new HttpRefusal(404, `no event route ${method} /event/organiser/${parts.join('/')}`);
  }
}

/** The upload in a request: the body is the file, `?name=` its name, `language`, `build`, `run`. */
async function uploadRequest(req: IncomingMessage, url: URL) {
  const q = url.searchParams;
  const fileName = q.get('name');
  if (fileName === null || fileName === '') throw new HttpRefusal(400, 'give the file name: ?name=bot.c');
  const archive = archiveKindOf(fileName) !== null;
  const cap = archive ? UPLOAD_CAPS.archiveBytes : UPLOAD_CAPS.sourceBytes;
  const kind = archive ? 'an archive' : 'a source file';
  const bytes = await readBody(
    req,
    cap,
    `${fileName} is over ${sizeText(cap)}; ${kind} may be at most ${sizeText(cap)}`,
  );
  const optional = (key: string, name: string) => (q.has(key) ? { [name]: q.get(key) ?? '' } : {});
  return {
    fileName,
    bytes,
    ...optional('language', 'language'),
    ...optional('build', 'buildCommand'),
    ...optional('run', 'runCommand'),
  };
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new HttpRefusal(400, 'the address is not valid');
  }
}

function gameIndex(text: string | undefined): number {
  if (text === undefined || !/^\d{1,9}$/.test(text)) throw new HttpRefusal(400, 'a game is a number');
  return Number(text);
}

function headerText(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function cookie(session: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/event; Max-Age=${maxAge}`;
}
