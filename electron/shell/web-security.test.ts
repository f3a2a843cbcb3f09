import { EventEmitter } from 'node:events';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import type { HardenableContents } from './web-security.ts';
import {
  hardenContents,
  opensExternally,
  permissionCheckHandler,
  permissionRequestHandler,
} from './web-security.ts';

class FakeContents extends EventEmitter implements HardenableContents {
  openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
}

const preventable = () => ({ preventDefault: vi.fn() });

describe('hardenContents', () => {
  it('denies every new window and sends https links to the system browser', () => {
    const contents = new FakeContents();
    const openExternal = vi.fn();
    hardenContents(contents, openExternal);
    for (const url of ['https://codecup.nl/rules', 'http://x.org', 'file:///etc/passwd', 'javascript:1']) {
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal.mock.calls).toEqual([['https://codecup.nl/rules']]);
  });

  it('refuses navigation and webviews', () => {
    const contents = new FakeContents();
    hardenContents(contents, () => {});
    const navigation = preventable();
    contents.emit('will-navigate', navigation, 'https://evil.example/');
    const webview = preventable();
    contents.emit('will-attach-webview', webview);
    expect(navigation.preventDefault).toHaveBeenCalledTimes(1);
    expect(webview.preventDefault).toHaveBeenCalledTimes(1);
  });

  it("takes Electron's real WebContents", () => {
    expectTypeOf<WebContents>().toExtend<HardenableContents>();
  });
});

describe('opensExternally', () => {
  it('accepts only https addresses', () => {
    expect(opensExternally('https://a.b/c')).toBe(true);
    expect(opensExternally('HTTPS://a.b/')).toBe(true);
    expect(opensExternally('http://a.b/')).toBe(false);
    expect(opensExternally('smb://share/x')).toBe(false);
    expect(opensExternally('not a url')).toBe(false);
  });
});

describe('permissions', () => {
  it('grants notifications and nothing else', () => {
    const granted = (permission: string) => {
      let answer: boolean | undefined;
      permissionRequestHandler(null, permission, (g) => (answer = g));
      return answer;
    };
    expect(granted('notifications')).toBe(true);
    for (const p of ['media', 'geolocation', 'openExternal', 'clipboard-read', 'fullscreen']) {
      expect(granted(p), p).toBe(false);
      expect(permissionCheckHandler(null, p), p).toBe(false);
    }
    expect(permissionCheckHandler(null, 'notifications')).toBe(true);
  });
});
