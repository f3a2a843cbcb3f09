import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CSV_HEADER } from '../../electron/engine/export/csv.ts';
import { boardLabels, screenshot } from './helpers.ts';
import { E2E_BOTS_DIR } from './paths.ts';

// One organiser's evening, in order, on one page: the sample bots, a 6561 and a Less tournament watched
// live, standings and crosstable, a replayed game, a CSV export. Every screen is saved as a screenshot.
test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
});
test.afterAll(async () => {
  await page.close();
});

test('the first start offers the demo, which shows live boards within seconds', async () => {
  await page.goto('/');
  await expect(page.getByTestId('demo-offer')).toBeVisible();
  await screenshot(page, '01-first-start');
  await page.getByTestId('demo-run').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
  await expect(page.getByTestId('live-board').first()).toBeVisible({ timeout: 15_000 });
  await screenshot(page, '01-demo-live');
  // Stopped here so the rest of the evening has the machine to itself.
  await page.getByTestId('abort').click();
  await page.getByTestId('abort-confirm').click();
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'aborted');
  await page.getByTestId('nav-home').click();
  await expect(page.getByTestId('demo-offer')).toHaveCount(0);
});

test('adds the sample bots and two programs by path', async () => {
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('add-samples').click();
  await expect(page.locator('[data-testid^="bot-row-"]')).toHaveCount(8);
  for (const name of ['less-copy-a', 'less-copy-b']) {
    await page.getByTestId('bot-path').fill(join(E2E_BOTS_DIR, name));
    await page.getByTestId('bot-add').click();
    await expect(page.locator(`[data-bot-name="${name}"]`)).toBeVisible();
  }
  await expect(page.locator('[data-testid^="bot-row-"]')).toHaveCount(10);
  await screenshot(page, '02-bots');
});

/** Fills in the new-tournament form and creates (and starts) the tournament. */
async function createTournament(name: string, game: string, format: string, bots: string[]): Promise<void> {
  await page.getByTestId('nav-new').click();
  await page.getByTestId(`game-${game}`).click();
  await page.getByTestId('tournament-name').fill(name);
  await page.getByTestId('format-select').selectOption(format);
  // 4-player groups: the 4 rotations of the group, not all 24 seat orders, to keep the run short.
  if (format === 'groups') await page.getByTestId('permutations').selectOption('rotations');
  for (const bot of bots) await page.getByTestId(`bot-option-${bot}`).check();
  await page.getByTestId('timing-mode').selectOption('cpu');
  await expect(page.getByTestId('draft-ok')).toBeVisible();
  await screenshot(page, `03-new-${game}`);
  await page.getByTestId('create-tournament').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
}

test('creates and runs a 6561 round robin to the end', async () => {
  await createTournament('E2E 6561', '6561', 'round-robin', ['6561 random', '6561 greedy']);
  await expect(page.getByTestId('progress-text')).toHaveText(/2\s*\/\s*2/, { timeout: 90_000 });
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'done');
});

test('runs a Less tournament and its boards update live', async () => {
  await createTournament('E2E Less', 'less', 'groups', [
    'Less random',
    'Less greedy',
    'less-copy-a',
    'less-copy-b',
  ]);
  await expect(page.getByTestId('live-board').first()).toBeVisible();
  const first = await boardLabels(page);
  await screenshot(page, '04-live-less');
  // The ply in a board's label moves on while the game is played.
  await expect
    .poll(async () => (await boardLabels(page)).join('|'), { timeout: 30_000 })
    .not.toBe(first.join('|'));
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'done', {
    timeout: 150_000,
  });
});

test('shows the standings with a crosstable for the 2-player event', async () => {
  await page.getByTestId('nav-home').click();
  await page.getByTestId('tournament-E2E 6561').getByTestId('tournament-open').click();
  await page.getByTestId('tab-standings').click();
  await expect(page.getByTestId('standings-row')).toHaveCount(2);
  await expect(page.getByTestId('crosstable')).toBeVisible();
  await expect(page.getByTestId('points-chart')).toBeVisible();
  await screenshot(page, '05-standings');
  await page.getByTestId('tab-bracket').click();
  await screenshot(page, '06-bracket');
});

test('replays a game move by move', async () => {
  await page.getByTestId('tab-games').click();
  await expect(page.getByTestId('game-row')).toHaveCount(2);
  await screenshot(page, '07-games');
  await page.getByTestId('game-row').first().click();
  const label = page.getByTestId('step-label');
  await expect(label).toBeVisible();
  const before = await label.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(label).not.toHaveText(before ?? '');
  await page.getByTestId('replay-last').click();
  await screenshot(page, '08-replay');
});

test('exports the CSV in the CodeCup layout', async () => {
  await page.getByTestId('tab-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe(CSV_HEADER);
  // Two games of two seats: one line per seat per game.
  expect(lines).toHaveLength(1 + 4);
  await screenshot(page, '09-export');
});

test('settings are remembered', async () => {
  await page.getByTestId('nav-settings').click();
  await page.locator('label', { has: page.getByTestId('theme-dark') }).click();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, '10-settings-dark');
});
