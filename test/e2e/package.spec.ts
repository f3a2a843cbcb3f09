import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, screenshot } from './helpers.ts';

// A CodeCup organiser's game package in the app: the Toy fixture package added by its path, its sample
// players added to the library, a small round robin of them created, run to the end, its standings and
// a game's protocol transcript.
test.describe.configure({ mode: 'serial' });

const TOY = resolve('test/fixtures/caia/toy');
let page: Page;

test.beforeAll(async ({ browser }) => {
  // On a fresh workspace (this spec alone) the demo is offered first: openApp declines it.
  page = await openApp(browser);
});
test.afterAll(async () => {
  await page.close();
});

test('adds the Toy package by path, and its sample players', async () => {
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('package-path').fill(TOY);
  await page.getByTestId('package-add').click();
  const toy = page.getByTestId('package-pkg-toy');
  await expect(toy).toContainText('Toy');
  await expect(toy).toContainText('2 players · 30 s per player');
  await page.getByTestId('package-samples-pkg-toy').click();
  await expect(page.locator('[data-bot-name="Toy player1"]')).toBeVisible();
  await expect(page.locator('[data-bot-name="Toy player2"]')).toBeVisible();
  await screenshot(page, 'package-01-bots');
});

test('refuses a folder that is not a game package, naming why', async () => {
  await page.getByTestId('package-path').fill(resolve('test/fixtures/caia'));
  await page.getByTestId('package-add').click();
  await expect(page.getByText(/is not a usable game package/)).toBeVisible();
});

test('creates a round robin of the Toy game and runs it to the end', async () => {
  await page.getByTestId('nav-new').click();
  await expect(page.getByTestId('game-pkg-toy')).toContainText('Game package (Caia referee)');
  await page.getByTestId('game-pkg-toy').click();
  await page.getByTestId('tournament-name').fill('E2E Toy');
  await page.getByTestId('format-select').selectOption('round-robin');
  for (const bot of ['Toy player1', 'Toy player2']) await page.getByTestId(`bot-option-${bot}`).check();
  await expect(page.getByTestId('draft-ok')).toBeVisible();
  await screenshot(page, 'package-02-new');
  await page.getByTestId('create-tournament').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
  await expect(page.getByTestId('progress-text')).toHaveText(/2\s*\/\s*2/, { timeout: 90_000 });
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'done');
});

test('shows the standings, a game’s protocol transcript and the referee’s log', async () => {
  await page.getByTestId('tab-standings').click();
  await expect(page.getByTestId('standings-row')).toHaveCount(2);
  await screenshot(page, 'package-03-standings');
  await page.getByTestId('tab-games').click();
  await expect(page.getByTestId('game-row')).toHaveCount(2);
  await page.getByTestId('game-row').first().click();
  const transcript = page.getByTestId('transcript-board');
  await expect(transcript).toBeVisible();
  await expect(transcript).toContainText('from referee');
  await expect(transcript).toContainText('M report');
  await screenshot(page, 'package-04-transcript');
  // The referee's own HTML log, in a frame that runs nothing.
  const frame = page.getByTestId('referee-log-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="referee-log-frame"]').locator('pre')).toContainText(
    'M report',
  );
  await frame.scrollIntoViewIfNeeded();
  await screenshot(page, 'package-05-referee-log');
});
