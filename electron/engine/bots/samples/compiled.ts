import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The sample script as plain JavaScript, so a sample bot starts in 152 ms instead of 349 ms here (bare
 * Node: 82 ms; `npm run bench -- --section cli`). Node strips a `.ts` file's types itself, but only after
 * loading its stripper (~90 ms) in every process, and a bot's own uid and scratch folder keep Node's
 * compile cache from helping. A game with two sample bots
 * spent more time starting them than playing (6561: 56 ms of play in a 1.9 s `jury play`).
 *
 * The script and every file it imports (found by following relative `.ts` imports: the registry, the
 * games, the random numbers) are stripped with Node's own `stripTypeScriptTypes` into
 * `<tmp>/jury-sample-bots-<uid>/<hash>/`, mirroring the source tree, each import pointed at its `.mjs`.
 * `<hash>` covers every source and the Node version, so a changed strategy makes a new folder; the folder
 * is made whole in a temporary one and renamed, so concurrent Jury processes never see half of it. The
 * sample's version (`identity`, the hash in records) stays that of the TypeScript sources.
 */

/** A compiled script: its `.mjs` and the folder holding the compiled tree (the bot's readable path). */
export interface CompiledSample {
  readonly file: string;
  readonly root: string;
}

const made = new Map<string, CompiledSample | null>();

/**
 * The compiled form of the sample script `script` (made on first use in this process), or null when it
 * cannot be made: no stripper in this runtime (an older Electron), a source missing, or a cache folder
 * that is not safely this user's own. The caller then runs the TypeScript script itself.
 */
export function compiledSampleScript(script: string): CompiledSample | null {
  if (process.env['JURY_SAMPLES_FROM_SOURCE'] === '1') return null;
  const key = `${tmpdir()}\0${script}`;
  const known = made.get(key);
  // A system's tmp cleaning may remove the tree while Jury runs for days (the app, `jury serve`): made
  // again then, rather than starting bots from a file that is gone.
  if (known === undefined || (known !== null && !existsSync(known.file))) made.set(key, compile(script));
  return made.get(key) ?? null;
}

// Relative imports and re-exports of .ts files: `from './x.ts'`, `import './x.ts'`, `import('./x.ts')`.
const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]+?)\.ts\2/g;

function compile(script: string): CompiledSample | null {
  const strip = (nodeModule as { stripTypeScriptTypes?: (code: string) => string }).stripTypeScriptTypes;
  if (strip === undefined) return null;
  const top = resolve(dirname(script), '../../../..');
  const sources = closure(script);
  if (sources === null) return null;
  const hash = createHash('sha256').update(process.version);
  for (const [path, code] of sources) hash.update(`${relative(top, path)}\0${code}\0`);
  const base = ownFolder(join(tmpdir(), `jury-sample-bots-${process.getuid?.() ?? 'user'}`));
  if (base === null) return null;
  const root = join(base, hash.digest('hex').slice(0, 24));
  const file = join(root, mjs(relative(top, script)));
  if (existsSync(file)) return { file, root };
  const building = mkdtempSync(join(base, 'new-'));
  const folders = new Set<string>([building]);
  try {
    for (const [path, code] of sources) {
      const out = join(building, mjs(relative(top, path)));
      mkdirSync(dirname(out), { recursive: true, mode: 0o755 });
      for (let dir = dirname(out); dir.startsWith(`${building}/`); dir = dirname(dir)) folders.add(dir);
      const js = quietly(() => strip(code)).replace(
        IMPORT,
        (_, lead, quote, spec) => `${lead}${quote}${spec}.mjs${quote}`,
      );
      writeFileSync(out, js, { mode: 0o444 });
    }
    // Read-only for everyone (a bot under another uid must read it; nothing should write it again), and
    // mkdtemp made the top 0700. Deepest first, so each folder is still writable while its own are done.
    for (const dir of [...folders].sort((a, b) => b.length - a.length)) chmodSync(dir, 0o555);
    renameSync(building, root);
  } catch {
    // Another process made the same tree first (or a write failed): this one is thrown away.
    try {
      for (const dir of folders) if (existsSync(dir)) chmodSync(dir, 0o755);
      rmSync(building, { recursive: true, force: true });
    } catch {
      // Left in the cache folder: a later run uses the finished tree all the same.
    }
  }
  return existsSync(file) ? { file, root } : null;
}

/** Every source the script imports, itself first, with its text; null when one cannot be read. */
function closure(script: string): Map<string, string> | null {
  const found = new Map<string, string>();
  const queue = [resolve(script)];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (found.has(path)) continue;
    let code: string;
    try {
      code = readFileSync(path, 'utf8');
    } catch {
      return null;
    }
    found.set(path, code);
    for (const m of code.matchAll(IMPORT)) queue.push(resolve(dirname(path), `${m[3]}.ts`));
  }
  return found;
}

/** `folder`, made if need be, when it is a folder of this user's that nobody else may write; else null. */
function ownFolder(folder: string): string | null {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    const stat = lstatSync(folder);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0)
      return null;
    return folder;
  } catch {
    return null;
  }
}

function mjs(path: string): string {
  return path.replace(/\.ts$/, '.mjs');
}

/** Runs `f` without Node's one-time "stripTypeScriptTypes is an experimental feature" warning on stderr. */
function quietly<T>(f: () => T): T {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('stripTypeScriptTypes')) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return f();
  } finally {
    process.emitWarning = emit;
  }
}
