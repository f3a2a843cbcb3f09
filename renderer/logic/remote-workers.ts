/**
 * The pure steps of Settings → Remote workers: reading the Redis URL and the organiser's secret as they
 * are typed (the engine's rules, electron/engine/workers/connection.ts and the settings schema, so the
 * problem shows next to the field before anything is sent), and the workers list's figures.
 */
import { formatNumber } from './numbers.ts';

/** Why a typed value is not acceptable: a message key of the `workers` area and its values. */
export interface WorkersFieldProblem {
  readonly key:
    | 'workers.errors.notUrl'
    | 'workers.errors.scheme'
    | 'workers.errors.noHost'
    | 'workers.errors.database'
    | 'workers.errors.secretShort'
    | 'workers.errors.secretLong';
  readonly params: Readonly<Record<string, string | number>>;
}

/** The shortest and longest organiser's secret the engine takes (shared/ipc/app-schemas.ts). */
export const SECRET_MIN = 16;
export const SECRET_MAX = 1024;

/**
 * Reads the Redis URL field: `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS), as
 * `jury run --workers` takes it. An empty field is no URL (null); otherwise the trimmed URL, or the
 * problem to show next to the field.
 */
export function checkRedisUrl(
  text: string,
): { readonly url: string | null } | { readonly problem: WorkersFieldProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { url: null };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: { key: 'workers.errors.notUrl', params: {} } };
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    return { problem: { key: 'workers.errors.scheme', params: {} } };
  if (url.hostname === '') return { problem: { key: 'workers.errors.noHost', params: {} } };
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0 || db > 15)
    return { problem: { key: 'workers.errors.database', params: { db: path } } };
  return { url: trimmed };
}

/** Reads the secret field: the secret to store, or why it cannot be (too short or too long). */
export function checkSecret(
  text: string,
): { readonly secret: string } | { readonly problem: WorkersFieldProblem } {
  const secret = text.trim();
  if (secret.length < SECRET_MIN)
    return { problem: { key: 'workers.errors.secretShort', params: { min: SECRET_MIN } } };
  if (secret.length > SECRET_MAX)
    return { problem: { key: 'workers.errors.secretLong', params: { max: SECRET_MAX } } };
  return { secret };
}

/** Whole seconds from a heartbeat at `lastSeen` (ISO 8601) to `now` (ms); 0 for a clock ahead of ours. */
export function secondsSince(lastSeen: string, now: number): number | null {
  const at = Date.parse(lastSeen);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now - at) / 1000));
}

/** How long ago something happened, as the list says it: a message key of the `workers` area and its count. */
export interface Ago {
  readonly key: 'workers.secondsAgo' | 'workers.minutesAgo' | 'workers.hoursAgo';
  readonly count: number;
}

/**
 * How long before `now` (ms) the moment `at` (ISO 8601) was: whole seconds under a minute, whole minutes
 * under an hour, else whole hours (a speed measurement can be hours old); null for a time that does not read.
 */
export function agoOf(at: string, now: number): Ago | null {
  const seconds = secondsSince(at, now);
  if (seconds === null) return null;
  if (seconds < 60) return { key: 'workers.secondsAgo', count: seconds };
  if (seconds < 3600) return { key: 'workers.minutesAgo', count: Math.floor(seconds / 60) };
  return { key: 'workers.hoursAgo', count: Math.floor(seconds / 3600) };
}

/**
 * A speed factor as the list shows it in the user's language (`locale`, as vue-i18n's): two decimals
 * (`1.25`, Dutch `1,25`), never `-0` or an exponent.
 */
export function formatFactor(factor: number, locale: string): string {
  // Intl writes -0 as "-0.00"; adding 0 makes it +0.
  return formatNumber(factor + 0, 2, locale);
}
