import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Unit and integration tests only. Playwright specs live in test/e2e/*.spec.ts and are never collected here.
export default defineConfig({
  // Component tests mount .vue files.
  plugins: [vue()],
  test: {
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.ts',
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test/e2e/**'],
    testTimeout: 30_000,
  },
});
