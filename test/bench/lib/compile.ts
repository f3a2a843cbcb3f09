import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { findExecutable } from '../../../electron/engine/process/executables.ts';

/** A folder of programs compiled for one benchmark run; {@link Compiled.dispose} removes it. */
export interface Compiled {
  /** The executable built from each source, by the source's base name without ".c". */
  readonly programs: Readonly<Record<string, string>>;
  dispose(): void;
}

/**
 * Compiles C sources with `cc -O2` (or gcc) into a fresh temporary folder. Throws with the compiler's
 * output when one does not build, or when no C compiler is installed.
 */
export function compileC(sources: readonly string[]): Compiled {
  const cc = findExecutable('cc') ?? findExecutable('gcc');
  if (!cc) throw new Error('no C compiler (cc or gcc) on the PATH: the benchmark builds its bots in C');
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-'));
  chmodSync(dir, 0o755); // a root Jury runs its bots as another uid: they must be able to enter it
  const programs: Record<string, string> = {};
  try {
    for (const source of sources) {
      const name = basename(source, '.c');
      const out = join(dir, name);
      execFileSync(cc, ['-O2', '-o', out, source], { stdio: ['ignore', 'pipe', 'pipe'] });
      programs[name] = out;
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { stderr?: Buffer; message: string };
    throw new Error(`compiling the benchmark bots failed: ${err.stderr?.toString() || err.message}`, {
      cause: e,
    });
  }
  return { programs, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
