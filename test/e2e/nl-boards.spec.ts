import { expect, test, type Page } from '@playwright/test';
import { closeApp, openApp, play6561, screenshot, setLanguage } from './helpers.ts';

// The boards speak the user's language: with the interface in Dutch, a 6561 game's board in the game
// viewer shows its label, status line and legend in Dutch. Runs alone on a fresh server or after
// event.spec.ts on the same one (it adds the samples again, which is harmless, and names its event apart).
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openApp(browser);
});
test.afterAll(async () => {
  await closeApp(page);
});

test('switches the interface to Dutch', async () => {
  await setLanguage(page, 'nl');
  await expect(page.getByTestId('settings-state')).toContainText('Bewaard');
});

test('plays a 6561 game and shows its board in Dutch in the game viewer', async () => {
  await play6561(page, 'E2E Nederlands');
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
