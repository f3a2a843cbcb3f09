import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Unit and integration tests only. Playwright specs live in test/e2e/*.spec.ts and are never collected here.
export default defineConfig({
  // Component tests mount .vue files.
  plugins: [vue()],
  test: {
    exclude: ['**/node_modules/**', 'test/e2e/**'],
    testTimeout: 30_000,
    // Layers a developer can run alone (`vitest run --project shared`); `npm run test:fast` runs the
    // two that start no process: pure shared/ code and the renderer's components and logic.
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/**/*.test.ts', 'test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'renderer', include: ['renderer/**/*.test.ts'] } },
      { extends: true, test: { name: 'engine', include: ['electron/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts'] } },
    ],
  },
});
