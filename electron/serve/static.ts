import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * Serves the built renderer (a folder of static files) read-only: GET and HEAD only, `/` is index.html,
 * nothing outside the folder (no `..`, no encoded separators, no symbolic link out of it), the right
 * content type, hashed assets cached for good and everything else revalidated.
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The content type of a file name (octet-stream when unknown, which browsers will not run). */
export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers on every answer: no sniffing, no referrer (the page's URL may hold the token), no framing. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

/**
 * The file under `root` that a request path names, or why there is none: `forbidden` for an attempt to
 * leave the folder, `bad` for a path that cannot be decoded. Pure: no file system access.
 */
export function resolveRequestPath(
  root: string,
  url: string,
): { readonly file: string } | { readonly refused: 'forbidden' | 'bad' } {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { refused: 'bad' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return { refused: 'bad' };
  const segments = decoded.split(/[/\\]/);
  if (segments.some((segment) => segment === '..')) return { refused: 'forbidden' };
  const file = join(root, ...segments, decoded.endsWith('/') ? 'index.html' : '');
  return isInside(root, file) ? { file } : { refused: 'forbidden' };
}

function isInside(folder: string, file: string): boolean {
  const inside = relative(folder, file);
  return inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

/** The Cache-Control of a served file: Vite's content-hashed assets never change, the rest may. */
export function cacheControl(root: string, file: string): string {
  const inside = relative(root, file);
  return inside.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Builds the request handler for the static files under `root`. */
export function staticHandler(root: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(root, req, res).catch(() => {
      if (!res.headersSent) end(res, 500, 'internal error');
      else res.destroy();
    });
  };
}

async function serve(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return end(res, 405, 'method not allowed');
  }
  const resolved = resolveRequestPath(root, req.url ?? '/');
  if ('refused' in resolved) {
    return resolved.refused === 'bad' ? end(res, 400, 'bad request') : end(res, 403, 'forbidden');
  }
  let real: string;
  try {
    real = await realpath(resolved.file);
  } catch {
    return end(res, 404, 'not found');
  }
  // A symbolic link inside the folder must not lead out of it.
  if (!isInside(await realpath(root), real)) return end(res, 403, 'forbidden');
  const info = await stat(real);
  if (!info.isFile()) return end(res, 404, 'not found');
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': contentType(real),
    'Content-Length': info.size,
    'Cache-Control': cacheControl(root, resolved.file),
    'Last-Modified': info.mtime.toUTCString(),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(real)
    .on('error', () => res.destroy())
    .pipe(res);
}

function end(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(`${text}\n`);
}
