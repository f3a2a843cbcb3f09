// Starts `jury serve` for the end-to-end tests on a fresh, empty workspace, with a few extra bot programs
// beside it (Less needs four different bots and the library's samples give two per game).
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { juryServe } from './jury-serve.ts';
import { E2E_BOTS_DIR, E2E_PORT, E2E_ROOT } from './paths.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
rmSync(E2E_ROOT, { recursive: true, force: true });
mkdirSync(E2E_BOTS_DIR, { recursive: true });
for (const [name, sample] of [
  ['less-copy-a', 'less-random'],
  ['less-copy-b', 'less-greedy'],
] as const) {
  const script = join(E2E_BOTS_DIR, name);
  const file = join(repo, 'electron/engine/bots/samples/sample-bot.ts');
  writeFileSync(script, `#!/bin/sh\nexec '${process.execPath}' '${file}' ${sample} "$@"\n`);
  chmodSync(script, 0o755);
}

const child = juryServe(E2E_ROOT, E2E_PORT, 'inherit');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
