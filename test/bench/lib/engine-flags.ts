import { spawnSync } from 'node:child_process';
import { ENGINE_NODE_FLAGS } from '../../../electron/app/node-flags.ts';

/**
 * Makes this process one started as the engine is (`jury`, the app's engine host): with
 * {@link ENGINE_NODE_FLAGS}. They must be given at launch (V8 sizes its heap as it starts), so a process
 * started without them runs this script again with them, waits for it and exits with its code; call it
 * first thing, before any work, and only from a script's entry point. The judge's figures depend on
 * them: its young generation's collections pause every game it referees.
 */
export function asTheEngineRuns(): void {
  const missing = ENGINE_NODE_FLAGS.filter((f) => !process.execArgv.includes(f));
  if (missing.length === 0) return;
  const [, script, ...args] = process.argv;
  const argv = [...ENGINE_NODE_FLAGS, ...process.execArgv, script ?? '', ...args];
  const child = spawnSync(process.execPath, argv, { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}
