#!/usr/bin/env -S node --max-semi-space-size=2
// The `jury` command: what `npx jury` and the installed command run. The first line starts Node with the
// engine's V8 flags (electron/app/node-flags.ts: a young generation capped, for short collection pauses
// and for memory). Plain JavaScript that any Node can read, so that an older Node gets a sentence and not
// a stack trace: Jury needs Node 24 (node:sqlite, TypeScript sources). Under an older one the command is
// run again with the Node 24 that build/run.sh keeps in ~/.cache/jury/node-24 (JURY_NODE_CACHE), or,
// when there is none, one line says what to do (exit code 2).
// Then Node's compile cache goes on before anything else is loaded: it keeps each source's compiled code
// and stripped types between runs (in the system's temporary folder, or NODE_COMPILE_CACHE;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off). Each command loads only its own code (cli-main.ts,
// program.ts): `jury --version` loads 15 modules and takes 133 ms beside 89 ms for bare Node, `jury
// standings` of a small store 251 modules and 368 ms (`npm run bench -- --section cli`).
// Threads Jury starts read the same cache (the variable is set for them).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { constants as osConstants, homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NEEDED = 24;

if (Number(process.versions.node.split('.')[0]) < NEEDED) {
  const cache = process.env['JURY_NODE_CACHE'] || join(homedir(), '.cache', 'jury', `node-${NEEDED}`);
  const node = join(cache, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  if (!existsSync(node)) {
    process.stderr.write(
      `jury: Jury needs Node ${NEEDED} or newer, and this is Node ${process.version}: run ` +
        `\`bash build/run.sh start\` once (it fetches Node ${NEEDED} into ${cache}, which jury then uses), ` +
        `or install Node ${NEEDED}\n`,
    );
    process.exit(2);
  }
  const child = spawn(node, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  // The terminal's Ctrl-C and hang-up reach both processes: the command stops as it would on its own
  // (a second Ctrl-C would abort a run's games, so it is not passed on); a TERM sent here is.
  process.on('SIGINT', () => {});
  process.on('SIGHUP', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) =>
    process.exit(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 1)),
  );
} else {
  const cache = nodeModule.enableCompileCache();
  if (cache.status === nodeModule.constants.compileCacheStatus.ENABLED && cache.directory) {
    process.env['NODE_COMPILE_CACHE'] ??= cache.directory;
  }
  await import('./cli-main.ts');
}
