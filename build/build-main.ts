// Bundles the Electron main process (ESM, out/main/index.js) and the preload script (CommonJS,
// out/preload/index.cjs: a sandboxed preload cannot be an ES module) with Vite's library build.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const external = ['electron', /^node:/];

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'out/main',
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: {
      input: 'electron/main.ts',
      external,
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
});
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'out/preload',
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: {
      input: 'electron/preload.ts',
      external,
      output: { format: 'cjs', entryFileNames: 'index.cjs' },
    },
  },
});
