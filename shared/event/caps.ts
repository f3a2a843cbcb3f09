/**
 * What an upload may be (docs/event-day.md, "Caps"). A source file or an archive beyond these is refused
 * before anything is stored; an archive is unpacked counting, and stops at the first cap it meets (a
 * decompression bomb never lands on disk or in memory whole).
 */
export const UPLOAD_CAPS = {
  /** A single source file. */
  sourceBytes: 1024 * 1024,
  /** An archive as uploaded (.zip, .tar.gz, .tgz). */
  archiveBytes: 16 * 1024 * 1024,
  /** Everything an archive unpacks to, together. */
  unpackedBytes: 64 * 1024 * 1024,
  /** Files and folders in an archive. */
  entries: 2000,
  /** A file name, or one path inside an archive. */
  nameChars: 255,
  /** A build or run command. */
  commandChars: 1000,
} as const;

/** The archive kinds, by the uploaded file's name (in any case). */
export function archiveKindOf(fileName: string): 'zip' | 'tar.gz' | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar.gz';
  return null;
}

/** Says `bytes` for people: `1 MiB`, `16 MiB`, `300 bytes`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}
