import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cacheControl, contentType, resolveRequestPath } from './static.ts';

const ROOT = '/srv/jury/out/renderer';

describe('resolveRequestPath', () => {
  it('maps / to index.html and paths to files under the root', () => {
    expect(resolveRequestPath(ROOT, '/')).toEqual({ file: join(ROOT, 'index.html') });
    expect(resolveRequestPath(ROOT, '/?token=abc')).toEqual({ file: join(ROOT, 'index.html') });
    expect(resolveRequestPath(ROOT, '/assets/index-AbC1.js')).toEqual({
      file: join(ROOT, 'assets', 'index-AbC1.js'),
    });
    expect(resolveRequestPath(ROOT, '/my%20file.txt#x')).toEqual({ file: join(ROOT, 'my file.txt') });
  });

  it.each([
    '/../package.json',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/..%5cpackage.json',
    '/assets/..',
  ])('refuses %s as forbidden', (url) => {
    expect(resolveRequestPath(ROOT, url)).toEqual({ refused: 'forbidden' });
  });

  it.each(['/%E0%A4%A', 'index.html', '/a%00.html'])('refuses %s as a bad request', (url) => {
    expect(resolveRequestPath(ROOT, url)).toEqual({ refused: 'bad' });
  });
});

describe('contentType', () => {
  it('names the usual types, with a charset for text, and octet-stream otherwise', () => {
    expect(contentType('index.html')).toBe('text/html; charset=utf-8');
    expect(contentType('a/b.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentType('x.css')).toBe('text/css; charset=utf-8');
    expect(contentType('icon.svg')).toBe('image/svg+xml');
    expect(contentType('font.woff2')).toBe('font/woff2');
    expect(contentType('data.bin')).toBe('application/octet-stream');
    expect(contentType('Makefile')).toBe('application/octet-stream');
  });
});

describe('cacheControl', () => {
  it("caches Vite's hashed assets for good and revalidates the rest", () => {
    expect(cacheControl(ROOT, join(ROOT, 'assets', 'index-AbC1.js'))).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControl(ROOT, join(ROOT, 'index.html'))).toBe('no-cache');
    expect(cacheControl(ROOT, join(ROOT, 'favicon.svg'))).toBe('no-cache');
  });
});
