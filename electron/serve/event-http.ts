import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The HTTP plumbing of an event's routes (event-routes.ts), on the server thread: bodies read with a cap
 * while they stream in, one-line JSON answers, contestants' sessions and the limit on failed sign-ins.
 */

/** A request refused: its status and the one line the caller sees. */
export class HttpRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Reads a request's body, at most `cap` bytes: a declared Content-Length over the cap is refused before
 * a byte is read, a streamed body at the first byte over it (413, `tooLarge` the message). Never holds
 * more than `cap` bytes.
 */
export function readBody(req: IncomingMessage, cap: number, tooLarge: string): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.reject(new HttpRefusal(413, tooLarge));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > cap) {
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        reject(new HttpRefusal(413, tooLarge));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(new Uint8Array(Buffer.concat(chunks, size))));
    req.once('error', () => reject(new HttpRefusal(400, 'the request was cut off')));
  });
}

/** Reads a JSON object of at most `cap` bytes (none: `{}`); 400 for a body that is not one. */
export async function readJson(req: IncomingMessage, cap: number): Promise<Record<string, unknown>> {
  const bytes = await readBody(req, cap, `the request's body may be at most ${cap} bytes`);
  if (bytes.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw new HttpRefusal(400, 'the body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpRefusal(400, 'the body must be a JSON object');
  return value as Record<string, unknown>;
}

const COMMON = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** Sends `value` as JSON with `status`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value ?? null);
  res.writeHead(status, {
    ...COMMON,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** Sends uploaded bytes as a download named `fileName`. */
export function sendBytes(res: ServerResponse, bytes: Uint8Array, fileName: string): void {
  res.writeHead(200, {
    ...COMMON,
    'content-type': 'application/octet-stream',
    'content-length': bytes.length,
    'content-disposition': `attachment; filename="${fileName.replace(/[^\w.+-]/g, '_')}"`,
  });
  res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
}

/** What is read and dropped of a refused body, at most, so that its sender gets the answer. */
const DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * Sends a refusal as `{"error": "…"}`. A body left unread (too large, refused before reading) is read and
 * dropped, up to {@link DRAIN_BYTES} more, on a connection kept open: closed while the client still
 * sends (a browser's upload), the client's kernel would take the reset and drop the answer with it. Past
 * that much the connection is cut.
 */
export function sendError(res: ServerResponse, status: number, message: string, headers = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const req = res.req;
  if (!req.readableEnded) {
    let drained = 0;
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) req.socket.destroy();
    });
    // Reading before the answer: Node then leaves the body to this reader instead of dumping it.
    req.resume();
  }
  sendJson(res, status, { error: message }, headers);
}

/** The name of a contestant's session cookie (HttpOnly, SameSite=Strict, Path=/event). */
export const SESSION_COOKIE = 'jury_event';

const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;

/**
 * Contestants' sessions: a random 256-bit token for a join code that signed in. The code is kept on
 * the server thread only; every request hands it to the contestant face, which checks it again (a
 * code the organiser replaced stops working at once).
 */
export class Sessions {
  readonly #byToken = new Map<string, { code: string; last: number }>();

  /** A new session for `code`; the oldest goes when there are too many. */
  open(code: string, now = Date.now()): string {
    const token = randomBytes(32).toString('base64url');
    const oldest = this.#byToken.keys().next();
    if (this.#byToken.size >= MAX_SESSIONS && !oldest.done) this.#byToken.delete(oldest.value);
    this.#byToken.set(token, { code, last: now });
    return token;
  }

  /** The code of a live session, or null (unknown, or idle for 12 hours). */
  code(token: string | null, now = Date.now()): string | null {
    const found = token === null ? undefined : this.#byToken.get(token);
    if (!found || now - found.last > SESSION_IDLE_MS) {
      if (token !== null) this.#byToken.delete(token);
      return null;
    }
    found.last = now;
    return found.code;
  }

  close(token: string | null): void {
    if (token !== null) this.#byToken.delete(token);
  }
}

/** The session token a request carries: `Authorization: Bearer …`, else the session cookie. */
export function sessionToken(req: IncomingMessage): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** Failed sign-ins allowed per address in a window, and the window. */
export const SIGN_IN_LIMIT = { failures: 5, windowMs: 60_000 } as const;

/**
 * Failed sign-ins per remote address: after {@link SIGN_IN_LIMIT}.failures in a window, that address
 * may not try again until the window ends (a code has about 79 bits; this only stops hammering).
 */
export class SignInLimiter {
  readonly #failures = new Map<string, { count: number; since: number }>();

  /** Seconds to wait before `address` may try again, or 0. */
  waitSeconds(address: string, now = Date.now()): number {
    const f = this.#failures.get(address);
    if (!f) return 0;
    if (now - f.since >= SIGN_IN_LIMIT.windowMs) {
      this.#failures.delete(address);
      return 0;
    }
    return f.count >= SIGN_IN_LIMIT.failures ? Math.ceil((f.since + SIGN_IN_LIMIT.windowMs - now) / 1000) : 0;
  }

  failed(address: string, now = Date.now()): void {
    // Addresses that never come back would stay for ever: past many, the ended windows go.
    if (this.#failures.size > 10_000) {
      for (const [a, f] of this.#failures)
        if (now - f.since >= SIGN_IN_LIMIT.windowMs) this.#failures.delete(a);
    }
    const f = this.#failures.get(address);
    if (!f || now - f.since >= SIGN_IN_LIMIT.windowMs) this.#failures.set(address, { count: 1, since: now });
    else f.count++;
  }
}
