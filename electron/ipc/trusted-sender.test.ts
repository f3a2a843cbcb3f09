import { describe, expect, it } from 'vitest';
import type { SenderInfo } from './trusted-sender.ts';
import { trustedSender } from './trusted-sender.ts';

const check = trustedSender({
  webContentsId: () => 7,
  rendererDir: 'file:///opt/jury/out/renderer',
  devOrigin: 'http://localhost:5173',
});

function event(url: string, id = 7, parent: unknown = null): SenderInfo {
  return { sender: { id }, senderFrame: { url, parent } };
}

describe('trustedSender', () => {
  it("accepts the app's own window, built or on the dev server", () => {
    expect(check(event('file:///opt/jury/out/renderer/index.html'))).toBe(true);
    expect(check(event('http://localhost:5173/#/live'))).toBe(true);
  });

  it('refuses other windows, iframes, destroyed frames and foreign pages', () => {
    expect(check(event('file:///opt/jury/out/renderer/index.html', 8))).toBe(false);
    expect(check(event('file:///opt/jury/out/renderer/index.html', 7, {}))).toBe(false);
    expect(check({ sender: { id: 7 }, senderFrame: null })).toBe(false);
    expect(check(event('file:///opt/jury/out/renderer-evil/index.html'))).toBe(false);
    expect(check(event('file:///etc/passwd'))).toBe(false);
    expect(check(event('https://example.com/'))).toBe(false);
    expect(check(event('http://localhost:5174/'))).toBe(false);
    expect(check(event('not a url'))).toBe(false);
  });

  it('refuses everything when no window exists and file:// when no renderer folder is set', () => {
    expect(
      trustedSender({ webContentsId: () => undefined, rendererDir: 'file:///a/' })(event('file:///a/x')),
    ).toBe(false);
    expect(trustedSender({ webContentsId: () => 7 })(event('file:///a/x'))).toBe(false);
  });
});
