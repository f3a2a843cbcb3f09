import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_INDEX_URL, appFile, appProtocolHandler, isAppUrl } from './app-protocol.ts';

const root = mkdtempSync(join(tmpdir(), 'jury-app-protocol-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Jury</title>');
writeFileSync(join(root, 'assets', 'main.js'), 'console.log(1)');
// A file beside the renderer's folder that no page may read.
writeFileSync(join(root, '..', 'jury-app-protocol-secret.txt'), 'secret');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(join(root, '..', 'jury-app-protocol-secret.txt'), { force: true });
});

/** Reads the file as Electron's net.fetch of its file URL would, enough for the tests. */
const fetchFile = async (path: string): Promise<Response> => new Response(await readFile(path));

describe('the jury://app scheme of the desktop window', () => {
  it('names files inside the renderer folder, index.html for the root', () => {
    expect(appFile(APP_INDEX_URL, root)).toBe(join(root, 'index.html'));
    expect(appFile('jury://app/', root)).toBe(join(root, 'index.html'));
    expect(appFile('jury://app/assets/main.js?v=1#x', root)).toBe(join(root, 'assets', 'main.js'));
    expect(isAppUrl(new URL(APP_INDEX_URL))).toBe(true);
  });

  it('refuses another host or scheme, encoded separators, NUL and bad escapes', () => {
    for (const url of [
      'jury://other/index.html',
      'file:///etc/passwd',
      'https://app/index.html',
      'jury://app/assets/..%2f..%2fjury-app-protocol-secret.txt',
      'jury://app/assets/..%5c..%5cjury-app-protocol-secret.txt',
      'jury://app/%00',
      'jury://app/%E0%A4%A',
      'not a url',
    ]) {
      expect(appFile(url, root), url).toBeNull();
    }
  });

  it('never names a file outside the folder, however the way out is spelled', () => {
    for (const url of [
      'jury://app/../jury-app-protocol-secret.txt',
      'jury://app/%2e%2e/jury-app-protocol-secret.txt',
      'jury://app/assets/%2E%2E/%2E%2E/jury-app-protocol-secret.txt',
      'jury://app/./.././jury-app-protocol-secret.txt',
    ]) {
      const file = appFile(url, root);
      if (file !== null) expect(file.startsWith(join(root, '/')), `${url} → ${file}`).toBe(true);
    }
  });

  it('serves the page and its assets, 404 outside, 405 for a POST', async () => {
    const handle = appProtocolHandler(root, fetchFile);
    const page = await handle(new Request(APP_INDEX_URL));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Jury</title>');
    expect(await (await handle(new Request('jury://app/assets/main.js'))).text()).toBe('console.log(1)');
    expect((await handle(new Request('jury://app/missing.js'))).status).toBe(404);
    for (const way of ['%2e%2e/', '../', 'assets/..%2f..%2f']) {
      const response = await handle(new Request(`jury://app/${way}jury-app-protocol-secret.txt`));
      expect(response.status, way).toBe(404);
    }
    expect((await handle(new Request(APP_INDEX_URL, { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});
