import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The renderer is a plain Vite + Vue app, built into out/renderer/ and loaded by the Electron window
// (and, from the UI issue on, served to browsers by `jury serve`).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [vue()],
  build: { outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)), emptyOutDir: true },
});
