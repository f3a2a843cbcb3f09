import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The desktop app's own scheme: the window shows `jury://app/index.html`, served from the built
 * renderer's folder, instead of a `file://` page. Electron's security checklist asks for it: a file://
 * page may read any file a bug lets it name, and with no file:// page the app turns off the fuse that gives
 * file:// pages extra privileges (build/electron-builder.yml). The scheme is standard and secure, so the
 * page has a real origin for its Content-Security-Policy's `'self'`, and it serves only files inside the
 * renderer's folder.
 */

/** The scheme, as `protocol.handle` and `registerSchemesAsPrivileged` take it. */
export const APP_SCHEME = 'jury';
/** The one host the scheme serves. */
export const APP_HOST = 'app';
/** The window's page. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The scheme's privileges, registered before the app is ready (`protocol.registerSchemesAsPrivileged`). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/** Whether `url` is a page of the app's scheme (the check the IPC sender test makes). */
export function isAppUrl(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
}

/**
 * The file under `root` that `url` names, or null: another scheme or host, an encoded slash, a path
 * that leaves `root` (`..`, however spelled), or the folder itself. `/` names index.html.
 */
export function appFile(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!isAppUrl(parsed)) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes('\\') || path.includes('\0') || /%2f/i.test(parsed.pathname)) return null;
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  const inside = relative(resolve(root), file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  return file;
}

/**
 * The handler of the scheme (`protocol.handle(APP_SCHEME, …)`): a GET of a file inside `root`, read with
 * `fetchFile` (Electron's `net.fetch` of its file URL, which sets the type from the name); 404 for
 * anything else, 405 for another method.
 */
export function appProtocolHandler(
  root: string,
  fetchFile: (path: string) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const file = appFile(request.url, root);
    if (file === null) return new Response(null, { status: 404 });
    try {
      return await fetchFile(file);
    } catch {
      return new Response(null, { status: 404 });
    }
  };
}
