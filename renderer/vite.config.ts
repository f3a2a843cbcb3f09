import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The renderer is a plain Vite + Vue app, built into out/renderer/ and loaded by the Electron window
// (and served to browsers by `jury serve`). Two pages: the app (index.html) and the contestant page of
// an event (contestant.html, its own small app on the event's HTTP routes, docs/event-day.md).
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [vue()],
  build: {
    outDir: here('../out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: { index: here('index.html'), contestant: here('contestant.html') } },
  },
});
