import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { TournamentStore } from '../../electron/engine/store/store.ts';
import { closeApp, openApp, play6561, screenshot, setLanguage } from './helpers.ts';
import { E2E_ROOT } from './paths.ts';

// Issue 29's snags of an organiser's evening: the standings of a 60-player CodeCup import fit a 1280 px
// window (Elo in view) and scroll inside their own box at 800×600 with the bot's name kept in view; an
// imported game says it has no moves instead of an empty replay with buttons that cannot work; a
// tournament played in part with no run under way offers Continue and Run again. Each screen in English
// and in Dutch: test-results/screenshots/evening-*.png.
test.describe.configure({ mode: 'serial' });

const PLAYERS = 60;
const IMPORT = 'Final 60';
let page: Page;

/**
 * CodeCup's result file for `PLAYERS` contestants, shaped like the real one (a Swiss stage, then a final:
 * each stage its own columns): two Swiss rounds (1–2, 3–4 …, then 2–3, 4–5 … 60–1), then two final rounds
 * the same way.
 */
function resultFile(): string {
  const rows = ['Game,Round,IsSwiss,Player,User,Score,Status'];
  const word = (mine: number, theirs: number): string =>
    mine > theirs ? 'WIN' : mine < theirs ? 'LOSE' : 'DRAW';
  let game = 500_000;
  for (const round of [1, 2, 3, 4]) {
    const stage = round <= 2 ? 'swiss' : 'final';
    for (let i = 0; i < PLAYERS; i += 2) {
      const a = (i + (round % 2 === 0 ? 1 : 0)) % PLAYERS;
      const b = (a + 1) % PLAYERS;
      const [sa, sb] =
        (i + round) % 7 === 0 ? [150, 150] : [120 + ((i * 7 + round * 13) % 130), 40 + (i % 90)];
      game += 1;
      rows.push(`${game},${round},${stage},"Player 1","Contestant ${a + 1}",${sa},${word(sa, sb)}`);
      rows.push(`${game},${round},${stage},"Player 2","Contestant ${b + 1}",${sb},${word(sb, sa)}`);
    }
  }
  return `${rows.join('\n')}\n`;
}

test.beforeAll(async ({ browser }) => {
  page = await openApp(browser, { viewport: { width: 1280, height: 860 } });
});
test.afterAll(async () => {
  await closeApp(page);
});

/** The page's and the standings box's widths, and where the Elo column and the first name are. */
async function standingsGeometry() {
  return page.evaluate(() => {
    const box = document.querySelector('#standings-panel .table-scroll') as HTMLElement;
    const elo = document.querySelector('[data-testid="standings-table"] th.elo') as HTMLElement | null;
    const name = document.querySelector('[data-testid="standings-name"]') as HTMLElement;
    const place = document.querySelector('[data-testid="standings-row"] td.place') as HTMLElement;
    return {
      window: window.innerWidth,
      page: document.documentElement.scrollWidth,
      boxRight: box.getBoundingClientRect().right,
      boxOverflow: box.scrollWidth - box.clientWidth,
      eloRight: elo ? elo.getBoundingClientRect().right : null,
      nameLeft: name.getBoundingClientRect().left,
      placeRight: place.getBoundingClientRect().right,
    };
  });
}

test('the standings of a 60-player import fit 1280 px, Elo in view', async () => {
  mkdirSync(E2E_ROOT, { recursive: true });
  const file = join(E2E_ROOT, `${IMPORT}.csv`);
  writeFileSync(file, resultFile());
  await page.getByTestId('nav-home').click();
  await page.getByTestId('import-codecup-file').setInputFiles(file);
  await expect(page).toHaveURL(/#\/t\/.+\/standings$/);
  await expect(page.getByTestId('standings-row')).toHaveCount(PLAYERS);
  const wide = await standingsGeometry();
  expect(wide.page).toBeLessThanOrEqual(wide.window);
  expect(wide.boxRight).toBeLessThanOrEqual(wide.window);
  expect(wide.eloRight).not.toBeNull();
  expect(wide.eloRight ?? Infinity).toBeLessThanOrEqual(wide.boxRight);
  await screenshot(page, 'evening-standings-1280');
});

test('at 800×600 the standings scroll inside their box, the name kept in view', async () => {
  await page.setViewportSize({ width: 800, height: 600 });
  const small = await standingsGeometry();
  expect(small.page).toBeLessThanOrEqual(small.window);
  expect(small.boxRight).toBeLessThanOrEqual(small.window);
  await page.locator('#standings-panel .table-scroll').evaluate((box) => (box.scrollLeft = box.scrollWidth));
  const scrolled = await standingsGeometry();
  // The optional columns drop first (Ranked by, a stage's games, openskill); what is still too wide
  // scrolls in the box, where the bot's name stays where it was, beside the place, not over it.
  if (small.boxOverflow > 0) expect(scrolled.nameLeft).toBeCloseTo(small.nameLeft, 0);
  else expect(small.eloRight ?? Infinity).toBeLessThanOrEqual(small.boxRight);
  expect(scrolled.nameLeft).toBeGreaterThanOrEqual(scrolled.placeRight - 1);
  await screenshot(page, 'evening-standings-800');
  await page.setViewportSize({ width: 1280, height: 860 });
});

test('an imported game says it has no moves, and offers no re-run or Play again', async () => {
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-row').first().click();
  await expect(page.getByTestId('imported-game')).toHaveText(
    "Imported from CodeCup's result file, which holds each game's result only: there are no moves to replay.",
  );
  await expect(page.getByTestId('replay-seats')).toContainText('Contestant 1');
  for (const gone of ['rerun', 'play-again', 'step-label'])
    await expect(page.getByTestId(gone)).toHaveCount(0);
  await screenshot(page, 'evening-imported-game');
});

test('a tournament played in part, with no run under way, offers Continue and Run again', async () => {
  await play6561(page, 'Evening 6561');
  // Play again: the game's result goes, so the tournament is played in part with no run under way.
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-row').first().click();
  await page.getByTestId('play-again').click();
  await page.getByTestId('play-again-confirm').click();
  await page.getByTestId('nav-home').click();
  const row = page.getByTestId('tournament-Evening 6561');
  await expect(row.getByTestId('state-badge')).toHaveAttribute('data-state', 'unfinished');
  await expect(row.getByTestId('state-badge')).toHaveText('Unfinished');
  await expect(row.getByTestId('run-again-Evening 6561')).toBeVisible();
  await screenshot(page, 'evening-home-unfinished');
  await row.getByTestId('tournament-open').click();
  await page.getByTestId('tab-live').click();
  await expect(page.getByTestId('start')).toBeVisible();
});

test("Flit's thinking-time table holds each move against its own limit, the first's start-up apart", async () => {
  test.setTimeout(600_000);
  await setLanguage(page, 'en');
  // The samples again (harmless when they are there): this test may run alone.
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('add-samples').click();
  await expect(page.locator('[data-bot-name="Flit greedy"]')).toBeVisible();
  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-flit').click();
  await page.getByTestId('tournament-name').fill('Evening Flit');
  await page.getByTestId('format-select').selectOption('groups');
  await page.getByTestId('permutations').selectOption('rotations');
  for (const bot of ['Flit random', 'Flit greedy']) {
    await page.getByTestId(`bot-option-${bot}`).check();
    await page.getByTestId(`bot-more-${bot}`).click();
  }
  // Official timing (the default): wall time, where a sample bot's first reply (starting Node) takes
  // 100 ms or more of its 2 s start-up allowance, against Flit's 50 ms per move.
  await expect(page.getByTestId('draft-ok')).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('create-tournament').click();
  // Two finished games are enough (a Flit game is some 8,000 replies per bot): then abort the rest.
  await expect(page.getByTestId('progress-text')).toHaveText(/^\s*([2-9]|1\d)\s*\//, { timeout: 400_000 });
  await page.getByTestId('abort').click();
  await page.getByTestId('abort-confirm').click();
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'aborted');
  const table = page.getByTestId('time-stats');
  // The live screen redraws as the abort settles: click until the standings are open.
  await expect(async () => {
    await page.getByTestId('tab-standings').click();
    await expect(table).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  // The records: which bots had a turn missed for lateness (Flit goes on without a failure status), and
  // that every other bot's slowest reply is within the 50 ms deadline, whatever its first reply took.
  const store = TournamentStore.open(join(E2E_ROOT, 'tournaments', 'Evening Flit.sqlite'), {
    readOnly: true,
  });
  const late = new Set<string>();
  try {
    for (const game of store.scheduled()) {
      const record = store.record(game.index);
      for (const seat of record?.seats ?? []) {
        if (seat.missed.timeout > 0) late.add(seat.name);
        else expect(seat.time.maxChargedUs, seat.name).toBeLessThanOrEqual(50_000);
      }
    }
  } finally {
    store.close();
  }
  // Before: 238-275% for every bot, its first reply's start-up over the 50 ms deadline. Now over 100%
  // only for a bot that was late (and then rightly so).
  for (const row of await table.locator('tbody tr').all()) {
    const name = (await row.locator('th').textContent())?.trim() ?? '';
    const share = Number((await row.locator('td').last().textContent())?.replace(/[^0-9]/g, ''));
    if (!late.has(name)) expect(share, name).toBeLessThanOrEqual(100);
  }
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, 'evening-flit-time');
  await setLanguage(page, 'nl');
  await page.getByTestId('nav-home').click();
  await page.getByTestId('tournament-Evening Flit').getByTestId('tournament-open').click();
  await page.getByTestId('time-stats').scrollIntoViewIfNeeded();
  await screenshot(page, 'evening-flit-time-nl');
  await setLanguage(page, 'en');
});

test('the same screens in Dutch', async () => {
  await setLanguage(page, 'nl');
  await page.getByTestId('nav-home').click();
  const row = page.getByTestId('tournament-Evening 6561');
  await expect(row.getByTestId('state-badge')).toHaveText('Onvoltooid');
  await screenshot(page, 'evening-home-unfinished-nl');
  await page.getByTestId(`tournament-${IMPORT}`).getByTestId('tournament-open').click();
  await expect(page.getByTestId('standings-row')).toHaveCount(PLAYERS);
  const wide = await standingsGeometry();
  expect(wide.page).toBeLessThanOrEqual(wide.window);
  expect(wide.eloRight ?? Infinity).toBeLessThanOrEqual(wide.boxRight);
  await screenshot(page, 'evening-standings-1280-nl');
  await page.setViewportSize({ width: 800, height: 600 });
  await screenshot(page, 'evening-standings-800-nl');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByTestId('tab-games').click();
  await page.getByTestId('game-row').first().click();
  await expect(page.getByTestId('imported-game')).toContainText('geen zetten');
  await screenshot(page, 'evening-imported-game-nl');
});
