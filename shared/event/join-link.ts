import { normalizeCode } from './join-code.ts';

/**
 * The link a contestant opens to sign in (printed on the join sheet, as text and as a QR code): the
 * contestant page of `jury serve` with the code in the fragment. A fragment never leaves the browser,
 * so the code is not in the server's request line, a proxy's log or a Referer header.
 */

/** The contestant page's path on `jury serve` (a page of its own, renderer/contestant.html). */
export const CONTESTANT_PAGE = '/contestant.html';

/** The join link for `code` on the server at `origin` (`http://192.168.1.20:8080`, no trailing slash). */
export function joinUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}${CONTESTANT_PAGE}#code=${encodeURIComponent(code)}`;
}

/**
 * The join code in a page's fragment (`#code=K7QX-M3TR-9WHE-PZ2A`, as {@link joinUrl} makes it), in its
 * canonical form, or null when there is none or it cannot be a code.
 */
export function codeFromHash(hash: string): string | null {
  // No URLSearchParams: shared/ is pure (no DOM, no node:*).
  for (const pair of hash.replace(/^#/, '').split('&')) {
    const [key, value] = pair.split('=');
    if (key !== 'code' || value === undefined) continue;
    try {
      return normalizeCode(decodeURIComponent(value));
    } catch {
      return null;
    }
  }
  return null;
}
