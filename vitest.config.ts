import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

/**
 * Tests that measure time (a bot's clock, a stall, a start-up, a p99): they run one file at a time, after
 * everything else, so another file's processes never move their figures. Everything else runs two files
 * at once: these 2 cores mostly wait on bots and processes (misbehaving bots' tests give the samples
 * budgets a loaded machine keeps).
 */
const TIMED = [
  'test/integration/judge/whole-bot-timing.test.ts',
  'test/integration/judge/pondering.test.ts',
  'test/integration/judge/game-thread.test.ts',
  'test/integration/process/timing.test.ts',
  'test/integration/process/start-up.test.ts',
  'test/integration/serve-spectator.test.ts',
  'electron/engine/process/**/*.test.ts',
  'electron/engine/caia/host-timing.test.ts',
  'electron/engine/timing/**/*.test.ts',
];

// Unit and integration tests only. Playwright specs live in test/e2e/*.spec.ts and are never collected here.
export default defineConfig({
  // Component tests mount .vue files.
  plugins: [vue()],
  test: {
    exclude: ['**/node_modules/**', 'test/e2e/**'],
    testTimeout: 30_000,
    maxWorkers: 2,
    // Layers a developer can run alone (`vitest run --project shared`); `npm run test:fast` runs the
    // two that start no process: pure shared/ code and the renderer's components and logic.
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/**/*.test.ts', 'test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'renderer', include: ['renderer/**/*.test.ts'] } },
      { extends: true, test: { name: 'engine', include: ['electron/**/*.test.ts'], exclude: TIMED } },
      {
        extends: true,
        test: { name: 'integration', include: ['test/integration/**/*.test.ts'], exclude: TIMED },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
