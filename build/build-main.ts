// Bundles the Electron main process (ESM, out/main/index.js) and the preload script (CommonJS,
// out/preload/index.cjs: a sandboxed preload cannot be an ES module) with Vite's library build.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds one Node-side entry into its own folder of out/. */
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
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { input, external: ['electron', /^node:/], output: { format, entryFileNames } },
    },
  });
}

await bundle('electron/main.ts', 'out/main', 'es', 'index.js');
await bundle('electron/preload.ts', 'out/preload', 'cjs', 'index.cjs');
