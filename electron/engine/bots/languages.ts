import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { LanguageId } from './definition.ts';

/** One step of a build: a program (looked up in PATH) and its arguments. */
export interface BuildStep {
  readonly tool: string;
  readonly args: readonly string[];
}

/** How to run a built (or interpreted) bot: a program (a path, or a name looked up in PATH). */
export interface RunStep {
  readonly executable: string;
  readonly args: readonly string[];
}

/**
 * A language preset: how to build one source file with CodeCup-style flags and how to run the result.
 * Every program a preset needs is listed in `tools`, so a missing one is named before anything runs.
 */
export interface LanguagePreset {
  readonly id: LanguageId;
  /** For people: "C++", "Python 3". */
  readonly label: string;
  /** Programs that must be installed, build and run alike (for example ["javac", "java"]). */
  readonly tools: readonly string[];
  /** The build steps for `source` (an absolute path) into `outDir`; empty for interpreted languages. */
  build(source: string, outDir: string): readonly BuildStep[];
  /** How to run the bot once built. */
  run(source: string, outDir: string): RunStep;
}

/** The file name of a native program built from `source` (its name without the extension). */
function programName(source: string): string {
  return basename(source, extname(source)) || 'bot';
}

function native(
  id: LanguageId,
  label: string,
  tool: string,
  args: (source: string, out: string, outDir: string) => readonly string[],
): LanguagePreset {
  return {
    id,
    label,
    tools: [tool],
    build: (source, outDir) => [{ tool, args: args(source, join(outDir, programName(source)), outDir) }],
    run: (source, outDir) => ({ executable: join(outDir, programName(source)), args: [] }),
  };
}

/** The Java class to run: the file's name, inside the package the file declares (if any). */
export function javaMainClass(source: string): string {
  const name = basename(source, '.java');
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch {
    return name;
  }
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  return pkg ? `${pkg}.${name}` : name;
}

/**
 * The presets, with the flags of the CodeCup judge where it states them. Node is run as `node`, found in
 * PATH like every other tool (the Electron binary that runs Jury is not a Node a bot can use).
 */
export const LANGUAGES: Readonly<Record<LanguageId, LanguagePreset>> = {
  c: native('c', 'C', 'gcc', (src, out) => ['-O2', '-std=c11', '-o', out, src, '-lm']),
  cpp: native('cpp', 'C++', 'g++', (src, out) => ['-O2', '-std=c++17', '-o', out, src]),
  pascal: native('pascal', 'Pascal', 'fpc', (src, out, dir) => ['-O2', `-FU${dir}`, `-o${out}`, src]),
  rust: native('rust', 'Rust', 'rustc', (src, out) => ['-O', '--edition', '2021', '-o', out, src]),
  go: native('go', 'Go', 'go', (src, out) => ['build', '-o', out, src]),
  java: {
    id: 'java',
    label: 'Java',
    tools: ['javac', 'java'],
    build: (source, outDir) => [{ tool: 'javac', args: ['-encoding', 'UTF-8', '-d', outDir, source] }],
    run: (source, outDir) => ({ executable: 'java', args: ['-cp', outDir, javaMainClass(source)] }),
  },
  python: {
    id: 'python',
    label: 'Python 3',
    tools: ['python3'],
    build: () => [],
    run: (source) => ({ executable: 'python3', args: [source] }),
  },
  javascript: {
    id: 'javascript',
    label: 'JavaScript (Node)',
    tools: ['node'],
    build: () => [],
    run: (source) => ({ executable: 'node', args: [source] }),
  },
};

const EXTENSIONS: Readonly<Record<string, LanguageId>> = {
  '.c': 'c',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.java': 'java',
  '.py': 'python',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.pas': 'pascal',
  '.pp': 'pascal',
  '.rs': 'rust',
  '.go': 'go',
};

/** The language preset for a source file, by its extension (`bot.cpp` → `cpp`), or null when none fits. */
export function languageOfFile(path: string): LanguageId | null {
  return EXTENSIONS[extname(path).toLowerCase()] ?? null;
}
