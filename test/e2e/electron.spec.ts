import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test } from '@playwright/test';
import { screenshot } from './helpers.ts';

// A smoke test of the desktop app itself (main, preload, the engine's utility process), where an Electron
// binary is installed. On machines installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1 (CI here) it is skipped:
// there the shell is covered by unit tests with Electron mocked. Run `npm run build` first.
const repo = fileURLToPath(new URL('../..', import.meta.url));
const pathFile = join(repo, 'node_modules/electron/path.txt');
const binary = existsSync(pathFile)
  ? join(repo, 'node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim())
  : null;

test.skip(
  binary === null || !existsSync(binary),
  'no Electron binary installed (ELECTRON_SKIP_BINARY_DOWNLOAD)',
);

test('the desktop app starts, talks to its engine and lists the sample bots', async () => {
  // Its own data folder, so the user's tournaments are never touched.
  const data = mkdtempSync(join(tmpdir(), 'jury-electron-'));
  const app = await electron.launch({
    executablePath: binary as string,
    args: [repo, '--no-sandbox'],
    env: { ...process.env, XDG_DATA_HOME: data, HOME: data, APPDATA: data },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByTestId('app-version')).toBeVisible();
    const games = await page.evaluate(() =>
      (window as unknown as { jury?: { gamesList(): Promise<{ id: string }[]> } }).jury?.gamesList(),
    );
    expect(games?.map((g) => g.id)).toEqual(['less', 'more', '6561', 'flit']);
    await page.getByTestId('demo-decline').click();
    await page.getByTestId('nav-bots').click();
    await page.getByTestId('add-samples').click();
    await expect(page.locator('[data-testid^="bot-row-"]')).toHaveCount(8);
    await screenshot(page, 'electron-bots');
  } finally {
    await app.close();
  }
});
