import { UPLOAD_CAPS, sizeText } from '../../../shared/event/caps.ts';

/**
 * What an archive unpacks to, checked entry by entry while it is read (zip.ts, tar.ts): plain files and
 * folders with relative paths inside the archive, nothing else. Every refusal is an {@link ArchiveRefusal}
 * with one line saying which entry and why.
 */

/** One file of an unpacked archive. */
export interface UnpackedFile {
  /** Relative, `/`-separated, without `.` or `..` segments. */
  readonly path: string;
  readonly bytes: Uint8Array;
  /** Its mode gave someone the right to run it (kept, so `./build.sh` runs). */
  readonly executable: boolean;
}

/** An unpacked archive: its files, and its folders (also empty ones). */
export interface UnpackedArchive {
  readonly files: readonly UnpackedFile[];
  readonly folders: readonly string[];
}

/** Why an archive was refused; the message is one line naming the entry. */
export class ArchiveRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefusal';
  }
}

/**
 * The path of an entry as written in an archive, checked: a relative path with no `..` segment, no
 * backslash, no control character; `./` and repeated slashes are dropped. Null for the archive's own
 * root (`./`). Throws an {@link ArchiveRefusal} for anything else.
 */
export function entryPath(raw: string): string | null {
  const shown = JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw))
    throw new ArchiveRefusal(`the entry ${shown} has a control character in its name`);
  if (raw.includes('\\')) throw new ArchiveRefusal(`the entry ${shown} has a backslash in its path; use /`);
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
    throw new ArchiveRefusal(`the entry ${shown} has an absolute path`);
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..'))
    throw new ArchiveRefusal(`the entry ${shown} leaves the archive's folder (a ../ path)`);
  if (parts.some((p) => p.length > UPLOAD_CAPS.nameChars))
    throw new ArchiveRefusal(`the entry ${shown} has a name over ${UPLOAD_CAPS.nameChars} characters`);
  return parts.length === 0 ? null : parts.join('/');
}

/**
 * Collects an archive's entries as they are read: counts entries and unpacked bytes against the caps
 * (so reading stops at the first byte over them), and refuses duplicate names and a name that is both a
 * file and a folder.
 */
export class EntryCollector {
  readonly #files = new Map<string, UnpackedFile>();
  readonly #folders = new Set<string>();
  #entries = 0;
  #bytes = 0;

  /** Counts one more entry; refused past the cap. */
  entry(): void {
    this.#entries += 1;
    if (this.#entries > UPLOAD_CAPS.entries) {
      throw new ArchiveRefusal(`the archive has more than ${UPLOAD_CAPS.entries} entries`);
    }
  }

  /** Counts `n` more unpacked bytes; refused past the cap (a decompression bomb stops here). */
  bytes(n: number): void {
    this.#bytes += n;
    if (this.#bytes > UPLOAD_CAPS.unpackedBytes) {
      throw new ArchiveRefusal(`the archive unpacks to more than ${sizeText(UPLOAD_CAPS.unpackedBytes)}`);
    }
  }

  /** Adds a folder (its path from {@link entryPath}). */
  folder(path: string): void {
    this.#taken(path);
    this.#folders.add(path);
  }

  /** Adds a file (its path from {@link entryPath}). */
  file(path: string, bytes: Uint8Array, executable: boolean): void {
    this.#taken(path);
    this.#files.set(path, { path, bytes, executable });
  }

  #taken(path: string): void {
    if (this.#files.has(path) || this.#folders.has(path)) {
      throw new ArchiveRefusal(`the archive holds ${JSON.stringify(path)} twice`);
    }
  }

  /** The archive, once every entry was read: refused when empty or when a file is also a folder. */
  done(): UnpackedArchive {
    if (this.#files.size === 0) throw new ArchiveRefusal('the archive holds no files');
    for (const path of [...this.#files.keys(), ...this.#folders]) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) {
        const above = parts.slice(0, i).join('/');
        if (this.#files.has(above)) {
          throw new ArchiveRefusal(
            `the archive holds ${JSON.stringify(above)} both as a file and as a folder`,
          );
        }
      }
    }
    return { files: [...this.#files.values()], folders: [...this.#folders] };
  }
}
