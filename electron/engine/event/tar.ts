import type { Writable } from 'node:stream';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract, type Header as Headers } from 'tar-stream';
import { UPLOAD_CAPS } from '../../../shared/event/caps.ts';
import { ArchiveRefusal, EntryCollector, entryPath, type UnpackedArchive } from './archive-entries.ts';

/**
 * Reads a .tar.gz (.tgz) upload: gunzip (node:zlib) and tar-stream, streamed, counting every byte that
 * comes out of gunzip: a bomb stops at the cap. Plain files and folders only: links, devices and fifos
 * are refused by their header type.
 */

/** Tar headers and padding on top of the files' bytes: 1 KiB per entry is more than tar ever needs. */
const TAR_OVERHEAD = UPLOAD_CAPS.entries * 1024 + 64 * 1024;

/** Unpacks `data` (a whole .tar.gz) into memory within the upload caps; rejects with an {@link ArchiveRefusal}. */
export async function readTarGz(data: Uint8Array): Promise<UnpackedArchive> {
  const entries = new EntryCollector();
  let unzipped = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      unzipped += chunk.length;
      if (unzipped > UPLOAD_CAPS.unpackedBytes + TAR_OVERHEAD) {
        done(
          new ArchiveRefusal(
            `the archive unpacks to more than ${UPLOAD_CAPS.unpackedBytes / (1024 * 1024)} MiB`,
          ),
        );
        return;
      }
      done(null, chunk);
    },
  });
  const tar = extract();
  tar.on('entry', (header, stream, next) => {
    // A refused entry's stream is destroyed with the refusal too, which the pipeline reports once.
    stream.on('error', () => {});
    void readEntry(header, stream, entries).then(
      () => next(),
      (e: unknown) => {
        stream.resume();
        next(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
  try {
    await pipeline(
      Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]),
      createGunzip(),
      count,
      tar as unknown as Writable,
    );
  } catch (e) {
    if (e instanceof ArchiveRefusal) throw e;
    const message = (e as Error).message;
    throw new ArchiveRefusal(
      /header|check|magic|stream|unexpected end|incorrect/i.test(message)
        ? `the file is not a valid .tar.gz archive (${message})`
        : `the archive cannot be read: ${message}`,
    );
  }
  return entries.done();
}

async function readEntry(
  header: Headers,
  stream: AsyncIterable<unknown> & { resume(): unknown },
  entries: EntryCollector,
): Promise<void> {
  entries.entry();
  const shown = JSON.stringify(header.name);
  const type = header.type ?? 'file';
  if (type === 'symlink' || type === 'link') {
    throw new ArchiveRefusal(
      `the entry ${shown} is a ${type === 'link' ? 'hard' : 'symbolic'} link; links are not accepted`,
    );
  }
  if (type === 'directory') {
    const path = entryPath(header.name);
    if (path !== null) entries.folder(path);
    stream.resume();
    return;
  }
  if (type !== 'file' && type !== 'contiguous-file') {
    throw new ArchiveRefusal(`the entry ${shown} is a device or other special file (${type})`);
  }
  const path = entryPath(header.name);
  if (path === null) throw new ArchiveRefusal(`the entry ${shown} has no name`);
  // The header's size is checked before a byte is read; the bytes are counted as they come too.
  if ((header.size ?? 0) > UPLOAD_CAPS.unpackedBytes) entries.bytes(header.size ?? 0);
  const chunks: Buffer[] = [];
  for await (const piece of stream) {
    const chunk = piece as Buffer;
    entries.bytes(chunk.length);
    chunks.push(chunk);
  }
  entries.file(path, Buffer.concat(chunks), ((header.mode ?? 0) & 0o111) !== 0);
}
