import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, systemChromium } from './test/e2e/chromium.ts';
import { E2E_PORT } from './test/e2e/paths.ts';

// End-to-end tests: the real renderer, served by the real `jury serve` (engine, bots, SQLite), in Chromium.
// The system's Chromium when there is one (build/run.sh sets JURY_CHROMIUM), otherwise Playwright's own.
const chromium = systemChromium();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 1,
  forbidOnly: Boolean(process.env['CI']),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1280, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    acceptDownloads: true,
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'node test/e2e/serve-fresh.ts',
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
