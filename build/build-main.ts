// Bundles the Node side of the desktop app with Vite's library build: the Electron main process (ESM,
// out/main/index.js), the engine host that main forks as a utility process (ESM, out/main/host.js) and
// the preload script (CommonJS, out/preload/index.cjs: a sandboxed preload cannot be an ES module).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds one Node-side entry into a folder of out/ (two entries share out/main/, so nothing is emptied). */
async function bundle(
  input: string,
  outDir: string,
  format: 'es' | 'cjs',
  entryFileNames: string,
): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      target: 'node22',
      rollupOptions: { input, external: ['electron', /^node:/], output: { format, entryFileNames } },
    },
  });
}

for (const dir of ['out/main', 'out/preload'])
  rmSync(new URL(`../${dir}`, import.meta.url), { recursive: true, force: true });
await bundle('electron/main.ts', 'out/main', 'es', 'index.js');
await bundle('electron/app/host.ts', 'out/main', 'es', 'host.js');
// The worker threads (electron/engine/thread-file.ts): jury serve's, started by the engine when the app
// serves an event, and the game thread that plays the engine's games.
await bundle('electron/serve/server-thread.ts', 'out/main', 'es', 'server-thread.js');
await bundle('electron/serve/reader-thread.ts', 'out/main', 'es', 'reader-thread.js');
await bundle('electron/engine/tournament/game-thread-script.ts', 'out/main', 'es', 'game-thread.js');
await bundle('electron/preload.ts', 'out/preload', 'cjs', 'index.cjs');
