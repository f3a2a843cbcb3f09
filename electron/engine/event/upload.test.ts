import { gzipSync } from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { pack, type Header } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CAPS } from '../../../shared/event/caps.ts';
import { checkUpload, type UploadRequest } from './upload.ts';

const C = 'int main(void) { return 0; }\n';

type TarEntry = Partial<Header> & { readonly name: string; readonly body?: string | Buffer };

/** A .tar.gz of the given entries (header fields as tar-stream takes them). */
async function tarGz(entries: readonly TarEntry[]): Promise<Uint8Array> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c) => chunks.push(c as Buffer));
  const done = new Promise<void>((resolve) => p.on('end', () => resolve()));
  for (const { body, ...header } of entries) {
    await new Promise<void>((resolve, reject) =>
      p.entry(header as Header, body ?? '', (e) => (e ? reject(e) : resolve())),
    );
  }
  p.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

async function refusal(request: UploadRequest): Promise<string> {
  const r = await checkUpload(request);
  if (r.ok) throw new Error(`accepted ${request.fileName}`);
  expect(r.error.message).not.toContain('\n');
  return r.error.message;
}

const archive = (fileName: string, bytes: Uint8Array): UploadRequest => ({
  fileName,
  bytes,
  buildCommand: 'make',
  runCommand: './bot',
});

describe('checkUpload: good uploads', () => {
  it('takes a source file, its language by extension or as chosen, with its sha256', async () => {
    const r = await checkUpload({ fileName: 'bot.c', bytes: strToU8(C) });
    expect(r.ok && r.value.kind).toBe('file');
    expect(r.ok && r.value.language).toBe('c');
    expect(r.ok && r.value.sha256).toMatch(/^[0-9a-f]{64}$/);
    const chosen = await checkUpload({
      fileName: 'bot.txt',
      bytes: strToU8('print(1)\n'),
      language: 'python',
    });
    expect(chosen.ok && chosen.value.language).toBe('python');
  });

  it('takes a zip and a tar.gz with folders, keeping the executable bit', async () => {
    const zip = zipSync({
      'src/': {},
      'src/main.c': [strToU8(C), { os: 3, attrs: 0o100644 << 16 }],
      'build.sh': [strToU8('gcc src/main.c -o bot\n'), { os: 3, attrs: 0o100755 << 16 }],
    } as Zippable);
    const z = await checkUpload(archive('bot.zip', zip));
    if (!z.ok) throw new Error(z.error.message);
    expect(z.value.unpacked.files.map((f) => [f.path, f.executable]).sort()).toEqual([
      ['build.sh', true],
      ['src/main.c', false],
    ]);
    expect(z.value.runCommand).toEqual(['./bot']);
    const tgz = await tarGz([
      { name: './', type: 'directory' },
      { name: './src/', type: 'directory' },
      { name: './src/main.c', body: C },
      { name: './run.sh', body: 'exec ./bot\n', mode: 0o755 },
    ]);
    const t = await checkUpload(archive('bot.tgz', tgz));
    if (!t.ok) throw new Error(t.error.message);
    expect(t.value.unpacked.files.map((f) => [f.path, f.executable]).sort()).toEqual([
      ['run.sh', true],
      ['src/main.c', false],
    ]);
    expect(t.value.unpacked.folders).toEqual(['src']);
  });
});

describe('checkUpload: every bad upload is refused in one line', () => {
  it('an empty file, a source over 1 MiB, an archive over 16 MiB', async () => {
    expect(await refusal({ fileName: 'bot.c', bytes: new Uint8Array(0) })).toBe('bot.c is empty');
    const big = new Uint8Array(UPLOAD_CAPS.sourceBytes + 1).fill(0x20);
    expect(await refusal({ fileName: 'bot.c', bytes: big })).toMatch(/at most 1 MiB/);
    const huge = new Uint8Array(UPLOAD_CAPS.archiveBytes + 1);
    expect(await refusal(archive('bot.zip', huge))).toMatch(/an archive may be at most 16 MiB/);
  });

  it('binary garbage as a source file: a NUL byte, or bytes that are not UTF-8', async () => {
    expect(await refusal({ fileName: 'bot.c', bytes: new Uint8Array([0x69, 0x6e, 0x74, 0, 0x20]) })).toMatch(
      /not UTF-8 text/,
    );
    expect(await refusal({ fileName: 'bot.c', bytes: new Uint8Array([0x69, 0xff, 0xfe, 0x20]) })).toMatch(
      /not UTF-8 text/,
    );
  });

  it('an unknown language, chosen or by extension', async () => {
    expect(await refusal({ fileName: 'bot.c', bytes: strToU8(C), language: 'cobol' })).toMatch(
      /unknown language "cobol"; choose one of c, cpp/,
    );
    expect(await refusal({ fileName: 'bot.txt', bytes: strToU8(C) })).toMatch(
      /the language of bot.txt is unknown/,
    );
  });

  it('a file name with folders, or hidden', async () => {
    expect(await refusal({ fileName: '../bot.c', bytes: strToU8(C) })).toMatch(/plain name/);
    expect(await refusal({ fileName: 'a/bot.c', bytes: strToU8(C) })).toMatch(/plain name/);
    expect(await refusal({ fileName: '.bashrc', bytes: strToU8(C) })).toMatch(/must not start with a dot/);
  });

  it('an archive without a run command, or with shell operators in it', async () => {
    const zip = zipSync({ 'main.c': strToU8(C) });
    expect(await refusal({ fileName: 'bot.zip', bytes: zip })).toMatch(/needs a run command/);
    expect(await refusal({ ...archive('bot.zip', zip), runCommand: './bot; rm -rf /' })).toMatch(
      /";" is a shell operator: bots are started directly/,
    );
  });

  it('zip: ../ paths, absolute paths, backslashes, symlinks, devices, duplicates, a file that is a folder', async () => {
    const zip = (files: Zippable) => archive('bot.zip', zipSync(files));
    expect(await refusal(zip({ '../evil.c': strToU8(C) }))).toMatch(
      /"..\/evil.c" leaves the archive's folder/,
    );
    expect(await refusal(zip({ 'a/../../evil.c': strToU8(C) }))).toMatch(/leaves the archive's folder/);
    expect(await refusal(zip({ '/etc/evil.c': strToU8(C) }))).toMatch(/"\/etc\/evil.c" has an absolute path/);
    expect(await refusal(zip({ 'a\\..\\evil.c': strToU8(C) }))).toMatch(/backslash/);
    const link = zip({ 'bot.c': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] } as Zippable);
    expect(await refusal(link)).toMatch(/"bot.c" is a symbolic link/);
    const device = zip({ tty: [strToU8(''), { os: 3, attrs: 0o020666 << 16 }] } as Zippable);
    expect(await refusal(device)).toMatch(/"tty" is a device or other special file/);
    expect(await refusal(zip({ 'a.c': strToU8(C), './a.c': strToU8(C) }))).toMatch(/holds "a.c" twice/);
    expect(await refusal(zip({ a: strToU8(C), 'a/b.c': strToU8(C) }))).toMatch(
      /"a" both as a file and as a folder/,
    );
    expect(await refusal(zip({ 'empty/': {} } as Zippable))).toMatch(/holds no files/);
    expect(await refusal(archive('bot.zip', strToU8('not a zip at all')))).toMatch(/not a zip archive/);
  });

  it('tar.gz: ../ paths, absolute paths, symlinks, hard links, devices, fifos, duplicates', async () => {
    const tgz = async (entries: Parameters<typeof tarGz>[0]) => archive('bot.tar.gz', await tarGz(entries));
    expect(await refusal(await tgz([{ name: '../evil.c', body: C }]))).toMatch(/leaves the archive's folder/);
    expect(await refusal(await tgz([{ name: '/tmp/evil.c', body: C }]))).toMatch(/has an absolute path/);
    expect(await refusal(await tgz([{ name: 'bot.c', type: 'symlink', linkname: '/etc/passwd' }]))).toMatch(
      /"bot.c" is a symbolic link/,
    );
    expect(
      await refusal(
        await tgz([
          { name: 'a.c', body: C },
          { name: 'b.c', type: 'link', linkname: 'a.c' },
        ]),
      ),
    ).toMatch(/"b.c" is a hard link/);
    expect(
      await refusal(await tgz([{ name: 'tty', type: 'character-device', devmajor: 5, devminor: 0 }])),
    ).toMatch(/device or other special file/);
    expect(await refusal(await tgz([{ name: 'pipe', type: 'fifo' }]))).toMatch(
      /device or other special file/,
    );
    expect(
      await refusal(
        await tgz([
          { name: 'a.c', body: C },
          { name: './a.c', body: C },
        ]),
      ),
    ).toMatch(/holds "a.c" twice/);
    expect(await refusal(archive('bot.tgz', gzipSync(strToU8('plain text, not tar'))))).toMatch(/tar/);
    expect(await refusal(archive('bot.tgz', strToU8('not even gzip')))).toMatch(/not a valid .tar.gz/);
  });

  it('more than 2,000 entries', async () => {
    const files: Zippable = {};
    for (let i = 0; i <= UPLOAD_CAPS.entries; i++) files[`f${i}.c`] = strToU8('x');
    expect(await refusal(archive('bot.zip', zipSync(files, { level: 0 })))).toMatch(/more than 2000 entries/);
  });

  it('decompression bombs stop at 64 MiB unpacked, zip and tar.gz alike', async () => {
    const zeros = new Uint8Array(80 * 1024 * 1024);
    const zip = zipSync({ 'bomb.c': zeros }, { level: 1 });
    expect(zip.length).toBeLessThan(1024 * 1024);
    expect(await refusal(archive('bomb.zip', zip))).toMatch(/unpacks to more than 64 MiB/);
    const tgz = await tarGz([{ name: 'bomb.c', body: Buffer.from(zeros.buffer) }]);
    expect(tgz.length).toBeLessThan(1024 * 1024);
    expect(await refusal(archive('bomb.tgz', tgz))).toMatch(/unpacks to more than 64 MiB/);
  });
});

describe('checkUpload: off the caller’s event loop', () => {
  it('refuses a zip bomb without holding up the thread that asked for more than a step', async () => {
    const zip = zipSync({ 'bomb.c': new Uint8Array(96 * 1024 * 1024) }, { level: 9 });
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    try {
      expect(await refusal(archive('bomb.zip', zip))).toMatch(/unpacks to more than 64 MiB/);
    } finally {
      clearInterval(ticker);
    }
    // Done at once, without a turn of the loop, it held the loop all along.
    longest = Math.max(longest, performance.now() - last);
    // Inflated on this thread, the 64 MiB took hundreds of ms in one go; in 64 KiB steps off it, a few.
    expect(longest).toBeLessThan(100);
  });
});
