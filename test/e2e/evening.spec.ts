import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { openApp, ownServer, screenshot, setLanguage } from './helpers.ts';
import { E2E_PORT } from './paths.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
/** A server of its own (contest.spec.ts has E2E_PORT + 1). */
const PORT = E2E_PORT + 2;

// The organiser's evening without a snag (issue 29), through jury serve, each screen in English and
// Dutch: the form's problems in the organiser's words, no knockout for cooperative 6561, Pause saying
// that running games finish, the remote-worker settings (no stale secret error, no password echoed),
// the smoke test asking for a game, the bot list's command lines and the browser's package hint.
// Screenshots: test-results/screenshots/29-*.png. It has a `jury serve` of its own, on a fresh
// workspace: on the shared one it would come before event.spec.ts, which needs the first start (the
// demo offer) and an empty bot library, and it leaves a Redis address and a secret in the settings.
test.describe.configure({ mode: 'serial' });

let page: Page;
let stopServer: () => Promise<void> = async () => undefined;
const BOT = 'e2e-evening with a rather long name for the bot grid';
const LOCALES = ['en', 'nl'] as const;

test.beforeAll(async ({ browser }) => {
  stopServer = await ownServer('evening', PORT);
  page = await openApp(browser, { port: PORT });
});
test.afterAll(async () => {
  await page?.close();
  await stopServer();
});

function language(locale: 'en' | 'nl'): Promise<void> {
  return setLanguage(page, locale);
}

/** Takes the screenshot `29-<name>-<locale>` in both languages, `open` bringing the screen back. */
async function bothLanguages(name: string, open: () => Promise<void>): Promise<void> {
  for (const locale of LOCALES) {
    await language(locale);
    await open();
    await screenshot(page, `29-${name}-${locale}`);
  }
  await language('en');
}

test('the bots: samples, and a program with arguments tied to no game', async () => {
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('add-samples').click();
  await expect(page.locator('[data-bot-name="Less random"]')).toHaveCount(1);
  await page.getByTestId('bot-path').fill('node');
  await page.getByTestId('bot-args').fill('electron/engine/bots/samples/sample-bot.ts less-random --quiet');
  await page.getByTestId('bot-more').click();
  await page.getByTestId('bot-cwd').fill(REPO);
  await page.getByTestId('bot-name').fill(BOT);
  await expect(page.locator('[data-testid^="add-issues-"]')).toHaveCount(0);
  await page.getByTestId('bot-add').click();
  const row = page.locator(`[data-bot-name="${BOT}"]`);
  await expect(row).toBeVisible({ timeout: 90_000 });
  // Point 6: the command line with its arguments.
  // (The engine found node on the PATH: its folders are folded, the whole line is the title.)
  const command = row.getByTestId('bot-command');
  await expect(command).toHaveText(/^…\/node electron\/engine\/bots\/samples\/sample-bot\./);
  await expect(command).toHaveAttribute(
    'title',
    /\/node electron\/engine\/bots\/samples\/sample-bot\.ts less-random --quiet$/,
  );
  await expect(page.getByTestId('package-drop-hint')).toContainText('type the folder’s path');
  await bothLanguages('bots', async () => {
    await page.getByTestId('nav-bots').click();
    await row.getByTestId('bot-command').focus();
  });
});

test('the smoke test asks which game for a program tied to none', async () => {
  for (const locale of LOCALES) {
    await language(locale);
    await page.getByTestId('nav-bots').click();
    await page.locator(`[data-bot-name="${BOT}"]`).getByTestId('smoke-open').click();
    await expect(page.getByTestId('smoke-ask-game')).toBeVisible();
    await expect(page.getByTestId('smoke-run')).toBeDisabled();
    await screenshot(page, `29-smoke-ask-${locale}`);
    await page.getByTestId('smoke-close').click();
  }
  await language('en');
});

test('the form: problems in the organiser’s words, no knockout for 6561, long bot names whole', async () => {
  const open = async () => {
    await page.getByTestId('nav-new').click();
    await page.getByTestId('game-6561').click();
    await page.getByTestId('format-select').selectOption('swiss');
    await page.getByTestId('schedule-swiss-rounds').fill('0');
  };
  await open();
  await expect(page.getByTestId('issues-schedule.swissRounds')).toHaveText(
    'Swiss rounds must be at least 1.',
  );
  await expect(page.locator('body')).not.toContainText('swissRounds must');
  await expect(page.locator('body')).not.toContainText('Too small');
  await expect(page.getByTestId('format-not-offered')).toContainText('Knockout is not offered');
  await expect(page.locator('[data-testid="format-select"] option[value="knockout"]')).toHaveCount(0);
  await bothLanguages('form-6561', async () => {
    await open();
    await page.getByTestId('issues-schedule.swissRounds').scrollIntoViewIfNeeded();
  });
  // Less: the long name of the program in the bot grid, whole.
  const grid = async () => {
    await page.getByTestId('nav-new').click();
    await page.getByTestId('game-less').click();
    await page
      .locator('[aria-labelledby="section-bots"]')
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  };
  await grid();
  const name = page.locator('.bots .name', { hasText: BOT });
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
  await bothLanguages('form-bot-grid', grid);
});

test('Pause says that the games under way finish first', async () => {
  // A bot that never answers keeps every game under way for its 30 s, long enough to see the pausing.
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('bot-path').fill('node');
  await page.getByTestId('bot-args').fill('test/fixtures/bots/hang.js');
  await page.getByTestId('bot-more').click();
  await page.getByTestId('bot-cwd').fill(REPO);
  await page.getByTestId('bot-name').fill('e2e-silent');
  await expect(page.locator('[data-testid^="add-issues-"]')).toHaveCount(0);
  await page.getByTestId('bot-add').click();
  await expect(page.locator('[data-bot-name="e2e-silent"]')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-less').click();
  await page.getByTestId('tournament-name').fill('E2E evening');
  await page.getByTestId('format-select').selectOption('groups');
  for (const bot of ['Less random', 'Less greedy', BOT, 'e2e-silent'])
    await page.getByTestId(`bot-option-${bot}`).check();
  await expect(page.getByTestId('draft-ok')).toBeVisible();
  await page.getByTestId('create-tournament').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
  const live = page.url();
  // Pausing in each language: the games under way are still being played when the status is taken.
  for (const locale of LOCALES) {
    await language(locale);
    await page.goto(live);
    const pause = page.getByTestId('pause');
    await expect(pause).toHaveAttribute(
      'title',
      locale === 'en' ? /played to their end first/ : /eerst uitgespeeld/,
    );
    await expect(page.getByTestId('live-board').first()).toBeVisible();
    await pause.click();
    await expect(page.getByTestId('pausing')).toBeVisible();
    await screenshot(page, `29-pausing-${locale}`);
    await page.getByTestId('resume').click();
  }
  await language('en');
  await page.goto(live);
  await page.getByTestId('abort').click();
  await page.getByTestId('abort-confirm').click();
});

test('remote workers: no stale secret error, the Redis password never echoed', async () => {
  await page.getByTestId('nav-settings').click();
  const url = page.getByTestId('workers-redis-url');
  await url.fill('redis://:hunter2-secret@127.0.0.1:6390');
  await url.press('Enter');
  await expect(url).toHaveValue('redis://127.0.0.1:6390');
  await expect(page.getByTestId('workers-password-state')).toHaveText(
    'A password is set. It is never shown.',
  );
  expect(await page.content()).not.toContain('hunter2');
  await page.getByTestId('workers-secret-edit').click();
  await page.getByTestId('workers-secret').fill('a-valid-secret-of-30-characters');
  await page.getByTestId('workers-secret-save').click();
  await expect(page.getByTestId('workers-secret-note')).toHaveText('The secret is set.');
  // No red length error beside it (the workers list's "Redis does not answer" is right: no Redis here).
  await expect(page.getByTestId('settings-workers')).not.toContainText('at least 16 characters');
  await page.getByTestId('workers-redis-password').fill('typed-but-hidden');
  await bothLanguages('remote-workers', async () => {
    await page.getByTestId('settings-workers').scrollIntoViewIfNeeded();
  });
  await page.getByTestId('workers-password-toggle').click();
  await expect(page.getByTestId('workers-redis-password')).toHaveAttribute('type', 'text');
  await screenshot(page, '29-remote-workers-shown-en');
});
