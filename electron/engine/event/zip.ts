import { createInflateRaw } from 'node:zlib';
import { ArchiveRefusal, EntryCollector, entryPath, type UnpackedArchive } from './archive-entries.ts';

/**
 * Reads a .zip upload from its central directory (which, unlike the local headers a streaming reader
 * sees, holds each entry's Unix mode: symlinks and device files are refused by it). Deflated data is
 * inflated by node:zlib on libuv's thread pool, 64 KiB of output at a time, counting: a bomb stops at the
 * unpacked cap, never unpacked first, and the inflating never holds up the thread that asked (the
 * judge's, in `jury serve --event`). Stored and deflated entries only; no ZIP64, no encryption, no
 * archive split over disks.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Inflated bytes per step: each is counted against the cap before the next is made. */
const STEP = 64 * 1024;
const UNIX = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/**
 * Unpacks `data` (a whole .zip) into memory within the upload caps; rejects with an {@link ArchiveRefusal}.
 * The files' bytes may share `data`'s memory (stored entries): keep it unchanged while they are used.
 */
export async function readZip(data: Uint8Array): Promise<UnpackedArchive> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) {
    throw new ArchiveRefusal('the zip archive is split over several disks');
  }
  if (count === 0xffff || size === 0xffffffff || at === 0xffffffff) {
    throw new ArchiveRefusal('ZIP64 archives are not accepted; make a plain .zip or a .tar.gz');
  }
  if (at + size > end) throw new ArchiveRefusal('the zip archive is damaged: its directory is cut off');
  const entries = new EntryCollector();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) {
      throw new ArchiveRefusal('the zip archive is damaged: a directory entry is missing');
    }
    entries.entry();
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const unpacked = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const mode = madeBy === UNIX ? view.getUint32(at + 38, true) >>> 16 : 0;
    const local = view.getUint32(at + 42, true);
    let raw: string;
    try {
      raw = decoder.decode(data.subarray(at + 46, at + 46 + nameLength));
    } catch {
      throw new ArchiveRefusal('the zip archive has an entry name that is not UTF-8');
    }
    at += 46 + nameLength + skip;
    const shown = JSON.stringify(raw);
    const type = mode & S_IFMT;
    if (type === S_IFLNK)
      throw new ArchiveRefusal(`the entry ${shown} is a symbolic link; links are not accepted`);
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
      throw new ArchiveRefusal(`the entry ${shown} is a device or other special file`);
    }
    const path = entryPath(raw);
    if (raw.endsWith('/') || type === S_IFDIR) {
      if (path !== null) entries.folder(path);
      continue;
    }
    if (path === null) throw new ArchiveRefusal(`the entry ${shown} has no name`);
    if (flags & 1) throw new ArchiveRefusal(`the entry ${shown} is encrypted`);
    if (packed === 0xffffffff || unpacked === 0xffffffff) {
      throw new ArchiveRefusal('ZIP64 archives are not accepted; make a plain .zip or a .tar.gz');
    }
    const bytes = await entryData(view, data, local, packed, method, shown, entries);
    if (bytes.length !== unpacked) {
      throw new ArchiveRefusal(`the entry ${shown} is damaged: it unpacks to another size than it says`);
    }
    entries.file(path, bytes, (mode & 0o111) !== 0);
  }
  return entries.done();
}

/** The end of central directory record's offset (it may be followed by a comment of up to 64 KiB). */
function findEnd(view: DataView): number {
  for (let at = view.byteLength - 22; at >= 0 && at >= view.byteLength - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new ArchiveRefusal('the file is not a zip archive (no zip directory at its end)');
}

async function entryData(
  view: DataView,
  data: Uint8Array,
  local: number,
  packed: number,
  method: number,
  shown: string,
  entries: EntryCollector,
): Promise<Uint8Array> {
  if (local + 30 > view.byteLength || view.getUint32(local, true) !== LOCAL) {
    throw new ArchiveRefusal(`the entry ${shown} is damaged: its header is missing`);
  }
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + packed > view.byteLength) throw new ArchiveRefusal(`the entry ${shown} is cut off`);
  const input = data.subarray(start, start + packed);
  if (method === 0) {
    entries.bytes(input.length);
    return input;
  }
  if (method !== 8)
    throw new ArchiveRefusal(
      `the entry ${shown} uses compression method ${method}; only deflate is accepted`,
    );
  return inflate(input, shown, entries);
}

/** Inflates one entry on the thread pool, counting every step's output against the caps. */
function inflate(input: Uint8Array, shown: string, entries: EntryCollector): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const stream = createInflateRaw({ chunkSize: STEP });
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    const fail = (e: Error): void => {
      if (over) return;
      over = true;
      stream.destroy();
      reject(e);
    };
    stream.on('data', (chunk: Buffer) => {
      if (over) return;
      try {
        // Counted as it comes out: the cap stops a bomb after at most one step's output.
        entries.bytes(chunk.length);
      } catch (e) {
        fail(e as Error);
        return;
      }
      chunks.push(chunk);
      total += chunk.length;
    });
    stream.once('error', (e) => fail(new ArchiveRefusal(`the entry ${shown} is damaged: ${e.message}`)));
    stream.once('end', () => {
      if (over) return;
      over = true;
      resolve(Buffer.concat(chunks, total));
    });
    stream.end(input);
  });
}
