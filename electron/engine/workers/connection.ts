import type { ConnectionOptions } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';

/** Where the queue lives: a Redis (or Valkey) server, as `jury worker --redis` and `jury run --workers` take it. */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  /** `rediss://`: the connection is TLS. */
  readonly tls: boolean;
  readonly username: string | null;
  readonly password: string | null;
  /** The database number (`redis://host:6379/2`), 0 by default. */
  readonly db: number;
  /** The URL without its password, for messages and the app (never print a password). */
  readonly shown: string;
}

/**
 * Reads a Redis URL (`redis://[user:password@]host[:port][/db]` or `rediss://…` for TLS). Answers the
 * target, or a message saying what is wrong with the URL (the caller turns it into a usage error).
 * `givenPassword`, when given, is the password to use instead of the URL's (a command line must not hold one:
 * `jury worker` and `jury run --workers` take it from JURY_REDIS_PASSWORD or a file).
 */
export function parseRedisUrl(
  text: string,
  givenPassword: string | null = null,
): RedisTarget | { readonly problem: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: `${JSON.stringify(text)} is not a URL; give redis://HOST:PORT or rediss://HOST:PORT` };
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    return { problem: `the Redis URL must start with redis:// or rediss:// (TLS), not ${url.protocol}//` };
  }
  if (url.hostname === '') return { problem: 'the Redis URL names no host' };
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0 || db > 15) {
    return { problem: `the Redis database must be a number 0 to 15, not ${JSON.stringify(path)}` };
  }
  const password = givenPassword ?? (url.password === '' ? null : decodeURIComponent(url.password));
  const username = url.username === '' ? null : decodeURIComponent(url.username);
  const shown = `${url.protocol}//${username ? `${username}${password ? ':***' : ''}@` : password ? ':***@' : ''}${url.host}${db ? `/${db}` : ''}`;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    tls: url.protocol === 'rediss:',
    username,
    password,
    db,
    shown,
  };
}

/**
 * The ioredis options of a target, for BullMQ's queues and workers (which need `maxRetriesPerRequest:
 * null`: a blocked command must wait through a reconnect rather than fail) and for Jury's own keys. The
 * connection retries forever, every 0.2 to 2 s: a Redis restart is waited out, not an error.
 */
export function redisOptions(target: RedisTarget): RedisOptions {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username ? { username: target.username } : {}),
    ...(target.password ? { password: target.password } : {}),
    ...(target.tls ? { tls: { servername: target.host } } : {}),
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (attempt) => Math.min(200 * attempt, 2000),
  };
}

/** The same options typed for BullMQ's queues, workers and queue events. */
export function queueConnection(target: RedisTarget): ConnectionOptions {
  const o = redisOptions(target);
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(o.username ? { username: o.username } : {}),
    ...(o.password ? { password: o.password } : {}),
    ...(o.tls ? { tls: o.tls } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
}

/**
 * Runs `work` on one short connection to the Redis at `target`, which never retries; answers its value, or
 * why Redis did not answer within `waitMs` (its own error when it gave one). The connection is closed
 * either way.
 */
export async function onShortConnection<T>(
  target: RedisTarget,
  waitMs: number,
  work: (client: Redis) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; problem: string }> {
  const { Redis: Client } = await import('ioredis');
  const client = new Client({
    ...redisOptions(target),
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  let last = '';
  client.on('error', (e: Error) => (last = e.message));
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      client.connect().then(() => work(client)),
      new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error('no answer')), waitMs))),
    ]);
    return { ok: true, value };
  } catch (e) {
    const why = last || (e instanceof Error ? e.message : String(e));
    return { ok: false, problem: `Redis at ${target.shown} does not answer (${why})` };
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * Checks that the Redis at `target` answers (a PING, with its password) within `waitMs`; answers why
 * not, or null. Made before anything is created, so a wrong URL or password costs nothing.
 */
export async function redisProblem(target: RedisTarget, waitMs = 5000): Promise<string | null> {
  const answered = await onShortConnection(target, waitMs, (client) => client.ping());
  return answered.ok ? null : answered.problem;
}
