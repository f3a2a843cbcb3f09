import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { closeApp, openApp, screenshot, setLanguage } from './helpers.ts';
import { E2E_ROOT } from './paths.ts';

// Issue 29's snags of a finished event, in English and in Dutch: a package referee's long result text
// stays inside the game viewer's card; a 0–0 after the judge's stand-in beat a crashed bot's opponent is
// explained in the game list and the viewer; a bot's failure is worded in the user's language; a refused
// CodeCup file says why on the home screen until dismissed. The two events are played by `jury run` into
// the served store folder before the page opens them. Runs alone or after the other specs.
test.describe.configure({ mode: 'serial' });

const REPO = resolve('.');
const STORE = join(E2E_ROOT, 'tournaments');
const LONG = 'E2E-Long-Result';
const STAND_IN = 'E2E-Stand-In';
let page: Page;

/** Plays `config` (written beside the store) to the end with `jury run`, into the served store folder. */
function run(name: string, config: object): void {
  const dir = join(E2E_ROOT, 'configs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ format: 'jury-tournament', version: 1, name, ...config }));
  execFileSync(
    process.execPath,
    ['electron/cli/jury.mjs', 'run', file, '--db', join(STORE, `${name}.sqlite`)],
    {
      cwd: REPO,
      stdio: 'ignore',
    },
  );
}

/** The Toy package, its referee writing a long result text without a space (8 × its usual message). */
function longToy(): string {
  const dir = join(E2E_ROOT, 'long-toy');
  mkdirSync(dir, { recursive: true });
  for (const f of ['referee.js', 'player.js', 'referee.txt'])
    copyFileSync(join(REPO, 'test/fixtures/caia/toy', f), join(dir, f));
  writeFileSync(
    join(dir, 'jury-game.json'),
    JSON.stringify({
      format: 'jury-game',
      version: 1,
      name: 'Long toy',
      players: 2,
      referee: { command: ['./referee.js', '--repeat-message=8'], protocol: 'caia' },
      budgetMs: 30000,
      files: ['referee.txt'],
    }),
  );
  return dir;
}

function language(code: 'en' | 'nl'): Promise<void> {
  return setLanguage(page, code);
}

test.beforeAll(async ({ browser }) => {
  const toy = longToy();
  const player = (reply: string) => ({
    executable: process.execPath,
    args: [join(toy, 'player.js'), reply],
    cwd: toy,
  });
  run(LONG, {
    game: toy,
    seed: 3,
    schedule: { kind: 'round-robin' },
    bots: [
      { name: 'Toy one', ...player('--reply=2') },
      { name: 'Toy two', ...player('--reply=1') },
    ],
    concurrency: 1,
  });
  // Crasher stops after three replies; the judge's stand-in plays on and beats Wanderer (a random bot)
  // by more than 10 points, so both score 0: a draw by the rules (issue 29).
  const greedy = ['electron/engine/bots/samples/sample-bot.ts', 'more-greedy'];
  run(STAND_IN, {
    game: 'more',
    seed: 7,
    schedule: { kind: 'round-robin' },
    bots: [
      {
        name: 'Crasher',
        executable: process.execPath,
        args: ['test/fixtures/bots/crash-mid.js', '--after=3', '--', process.execPath, ...greedy],
        cwd: REPO,
      },
      { name: 'Wanderer', sample: 'random' },
    ],
    concurrency: 1,
  });
  page = await openApp(browser, { viewport: { width: 1280, height: 800 } });
  // The app knows a package game once the package is added (as an organiser does before opening it).
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('package-path').fill(toy);
  await page.getByTestId('package-add').click();
  await expect(page.locator('[data-testid^="package-pkg-"]', { hasText: 'Long toy' })).toBeVisible();
});
test.afterAll(async () => {
  await closeApp(page);
});

/** Whether the viewer's ending stays inside its card (no sideways overflow of the card or the page). */
async function endingFits(): Promise<boolean> {
  return page.getByTestId('replay-end').evaluate((dd) => {
    const card = dd.closest('.card')!;
    const inside = dd.getBoundingClientRect().right <= card.getBoundingClientRect().right + 1;
    return (
      inside && card.scrollWidth <= card.clientWidth && document.documentElement.scrollWidth <= innerWidth
    );
  });
}

for (const lang of ['en', 'nl'] as const) {
  test(`${lang}: a package referee's long result text stays inside the viewer's card`, async () => {
    await language(lang);
    await page.goto(`/#/t/${LONG}/games/0`);
    const end = page.getByTestId('replay-end');
    await expect(end).toContainText('1=ok,t=');
    expect((await end.textContent())!.split('1=ok').length - 1).toBe(8); // all of it is there to read
    expect(await endingFits()).toBe(true);
    await end.scrollIntoViewIfNeeded();
    await screenshot(page, `snags-long-result-${lang}`);
  });

  test(`${lang}: the stand-in's 0–0 is explained in the game list and the viewer`, async () => {
    await language(lang);
    await page.goto(`/#/t/${STAND_IN}/games`);
    const notes = page.getByTestId('stand-in-note');
    await expect(notes).toHaveCount(2);
    await expect(notes.first()).toHaveText(
      lang === 'en'
        ? "Crasher failed and scores 0; the judge's stand-in played on for it and beat Wanderer, who therefore scores 0 as well."
        : 'Crasher viel af en krijgt 0; de invaller van de jury speelde verder en versloeg Wanderer, die daardoor ook 0 krijgt.',
    );
    await screenshot(page, `snags-stand-in-list-${lang}`);
    await page.getByTestId('game-row').first().click();
    await expect(page.getByTestId('seat-failure')).toHaveText(
      lang === 'en'
        ? /^crashed at move 7: it exited with code 3$/
        : /^gecrasht bij zet 7: het stopte met afsluitcode 3$/,
    );
    await expect(page.getByTestId('stand-in-note')).toHaveText(
      lang === 'en'
        ? /^Crasher failed at move 7 and scores 0; the judge's stand-in played on for it and beat Wanderer/
        : /^Crasher viel af bij zet 7 en krijgt 0; de invaller van de jury speelde verder en versloeg Wanderer/,
    );
    await screenshot(page, `snags-stand-in-viewer-${lang}`);
  });

  test(`${lang}: a refused CodeCup file says why until dismissed`, async () => {
    await language(lang);
    await page.getByTestId('nav-home').click();
    const csv = 'Game,Round,IsSwiss,Player,User,Score,Status\n1,1,1,"Player 1","A",3,WIN\n';
    await page.getByTestId('import-codecup-file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const refusal = page.getByTestId('import-refusal');
    await expect(refusal).toContainText(
      lang === 'en' ? 'bad.csv was not imported' : 'bad.csv is niet geïmporteerd',
    );
    await expect(page.getByTestId('import-refusal-reason')).toContainText('line 2');
    await page.waitForTimeout(9_000); // longer than an error toast lasts
    await expect(refusal).toBeVisible();
    await screenshot(page, `snags-import-refusal-${lang}`);
    await page.getByTestId('import-refusal-dismiss').click();
    await expect(refusal).toHaveCount(0);
  });

  test(`${lang}: a bot that never played is told in the user's language`, async () => {
    await language(lang);
    if (lang === 'en') {
      // A program that exits at once: it crashes before its first move in every game.
      await page.getByTestId('nav-bots').click();
      await page.getByTestId('bot-path').fill('/bin/false');
      await page.getByTestId('bot-path').blur();
      await page.getByTestId('bot-name').fill('Quits');
      // A program in a system folder needs a working folder of its own: the engine says so under the
      // field, which opens. Add, clicked at once after the folder is typed, adds (no stale problem).
      await expect(page.getByTestId('add-issues-cwd')).toBeVisible();
      await page.getByTestId('bot-cwd').fill(E2E_ROOT);
      await page.getByTestId('bot-add').click();
      await expect(page.locator('[data-bot-name="Quits"]')).toBeVisible();
      await page.getByTestId('add-samples').click();
    }
    await page.getByTestId('nav-new').click();
    await page.getByTestId('game-6561').click();
    await page.getByTestId('tournament-name').fill(`E2E-Quits-${lang}`);
    await page.getByTestId('format-select').selectOption('round-robin');
    await page.getByTestId('bot-option-Quits').check();
    await page.locator('[data-testid^="bot-option-6561 greedy"]').first().check();
    await page.getByTestId('timing-mode').selectOption('cpu');
    await expect(page.getByTestId('draft-ok')).toBeVisible();
    await page.getByTestId('create-tournament').click();
    // This run's notice (the 'Added Quits.' one, or the other language's, may still be shown).
    const toast = page.getByTestId('notice-info').filter({ hasText: `E2E-Quits-${lang}:` });
    await expect(toast).toHaveText(
      lang === 'en'
        ? /^E2E-Quits-en: Quits crashed before its first move in every game it played \(2 of 2\): it /
        : /^E2E-Quits-nl: Quits crashte vóór de eerste zet in elke partij die hij speelde \(2 van 2\)/,
      { timeout: 90_000 },
    );
    await screenshot(page, `snags-never-played-${lang}`);
  });
}
