import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers.ts';

// The boards speak the user's language: with the interface in Dutch, a 6561 game's board in the game
// viewer shows its label, status line and legend in Dutch. Runs alone on a fresh server or after
// event.spec.ts on the same one (it adds the samples again, which is harmless, and names its event apart).
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await page.goto('/');
  // On a fresh server the first start offers the demo; this spec does not need it.
  const decline = page.getByTestId('demo-decline');
  if (await decline.isVisible().catch(() => false)) await decline.click();
});
test.afterAll(async () => {
  // Back to English, for any spec that runs after this one on the same server.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-language').selectOption('en');
  await page.close();
});

test('switches the interface to Dutch', async () => {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-language').selectOption('nl');
  await expect(page.getByTestId('settings-state')).toContainText('Bewaard');
});

test('plays a 6561 game and shows its board in Dutch in the game viewer', async () => {
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('add-samples').click();
  const random = page.locator('[data-testid^="bot-option-6561 random"]');
  const greedy = page.locator('[data-testid^="bot-option-6561 greedy"]');

  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-6561').click();
  await page.getByTestId('tournament-name').fill('E2E Nederlands');
  await page.getByTestId('format-select').selectOption('round-robin');
  await random.check();
  await greedy.check();
  await page.getByTestId('timing-mode').selectOption('cpu');
  await expect(page.getByTestId('draft-ok')).toBeVisible();
  await page.getByTestId('create-tournament').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'done', {
    timeout: 90_000,
  });

  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-row').first().click();
  const board = page.locator('figure.board-frame');
  // The opening position of 6561 is always the same: A places a blue 1 on the empty board.
  await expect(board.getByTestId('board-status')).toHaveText('A moet een blauwe 1 plaatsen, zet 1 van 1000');
  await expect(board.locator('svg[aria-label]')).toHaveAttribute('aria-label', '6561-bord, zet 0');
  await expect(board.locator('.sums')).toHaveText('Som 0 · beste 0');
  await expect(board.locator('.board-legend .detail').first()).toHaveText('0 zetten');

  await page.getByTestId('replay-last').click();
  await expect(board.getByTestId('board-status')).toHaveText(/^Partij afgelopen: /);
  await expect(board.locator('.board-legend .detail').first()).toHaveText(/^\d+ zet(ten)?$/);
  await screenshot(page, 'nl-game-viewer-board');
});
