import { Inflate } from 'fflate';
import { ArchiveRefusal, EntryCollector, entryPath, type UnpackedArchive } from './archive-entries.ts';

/**
 * Reads a .zip upload from its central directory (which, unlike the local headers a streaming reader
 * sees, holds each entry's Unix mode: symlinks and device files are refused by it). Deflated data is
 * inflated in small steps with fflate, counting: a bomb stops at the unpacked cap, never unpacked first.
 * Stored and deflated entries only; no ZIP64, no encryption, no archive split over disks.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes handed to the inflater at a time: at most ~1032 times this comes out per step. */
const STEP = 16 * 1024;
const UNIX = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/** Unpacks `data` (a whole .zip) into memory within the upload caps; throws an {@link ArchiveRefusal}. */
export function readZip(data: Uint8Array): UnpackedArchive {
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
    const bytes = entryData(view, data, local, packed, method, shown, entries);
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

function entryData(
  view: DataView,
  data: Uint8Array,
  local: number,
  packed: number,
  method: number,
  shown: string,
  entries: EntryCollector,
): Uint8Array {
  if (local + 30 > view.byteLength || view.getUint32(local, true) !== LOCAL) {
    throw new ArchiveRefusal(`the entry ${shown} is damaged: its header is missing`);
  }
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + packed > view.byteLength) throw new ArchiveRefusal(`the entry ${shown} is cut off`);
  const input = data.subarray(start, start + packed);
  if (method === 0) {
    entries.bytes(input.length);
    return input.slice();
  }
  if (method !== 8)
    throw new ArchiveRefusal(
      `the entry ${shown} uses compression method ${method}; only deflate is accepted`,
    );
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    // Counted as it comes out: the cap stops a bomb after at most one step's output.
    entries.bytes(chunk.length);
    chunks.push(chunk);
    total += chunk.length;
  });
  try {
    for (let i = 0; i < input.length || i === 0; i += STEP) {
      inflate.push(input.subarray(i, i + STEP), i + STEP >= input.length);
    }
  } catch (e) {
    if (e instanceof ArchiveRefusal) throw e;
    throw new ArchiveRefusal(`the entry ${shown} is damaged: ${(e as Error).message}`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
