/**
 * The languages a bot can be built (or run) from as a single source file: ids, the names people know
 * them by and the file extensions that pick them. This is the one list: the zod enums, the bot library's
 * language select and file detection, the desktop's file dialog and the engine's build presets
 * (electron/engine/bots/languages.ts, keyed by these ids) all derive from it, and no other source file
 * writes a language's id as a literal (test/unit/one-source.test.ts). Pure: no imports.
 */

/** Every language, in the order pickers offer them. */
export const LANGUAGE_IDS = ['c', 'cpp', 'java', 'python', 'javascript', 'pascal', 'rust', 'go'] as const;

/** One of {@link LANGUAGE_IDS}. */
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** What every side knows about a language (the engine adds how to build and run it). */
export interface LanguageInfo {
  /** The name people know it by, the same in English and Dutch: "C++", "Python 3". */
  readonly name: string;
  /** The source file extensions that pick it, lower case without the dot; no two languages share one. */
  readonly extensions: readonly string[];
}

/** Each language's name and extensions. */
export const LANGUAGE_INFO: Readonly<Record<LanguageId, LanguageInfo>> = {
  c: { name: 'C', extensions: ['c'] },
  cpp: { name: 'C++', extensions: ['cc', 'cpp', 'cxx'] },
  java: { name: 'Java', extensions: ['java'] },
  python: { name: 'Python 3', extensions: ['py'] },
  javascript: { name: 'JavaScript (Node)', extensions: ['js', 'mjs'] },
  pascal: { name: 'Pascal', extensions: ['pas', 'pp'] },
  rust: { name: 'Rust', extensions: ['rs'] },
  go: { name: 'Go', extensions: ['go'] },
};

/** Every source file extension (lower case, no dot), language by language. */
export const SOURCE_EXTENSIONS: readonly string[] = LANGUAGE_IDS.flatMap(
  (id) => LANGUAGE_INFO[id].extensions,
);

const BY_EXTENSION: ReadonlyMap<string, LanguageId> = new Map(
  LANGUAGE_IDS.flatMap((id) => LANGUAGE_INFO[id].extensions.map((ext) => [ext, id] as const)),
);

/**
 * The language a source file extension picks, in any case and with or without the leading dot
 * (`.CPP` → `cpp`), or null when none does (also for an empty extension).
 */
export function languageOfExtension(extension: string): LanguageId | null {
  const bare = extension.startsWith('.') ? extension.slice(1) : extension;
  return BY_EXTENSION.get(bare.toLowerCase()) ?? null;
}
