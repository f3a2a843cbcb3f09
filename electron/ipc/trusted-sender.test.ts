import { describe, expect, it } from 'vitest';
import type { SenderInfo } from './trusted-sender.ts';
import { trustedSender } from './trusted-sender.ts';

const check = trustedSender({
  webContentsId: () => 7,
  devOrigin: 'http://localhost:5173',
});

function event(url: string, id = 7, parent: unknown = null): SenderInfo {
  return { sender: { id }, senderFrame: { url, parent } };
}

describe('trustedSender', () => {
  it("accepts the app's own window, built or on the dev server", () => {
    expect(check(event('jury://app/index.html'))).toBe(true);
    expect(check(event('jury://app/index.html#/live'))).toBe(true);
    expect(check(event('http://localhost:5173/#/live'))).toBe(true);
  });

  it('refuses other windows, iframes, destroyed frames and foreign pages', () => {
    expect(check(event('jury://app/index.html', 8))).toBe(false);
    expect(check(event('jury://app/index.html', 7, {}))).toBe(false);
    expect(check({ sender: { id: 7 }, senderFrame: null })).toBe(false);
    expect(check(event('jury://evil/index.html'))).toBe(false);
    expect(check(event('file:///opt/jury/out/renderer/index.html'))).toBe(false);
    expect(check(event('file:///etc/passwd'))).toBe(false);
    expect(check(event('https://example.com/'))).toBe(false);
    expect(check(event('http://localhost:5174/'))).toBe(false);
    expect(check(event('not a url'))).toBe(false);
  });

  it('refuses everything when no window exists, and the dev origin when none is set', () => {
    expect(trustedSender({ webContentsId: () => undefined })(event('jury://app/index.html'))).toBe(false);
    expect(trustedSender({ webContentsId: () => 7 })(event('http://localhost:5173/'))).toBe(false);
  });
});
