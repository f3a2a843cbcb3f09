import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_LIMITS } from '../../../electron/engine/bots/build.ts';
import { EventRefusal } from '../../../electron/engine/event/refusal.ts';
import { EventService } from '../../../electron/engine/event/service.ts';
import type { UploadRequest } from '../../../electron/engine/event/upload.ts';
import { UPLOAD_CAPS } from '../../../shared/event/caps.ts';
import { bot6561, clock, eventFolder, options, SETTINGS } from './event-helpers.ts';

/** A .tar.gz holding one symbolic link (tar-stream writes what a hostile archiver would). */
async function tarWithLink(): Promise<Uint8Array> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c) => chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve) => p.on('end', () => resolve()));
  p.entry({ name: 'bot.py', type: 'symlink', linkname: '/etc/shadow' });
  p.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

const zip = (files: Zippable, fileName = 'bot.zip'): UploadRequest => ({
  fileName,
  bytes: zipSync(files),
  runCommand: 'python3 bot.py',
});

describe('bad uploads through the event (each stores nothing), and builds that run away', () => {
  const place = eventFolder();
  const time = clock('2026-05-01T10:00:00Z');
  let event: EventService;
  let code: string;

  beforeAll(() => {
    event = EventService.create(
      SETTINGS,
      options(place.folder, time.now, {
        // Small caps for the runaway builds below; the defaults are the bot library's.
        build: { timeoutMs: 1500, limits: { ...BUILD_LIMITS, maxFileBytes: 4 * 1024 * 1024 } },
      }),
    );
    code = event.organiser.addContestants(['Eve'])[0]!.code;
  });
  afterAll(async () => {
    await event.close();
    place.remove();
  });

  it('refuses each with a one-line message; no version, no file is left behind', async () => {
    const bad: [string, UploadRequest | (() => Promise<UploadRequest>), RegExp][] = [
      ['empty', { fileName: 'bot.py', bytes: new Uint8Array(0) }, /^bot.py is empty$/],
      [
        'too large',
        { fileName: 'bot.py', bytes: new Uint8Array(UPLOAD_CAPS.sourceBytes + 1).fill(35) },
        /at most 1 MiB/,
      ],
      ['NUL bytes', { fileName: 'bot.py', bytes: new Uint8Array([112, 0, 1, 2]) }, /not UTF-8 text/],
      ['not UTF-8', { fileName: 'bot.py', bytes: new Uint8Array([0xc3, 0x28]) }, /not UTF-8 text/],
      ['unknown language', { fileName: 'bot.cob', bytes: strToU8('x') }, /language of bot.cob is unknown/],
      ['../ path', zip({ '../bot.py': bot6561('x') }), /leaves the archive's folder/],
      ['absolute path', zip({ '/tmp/bot.py': bot6561('x') }), /absolute path/],
      ['symlink', async () => ({ fileName: 'bot.tgz', bytes: await tarWithLink(), runCommand: 'x' }), /link/],
      ['duplicate', zip({ 'bot.py': bot6561('x'), './bot.py': bot6561('y') }), /twice/],
      ['bomb', zip({ 'bot.py': new Uint8Array(70 * 1024 * 1024) }), /unpacks to more than 64 MiB/],
    ];
    for (const [what, request, message] of bad) {
      const r = typeof request === 'function' ? await request() : request;
      let refusal: unknown = null;
      await event.contestant.upload(code, r).catch((e: unknown) => (refusal = e));
      expect(refusal, what).toBeInstanceOf(EventRefusal);
      expect((refusal as EventRefusal).code, what).toBe('bad-upload');
      expect((refusal as EventRefusal).message, what).toMatch(message);
      expect((refusal as EventRefusal).message, what).not.toContain('\n');
    }
    expect(event.contestant.versions(code)).toEqual([]);
    expect(event.organiser.submissions()).toEqual([]);
    expect(existsSync(join(place.folder, 'work'))).toBe(false);
  });

  it('a build that runs forever or fills the disk is stopped, stored as build-failed, never played', async () => {
    const forever = await event.contestant.upload(code, {
      ...zip({ 'bot.py': bot6561('x') }),
      buildCommand: 'while true; do :; done',
    });
    const stopped = await forever.built;
    expect(stopped.status.state).toBe('build-failed');
    expect('log' in stopped.status && stopped.status.log).toMatch(
      /^building failed \(timed out after 1.5 s\)/,
    );
    const fill = await event.contestant.upload(code, {
      ...zip({ 'bot.py': bot6561('x') }),
      buildCommand: 'head -c 50000000 /dev/zero > fill.bin',
    });
    const full = await fill.built;
    expect('log' in full.status && full.status.log).toMatch(
      /^building failed \(it wrote a file over 4 MiB\)/,
    );
    // What was written stopped at the cap.
    const folder = join(place.folder, 'work', full.id, 'build');
    expect(readdirSync(folder)).toContain('fill.bin');
    expect(event.contestant.status(code).playing).toBeNull();
    const test = await event.organiser.runTest();
    expect(test.state).toBe('failed');
    expect(test.message).toBe('0 working programs; 6561 needs at least 2');
  });

  it('tick plays a test competition every testEveryMinutes while uploads are open', async () => {
    const other = eventFolder();
    const t = clock('2026-05-01T10:00:00Z');
    const timed = EventService.create({ ...SETTINGS, testEveryMinutes: 10 }, options(other.folder, t.now));
    try {
      expect((await timed.organiser.tick())?.number).toBe(1);
      t.set('2026-05-01T10:09:59Z');
      expect(await timed.organiser.tick()).toBeNull();
      t.set('2026-05-01T10:10:00Z');
      expect((await timed.organiser.tick())?.number).toBe(2);
      t.set('2026-05-01T11:00:00Z');
      timed.organiser.setLocked(true);
      expect(await timed.organiser.tick()).toBeNull();
      expect(timed.organiser.competitions().map((c) => [c.kind, c.number])).toEqual([
        ['test', 1],
        ['test', 2],
      ]);
    } finally {
      await timed.close();
      other.remove();
    }
  });
});
