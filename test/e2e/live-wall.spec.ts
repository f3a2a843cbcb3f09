import { expect, test, type Page } from '@playwright/test';
import { call, closeApp, openApp, screenshot, setLanguage } from './helpers.ts';

// The live wall at 1920×1080 with 8 games at once (issue 29): the running boards stay first, where the
// user looks, and a finished game's card goes after them for its few seconds. In English and in Dutch.
// Runs alone on a fresh server or after the other specs (only More's samples play).
test.describe.configure({ mode: 'serial' });

let page: Page;
let id = '';

/** The cards in reading order on the screen (row by row), each with whether its game is over and its top. */
function cards(): Promise<{ done: boolean; top: number }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="live-board"]'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
      .map(({ el, box }) => ({ done: el.classList.contains('done'), top: box.top })),
  );
}

/** Waits for a finished card beside running ones, then checks that every running card comes first. */
async function runningFirst(): Promise<void> {
  // The wall fills one card per animation frame after the page opens.
  await expect
    .poll(async () => (await cards()).filter((c) => !c.done).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  await expect(page.locator('[data-testid="live-board"].done').first()).toBeVisible({ timeout: 60_000 });
  const shown = await cards();
  const firstDone = shown.findIndex((c) => c.done);
  expect(firstDone).toBeGreaterThan(0);
  expect(shown.slice(firstDone).map((c) => c.done)).not.toContain(false);
  expect(shown[0]?.top ?? Infinity).toBeLessThan(1080);
}

test.beforeAll(async ({ browser }) => {
  page = await openApp(browser, { viewport: { width: 1920, height: 1080 } });
  // The answer is the whole library: after other specs it holds other games' bots and programs too.
  const library = (await call('bots.addSamples', { game: 'more' })) as {
    id: string;
    kind: string;
    game: string | null;
  }[];
  const ids = library.filter((b) => b.kind === 'sample' && b.game === 'more').map((b) => b.id);
  expect(ids).toHaveLength(2);
  const summary = (await call('tournaments.create', {
    draft: {
      name: 'E2E live wall',
      game: 'more',
      schedule: { kind: 'round-robin' },
      bots: Array.from({ length: 8 }, () => ids).flat(),
      timing: { mode: 'cpu' },
      concurrency: 8,
    },
  })) as { id: string };
  id = summary.id;
  await call('tournament.start', { id });
});

test.afterAll(async () => {
  await call('tournament.abort', { id }).catch(() => undefined);
  await closeApp(page);
});

test('keeps the running boards first and puts a finished card after them (English)', async () => {
  await page.goto(`/#/t/${encodeURIComponent(id)}/live`);
  await runningFirst();
  await screenshot(page, 'live-wall-running-first-en');
});

test('does the same in Dutch', async () => {
  await setLanguage(page, 'nl');
  await expect(page.getByTestId('settings-state')).toContainText('Bewaard');
  await page.goto(`/#/t/${encodeURIComponent(id)}/live`);
  await expect(page.getByTestId('live-board').first()).toContainText('Hoofdtoernooi');
  await runningFirst();
  await screenshot(page, 'live-wall-running-first-nl');
});
