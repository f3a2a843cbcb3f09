import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { RequestChannel } from '../../shared/ipc/channels.ts';
import { controlChannels, desktopOnlyChannels, organiserChannels } from '../../shared/ipc/channels.ts';

/**
 * Who may do what over `jury serve`, as pure functions of what the connection shows: its remote address,
 * its Host and Origin headers and the token in its URL. Spectators (anyone on the network) may read;
 * controllers (this machine, or a browser that gave the printed token) may also change things.
 */

/** Whether `address` (as Node reports a socket's remote address) is this machine's loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return address.split('.')[0] === '127';
  if (!isIPv6(address)) return false;
  let compressed: string;
  try {
    // The URL parser writes every IPv6 form the same way: 0:0:0:0:0:0:0:1 → [::1], ::ffff:127.0.0.1 → [::ffff:7f00:1].
    compressed = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return false; // a zone id (fe80::1%eth0) is never loopback
  }
  if (compressed === '::1') return true;
  // An IPv4 client of a dual-stack socket: ::ffff:7fxx:xxxx is 127.x.x.x.
  return /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(compressed);
}

/** The host name of a Host header (`example.org:5170` → `example.org`, `[::1]:80` → `::1`), lower case. */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    return end === -1 ? lower.slice(1) : lower.slice(1, end);
  }
  const colon = lower.lastIndexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

/**
 * Whether a Host header names this machine's loopback (`localhost`, `*.localhost`, 127.x.x.x, ::1).
 * Loopback control requires it: a page on a foreign site whose name was re-bound to 127.0.0.1 (DNS
 * rebinding) connects from loopback with a matching Origin, but its Host is the foreign name.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = hostName(host);
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/**
 * Whether a browser page at `origin` may use the API at `host`: only pages of the same host may (a
 * cross-site page must not drive it with the user's network position). Clients that send no Origin are
 * not browsers; the other checks still apply to them.
 */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!host) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  let expected: URL;
  try {
    // Parsed the same way, so a default port written or left out compares equal.
    expected = new URL(`${url.protocol}//${host.trim()}`);
  } catch {
    return false;
  }
  return url.host === expected.host;
}

/** Compares a presented token with the real one in constant time (the lengths leak nothing either). */
export function tokenMatches(given: string | null | undefined, token: string): boolean {
  if (!given || token.length === 0) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** What a connection shows about itself when it opens. */
export interface ConnectionFacts {
  /** The socket's remote address. */
  readonly remoteAddress: string | undefined;
  /** The Host header of the upgrade request. */
  readonly host: string | undefined;
  /** The `token` query parameter of the WebSocket URL, if any. */
  readonly token: string | null;
}

/**
 * Whether a connection may control: it presented the right token, or it comes from this machine's
 * loopback under a loopback host name. Proxies are not trusted (no X-Forwarded-For): behind one, every
 * client would look local, so `jury serve` is meant to be reached directly.
 */
export function canControl(facts: ConnectionFacts, token: string): boolean {
  if (tokenMatches(facts.token, token)) return true;
  return isLoopbackAddress(facts.remoteAddress) && isLoopbackHost(facts.host);
}

/** The decision on one request: allowed, or refused with the message the client sees. */
export type AccessDecision = { readonly allowed: true } | { readonly allowed: false; readonly error: string };

/** Whether a connection that may (or may not) control may send a request on `channel`. */
export function decideAccess(channel: RequestChannel, control: boolean): AccessDecision {
  if ((desktopOnlyChannels as readonly string[]).includes(channel)) {
    return { allowed: false, error: `${channel}: only in the desktop app` };
  }
  if (!control && (organiserChannels as readonly string[]).includes(channel)) {
    return {
      allowed: false,
      error: `${channel}: the event's organiser controls are only on the serving machine or with the printed token`,
    };
  }
  if (!control && (controlChannels as readonly string[]).includes(channel)) {
    return {
      allowed: false,
      error: `read-only: ${channel} changes the tournament; control only from the serving machine or with the printed token`,
    };
  }
  return { allowed: true };
}
