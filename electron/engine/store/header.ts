import { closeSync, openSync, readSync } from 'node:fs';
/**
 * The first 100 bytes of an SQLite file (https://www.sqlite.org/fileformat.html, "The Database Header"),
 * read without SQLite: a file is judged before any connection could write to it.
 */

/** The 16 bytes every SQLite database file starts with. */
export const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** The length of the database header. */
export const HEADER_BYTES = 100;

/** What the header says about the file. */
export interface SqliteHeader {
  /** Bytes per page: a power of two from 512 to 65536. */
  readonly pageSize: number;
  /** Whether the file is in WAL mode (read and write versions 2). */
  readonly wal: boolean;
  /** The size in pages, or null when the header's size field is not valid (files of old SQLite versions). */
  readonly pages: number | null;
  /** PRAGMA user_version (the store's schema version), as last written to the main file. */
  readonly userVersion: number;
  /** PRAGMA application_id, as last written to the main file. */
  readonly applicationId: number;
}

/** The outcome of reading a header: the header, or what is wrong with it in words. */
export type HeaderResult =
  | { readonly ok: true; readonly header: SqliteHeader }
  | { readonly ok: false; readonly kind: 'not-sqlite' | 'damaged'; readonly problem: string };

/**
 * Reads the header from the first bytes of a file. `bytes` may be shorter than 100 (a short file): that is
 * `damaged` when they start like SQLite and `not-sqlite` otherwise. Pure: tests feed it made-up bytes.
 */
export function parseHeader(bytes: Uint8Array): HeaderResult {
  const magic = Buffer.from(SQLITE_MAGIC, 'latin1');
  const start = Buffer.from(bytes.subarray(0, magic.length));
  if (!start.equals(magic.subarray(0, start.length)) || start.length === 0) {
    return { ok: false, kind: 'not-sqlite', problem: 'it does not start with the SQLite header' };
  }
  if (bytes.length < HEADER_BYTES) {
    return {
      ok: false,
      kind: 'damaged',
      problem: `it has only ${bytes.length} bytes, less than SQLite's ${HEADER_BYTES}-byte header`,
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  const raw = view.getUint16(16);
  const pageSize = raw === 1 ? 65536 : raw;
  const damaged = (problem: string): HeaderResult => ({ ok: false, kind: 'damaged', problem });
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
    return damaged(`its header gives a page size of ${raw}, not a power of two from 512 to 65536`);
  }
  const write = view.getUint8(18);
  const read = view.getUint8(19);
  if (![1, 2].includes(write) || ![1, 2].includes(read)) {
    return damaged(`its header gives file format versions ${write}/${read}; SQLite writes 1 or 2`);
  }
  if (view.getUint8(21) !== 64 || view.getUint8(22) !== 32 || view.getUint8(23) !== 32) {
    return damaged("its header's payload fractions are not SQLite's fixed 64, 32, 32");
  }
  // The size field counts only when the header's change counter matches its version-valid-for number.
  const sizeValid = view.getUint32(24) === view.getUint32(92);
  const pages = view.getUint32(28);
  return {
    ok: true,
    header: {
      pageSize,
      wal: read === 2,
      pages: sizeValid && pages > 0 ? pages : null,
      userVersion: view.getInt32(60),
      applicationId: view.getUint32(68),
    },
  };
}

/**
 * The first bytes of the file at `path` (at most {@link HEADER_BYTES}, `size` its length), for
 * {@link parseHeader}. Throws what the file system throws; callers have already stat'ed the file.
 */
export function readHeaderBytes(path: string, size: number): Buffer {
  const bytes = Buffer.alloc(Math.min(size, HEADER_BYTES));
  const fd = openSync(path, 'r');
  try {
    readSync(fd, bytes, 0, bytes.length, 0);
  } finally {
    closeSync(fd);
  }
  return bytes;
}
