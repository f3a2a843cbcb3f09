import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openApp, screenshot } from './helpers.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

// The organiser's first hour (issue 16) through jury serve: the favicon is there, a bot that needs an
// interpreter and arguments is added from the form field by field, its smoke test ties it to its game,
// and a 4-player Less event is made from the two Less sample bots with copies. Runs alone on a fresh
// server or after the other specs (it adds the samples again, which is harmless, and names its bot apart).
test.describe.configure({ mode: 'serial' });

let page: Page;
const BOT = 'e2e-interpreted';

test.beforeAll(async ({ browser }) => {
  page = await openApp(browser);
});
test.afterAll(async () => {
  await page.close();
});

test('jury serve answers /favicon.ico with the app icon', async () => {
  const answer = await page.request.get('/favicon.ico');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/x-icon');
  expect([...(await answer.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test('adds a bot run by an interpreter, with arguments, working folder and environment, field by field', async () => {
  await page.getByTestId('nav-bots').click();
  const path = page.getByTestId('bot-path');
  // A command line typed as the program is split into program and arguments.
  await path.fill('python3 missing.py --fast');
  await path.blur();
  await expect(path).toHaveValue('python3');
  await expect(page.getByTestId('bot-args')).toHaveValue('missing.py --fast');
  // A relative script is not looked for in the app's own folder: the form asks where it is.
  await expect(page.getByTestId('add-issues-args')).toContainText(
    "give the script's full path (python3 /path/missing.py), or a working folder",
  );
  await page.getByTestId('bot-more').click();
  await page.getByTestId('bot-env').fill('not a variable');
  await expect(page.getByTestId('add-issues-env')).toHaveText(/^Line 1: write NAME=value/);
  await page.getByTestId('bot-cwd').fill('relative/folder');
  await expect(page.getByTestId('add-issues-cwd')).toHaveText('give the working folder as a full path');
  await screenshot(page, 'organiser-add-bot-issues');

  // node (found on the PATH) runs Jury's Less sample script from the repository, with a variable set.
  await path.fill('node');
  await page.getByTestId('bot-args').fill('electron/engine/bots/samples/sample-bot.ts less-random');
  await page.getByTestId('bot-cwd').fill(REPO);
  await page.getByTestId('bot-env').fill('LEVEL=3');
  await page.getByTestId('bot-name').fill(BOT);
  await expect(page.locator('[data-testid^="add-issues-"]')).toHaveCount(0);
  await page.getByTestId('bot-add').click();
  await expect(page.locator(`[data-bot-name="${BOT}"]`)).toBeVisible();
  // The list shows the command with its arguments (issue 29), the program's folders folded.
  await expect(page.locator(`[data-bot-name="${BOT}"] .path`)).toHaveText(
    /^…\/node electron\/engine\/bots\/samples\/sample-bot\./,
  );
});

test('its smoke test ties it to Less, and only Less offers it', async () => {
  const row = page.locator(`[data-bot-name="${BOT}"]`);
  await expect(row.getByTestId('bot-game')).toHaveValue('');
  await row.getByTestId('smoke-open').click();
  await page.getByTestId('smoke-game').selectOption('less');
  await page.getByTestId('smoke-run').click();
  await expect(page.getByTestId('smoke-verdict')).toHaveClass(/pass/, { timeout: 90_000 });
  // The scores name Less's seats, and the bot's moves carry their numbers in the game.
  await expect(page.getByTestId('smoke-dialog').locator('.scores')).toContainText('Yellow');
  await expect(page.getByTestId('smoke-move').first()).toHaveText(/^move \d+$/);
  await screenshot(page, 'organiser-smoke-test');
  await page.getByTestId('smoke-close').click();
  await expect(row.getByTestId('bot-game')).toHaveValue('less');

  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-6561').click();
  await expect(page.getByTestId(`bot-option-${BOT}`)).toHaveCount(0);
  await page.getByTestId('game-less').click();
  await expect(page.getByTestId(`bot-option-${BOT}`)).toBeVisible();
  await expect(page.getByTestId(`bot-untied-${BOT}`)).toHaveCount(0);
});

test('makes a 4-player Less event from the two Less sample bots with copies', async () => {
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('add-samples').click();
  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-less').click();
  await page.getByTestId('tournament-name').fill('E2E copies');
  await page.getByTestId('format-select').selectOption('groups');
  await page.getByTestId('permutations').selectOption('rotations');
  await page.getByTestId('bot-option-Less random').check();
  await page.getByTestId('bot-option-Less greedy').check();
  await expect(page.getByTestId('issue-link').first()).toContainText('Bots:');
  await page.getByTestId('bot-more-Less random').click();
  await page.getByTestId('bot-more-Less greedy').click();
  await expect(page.getByTestId('bot-copies-Less random')).toHaveText('× 2');
  await expect(page.getByTestId('bots-count')).toHaveText('4 chosen, at least 4 needed');
  await page.getByTestId('timing-mode').selectOption('cpu');
  await expect(page.getByTestId('draft-ok')).toBeVisible();
  await screenshot(page, 'organiser-copies');
  await page.getByTestId('create-tournament').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
  const board = page.getByTestId('live-board').first();
  await expect(board).toBeVisible({ timeout: 30_000 });
  await expect(board).toContainText('Less random 2');
  await expect(board).toContainText('Less greedy 2');
  await screenshot(page, 'organiser-copies-live');
  await page.getByTestId('abort').click();
  await page.getByTestId('abort-confirm').click();
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'aborted');
});
