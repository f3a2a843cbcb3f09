import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { LANGUAGE_INFO, languageOfExtension, type LanguageId } from '../../../shared/bots/languages.ts';

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
 * How to build one source file of a language with CodeCup-style flags and how to run the result. Every
 * program it needs is listed in `tools`, so a missing one is named before anything runs.
 */
interface Recipe {
  /** Programs that must be installed, build and run alike (for example ["javac", "java"]). */
  readonly tools: readonly string[];
  /** The build steps for `source` (an absolute path) into `outDir`; empty for interpreted languages. */
  build(source: string, outDir: string): readonly BuildStep[];
  /** How to run the bot once built. */
  run(source: string, outDir: string): RunStep;
}

/** A language preset: the shared id and name (shared/bots/languages.ts) and the engine's recipe. */
export interface LanguagePreset extends Recipe {
  readonly id: LanguageId;
  /** For people: "C++", "Python 3". */
  readonly label: string;
}

/** The file name of a native program built from `source` (its name without the extension). */
function programName(source: string): string {
  return basename(source, extname(source)) || 'bot';
}

function native(
  tool: string,
  args: (source: string, out: string, outDir: string) => readonly string[],
): Recipe {
  return {
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

// The flags of the CodeCup judge where it states them. Node is run as `node`, found in PATH like every
// other tool (the Electron binary that runs Jury is not a Node a bot can use). Keyed by the shared ids, so
// a language added to shared/bots/languages.ts without a recipe here fails to compile; the quoted `java`
// and `go` below are programs (the JVM, the Go toolchain), not language ids.
const RECIPES: Readonly<Record<LanguageId, Recipe>> = {
  c: native('gcc', (src, out) => ['-O2', '-std=c11', '-o', out, src, '-lm']),
  cpp: native('g++', (src, out) => ['-O2', '-std=c++17', '-o', out, src]),
  pascal: native('fpc', (src, out, dir) => ['-O2', `-FU${dir}`, `-o${out}`, src]),
  rust: native('rustc', (src, out) => ['-O', '--edition', '2021', '-o', out, src]),
  go: native('go', (src, out) => ['build', '-o', out, src]),
  java: {
    tools: ['javac', 'java'],
    build: (source, outDir) => [{ tool: 'javac', args: ['-encoding', 'UTF-8', '-d', outDir, source] }],
    run: (source, outDir) => ({ executable: 'java', args: ['-cp', outDir, javaMainClass(source)] }),
  },
  python: {
    tools: ['python3'],
    build: () => [],
    run: (source) => ({ executable: 'python3', args: [source] }),
  },
  javascript: {
    tools: ['node'],
    build: () => [],
    run: (source) => ({ executable: 'node', args: [source] }),
  },
};

/** The presets: every language's shared id and name with the engine's recipe for it. */
export const LANGUAGES: Readonly<Record<LanguageId, LanguagePreset>> = Object.fromEntries(
  (Object.keys(RECIPES) as LanguageId[]).map((id) => [
    id,
    { id, label: LANGUAGE_INFO[id].name, ...RECIPES[id] },
  ]),
) as Record<LanguageId, LanguagePreset>;

/** The language preset for a source file, by its extension (`bot.cpp` → `cpp`), or null when none fits. */
export function languageOfFile(path: string): LanguageId | null {
  return languageOfExtension(extname(path));
}
