import { expect, test, type Page } from '@playwright/test';
import { closeApp, openApp, play6561, screenshot, setLanguage } from './helpers.ts';

// Every screen at 800×600, the smallest window the app supports, then every screen in Dutch. At 800×600
// the sidebar folds to its icons, no screen is wider than the window (tables scroll inside themselves or
// drop optional columns), the bot table keeps its actions and the sticky problem bar of the form never
// covers the field it takes the user to. Screenshots: test-results/screenshots/small-*.png and nl-*.png.
// Runs alone on a fresh server or after the other specs (it adds the samples again, which is harmless).
test.describe.configure({ mode: 'serial' });

const WIDTH = 800;
const HEIGHT = 600;
let page: Page;
let tournament = '';

test.beforeAll(async ({ browser }) => {
  page = await openApp(browser, { viewport: { width: WIDTH, height: HEIGHT } });
});
test.afterAll(async () => {
  await closeApp(page);
});

/** Fails when the page or the main column is wider than the window (a sideways scroll of the screen). */
async function expectNoSidewaysScroll(name: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main.content');
    return {
      page: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
  expect.soft(widths.page, `${name}: page width`).toBeLessThanOrEqual(page.viewportSize()?.width ?? WIDTH);
  expect.soft(widths.main, `${name}: main column overflow`).toBeLessThanOrEqual(1);
}

/** The screens of the app, each with a control that must be reachable on it. */
const screens: { name: string; open: () => Promise<unknown>; check: () => Promise<void> }[] = [
  {
    name: 'home',
    open: () => page.getByTestId('nav-home').click(),
    check: () => expect(page.getByTestId(`tournament-${tournament}`)).toBeVisible(),
  },
  {
    name: 'bots',
    open: () => page.getByTestId('nav-bots').click(),
    check: async () => {
      const smoke = page.locator('[data-testid="smoke-open"]').first();
      await smoke.scrollIntoViewIfNeeded();
      const box = await smoke.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? WIDTH);
      await expect(page.locator('[data-testid="remove"]').first()).toBeVisible();
    },
  },
  {
    name: 'new',
    open: () => page.getByTestId('nav-new').click(),
    check: () => expect(page.getByTestId('create-tournament')).toBeInViewport(),
  },
  {
    name: 'settings',
    open: () => page.getByTestId('nav-settings').click(),
    check: () => expect(page.getByTestId('settings-language')).toBeVisible(),
  },
  {
    name: 'live',
    open: () => page.goto(`/#/t/${tournament}/live`),
    check: () => expect(page.getByTestId('progress-text')).toBeVisible(),
  },
  {
    name: 'standings',
    open: () => page.getByTestId('tab-standings').click(),
    check: async () => {
      await expect(page.getByTestId('standings-row').first()).toBeVisible();
      const row = await page.getByTestId('standings-row').first().boundingBox();
      expect(row && row.x + row.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? WIDTH);
    },
  },
  {
    name: 'bracket',
    open: () => page.getByTestId('tab-bracket').click(),
    check: () => expect(page.getByTestId('tab-bracket')).toHaveAttribute('aria-current', 'page'),
  },
  {
    name: 'games',
    open: () => page.getByTestId('tab-games').click(),
    check: () => expect(page.getByTestId('game-row').first()).toBeVisible(),
  },
  {
    name: 'game-viewer',
    open: () => page.getByTestId('game-row').first().click(),
    check: () => expect(page.getByTestId('step-label')).toBeVisible(),
  },
  {
    name: 'export',
    open: () => page.goto(`/#/t/${tournament}/export`),
    check: () => expect(page.getByTestId('export-csv')).toBeVisible(),
  },
];

test('plays a short 6561 round robin to have every screen filled', async () => {
  tournament = await play6561(page, 'Small window');
});

test('every screen is usable at 800×600: folded sidebar, no sideways scroll, controls reachable', async () => {
  const nav = await page.locator('nav.app-nav').boundingBox();
  expect.soft(nav?.width ?? 999).toBeLessThan(80);
  for (const screen of screens) {
    await screen.open();
    await screen.check();
    await expectNoSidewaysScroll(screen.name);
    await screenshot(page, `small-${screen.name}`);
  }
});

test('the problem bar takes the user to the field without covering it', async () => {
  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-less').click();
  await page.getByTestId('tournament-name').fill('');
  const link = page.getByTestId('issue-link').first();
  await expect(link).toBeVisible();
  await link.click();
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    const bar = document.querySelector('.submit');
    if (!el || !bar) return null;
    return { field: el.getBoundingClientRect().bottom, bar: bar.getBoundingClientRect().top };
  });
  expect(focused).not.toBeNull();
  expect(focused!.field).toBeLessThanOrEqual(focused!.bar);
  const bar = await page.locator('.submit').boundingBox();
  expect(bar?.height ?? 999).toBeLessThan(HEIGHT / 3);
  await screenshot(page, 'small-new-problems');
});

test('every screen in Dutch', async () => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await setLanguage(page, 'nl');
  await expect(page.getByTestId('nav-bots')).toHaveText('Bots');
  await expect(page.getByTestId('nav-new')).toHaveText('Nieuw toernooi');
  for (const screen of screens) {
    await screen.open();
    await screen.check();
    await expect(page.locator('h1').first()).not.toHaveText(
      /^(Tournaments|New tournament|Settings|Standings)$/,
    );
    await screenshot(page, `nl-${screen.name}`);
  }
});
