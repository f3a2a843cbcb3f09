import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `jury serve` on 127.0.0.1:`port` with its workspace and tournament store under `root` (created
 * by the server when missing). The caller empties `root` first when it wants a first start, waits for
 * the banner before opening a page, and kills the process when done.
 */
export function juryServe(root: string, port: number, stdio: StdioOptions): ChildProcess {
  return spawn(
    process.execPath,
    [
      join(repo, 'electron/cli/jury.mjs'),
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--workspace',
      join(root, 'workspace'),
      '--store',
      join(root, 'tournaments'),
    ],
    { stdio },
  );
}
