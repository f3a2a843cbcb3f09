import { describe, expect, it } from 'vitest';
import { resolveServeFlags } from './options.ts';

const HOME = { HOME: '/home/ann' };

describe('resolveServeFlags', () => {
  it("defaults to port 5170 on 0.0.0.0, the data folder's tournaments and workspace", () => {
    expect(resolveServeFlags({}, '/work', 'linux', HOME)).toEqual({
      ok: true,
      value: {
        port: 5170,
        host: '0.0.0.0',
        token: undefined,
        workspace: '/home/ann/.local/share/jury',
        storeFolder: '/home/ann/.local/share/jury/tournaments',
        singleStore: undefined,
      },
    });
  });

  it('follows the desktop defaults on macOS and Windows', () => {
    const mac = resolveServeFlags({}, '/work', 'darwin', HOME);
    expect(mac.ok && mac.value.workspace).toBe('/home/ann/Library/Application Support/Jury');
    const windows = resolveServeFlags({}, 'C:\\work', 'win32', {
      APPDATA: 'C:\\Users\\ann\\AppData\\Roaming',
    });
    expect(windows.ok && windows.value.storeFolder).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\Jury\\tournaments',
    );
    expect(windows.ok && windows.value.workspace).toBe('C:\\Users\\ann\\AppData\\Roaming\\Jury');
  });

  it('resolves the given folders and --db against the working folder', () => {
    const result = resolveServeFlags(
      { db: 'events/final.sqlite', workspace: 'ws', port: '0', host: '127.0.0.1', token: 'secret-token' },
      '/work',
      'linux',
      {},
    );
    expect(result).toEqual({
      ok: true,
      value: {
        port: 0,
        host: '127.0.0.1',
        token: 'secret-token',
        workspace: '/work/ws',
        storeFolder: '/work/events',
        singleStore: '/work/events/final.sqlite',
      },
    });
    const store = resolveServeFlags({ store: '/data/t', workspace: '/data' }, '/work', 'linux', {});
    expect(store.ok && store.value.storeFolder).toBe('/data/t');
  });

  it.each([
    [{ port: '70000' }, '--port: expected 0..65535 (0 = any free port), got 70000'],
    [{ port: '-1' }, '--port: expected 0..65535 (0 = any free port), got -1'],
    [{ port: 'http' }, '--port: expected 0..65535 (0 = any free port), got http'],
    [{ host: ' ' }, '--host: give an address or a host name'],
    [{ token: 'short' }, '--token: expected at least 8 of the characters A-Z a-z 0-9 . _ ~ -'],
    [{ token: 'has spaces in it' }, '--token: expected at least 8 of the characters A-Z a-z 0-9 . _ ~ -'],
  ])('refuses %j', (flags, error) => {
    expect(resolveServeFlags(flags, '/work', 'linux', HOME)).toEqual({ ok: false, error });
  });

  it('says which variable is missing when there is no default folder', () => {
    const result = resolveServeFlags({}, '/work', 'linux', {});
    expect(!result.ok && result.error).toMatch(/HOME is not set/);
  });
});
