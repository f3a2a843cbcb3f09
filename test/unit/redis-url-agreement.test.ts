import { describe, expect, it } from 'vitest';
import { parseRedisUrl } from '../../electron/engine/workers/connection.ts';
import { checkRedisUrl } from '../../renderer/logic/remote-workers.ts';

// Settings → Remote workers checks the Redis URL as it is typed (renderer/logic/remote-workers.ts); the
// engine checks it again when it is stored (electron/engine/workers/connection.ts). They must agree, or
// the field would accept what the engine refuses (or the other way round).
const URLS = [
  'redis://127.0.0.1:6379',
  'redis://127.0.0.1',
  'rediss://lab.example:6380',
  'redis://:secret@192.168.1.10:6379',
  'redis://user:secret@host/3',
  'redis://host/15',
  'redis://host/16',
  'redis://host/-1',
  'redis://host/x',
  'redis://[::1]:6379',
  'redis://',
  'redis://host:99999',
  'redis://host:0',
  'http://example.org',
  'valkey://host',
  '192.168.1.10:6379',
  'lab-b',
  ' redis://padded:6379 ',
];

describe('the Redis URL check of the settings page and of the engine', () => {
  it.each(URLS)('agree on %j', (url) => {
    expect('url' in checkRedisUrl(url)).toBe(!('problem' in parseRedisUrl(url)));
  });
});
