import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { screenshot } from './helpers.ts';
import { E2E_PORT, E2E_ROOT } from './paths.ts';

// A local CodeCup in a box (issue 26), end to end: `jury serve --event` on this machine's LAN address,
// the organiser in the app through the token link, two contestants in browser contexts of their own
// on the contestant page: codes and the join sheet, an upload that does not compile, a fix, the smoke
// test, a test competition where each contestant sees only their own stderr, the lock, the final.
test.describe.configure({ mode: 'serial' });

const repo = fileURLToPath(new URL('../..', import.meta.url));
const root = join(E2E_ROOT, 'contest');
const port = E2E_PORT + 1;
const token = 'contest-token-0123456789';
/** A LAN address when the machine has one: the contestants are then not on this machine. */
const host =
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address ?? '127.0.0.1';
const base = `http://${host}:${port}`;
const bot = (secret: string): Buffer =>
  Buffer.from(
    readFileSync(join(repo, 'test/fixtures/bots/event-6561.py'), 'utf8').replace(
      "'SECRET'",
      JSON.stringify(secret),
    ),
  );

let server: ChildProcess;
let organiser: Page;
let ada: Page;
let bob: Page;
const codes: Record<string, string> = {};

async function contestantPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
}

test.beforeAll(async ({ browser }) => {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const settings = join(root, 'settings.json');
  writeFileSync(
    settings,
    JSON.stringify({
      final: { kind: 'swiss', swissRounds: 1, finalists: 2, permutations: 'all', finalCycles: 1 },
    }),
  );
  const jury = join(repo, 'electron/cli/jury.mjs');
  const created = spawnSync(
    process.execPath,
    [
      jury,
      'event',
      'create',
      join(root, 'club'),
      '--name',
      'E2E club',
      '--game',
      '6561',
      '--settings',
      settings,
    ],
    { encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  server = spawn(
    process.execPath,
    [
      jury,
      'serve',
      '--event',
      join(root, 'club'),
      '--host',
      host,
      '--port',
      String(port),
      '--token',
      token,
      '--workspace',
      join(root, 'workspace'),
      '--store',
      join(root, 'tournaments'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('/event/')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`jury serve ended (${code}): ${out}`)));
  });
  organiser = await browser.newPage();
  ada = await contestantPage(browser);
  bob = await contestantPage(browser);
});

test.afterAll(async () => {
  server?.kill('SIGINT');
  await organiser?.close();
});

test('the organiser adds two contestants and prints their join sheet', async () => {
  await organiser.goto(`${base}/?token=${token}#/event`);
  // A fresh workspace: the app offers its demo first.
  await organiser.getByTestId('demo-decline').click();
  await expect(organiser.getByTestId('event-header')).toContainText('E2E club');
  await organiser.getByTestId('event-names').fill('Ada\nBob');
  await organiser.getByTestId('event-add').click();
  for (const name of ['Ada', 'Bob']) {
    const code = await organiser
      .getByTestId(`event-contestant-${name}`)
      .getByTestId('event-code')
      .textContent();
    expect(code).toMatch(/^[2-9A-Z]{4}(-[2-9A-Z]{4}){3}$/);
    codes[name] = code ?? '';
  }
  await screenshot(organiser, '26-01-organiser-contestants');
  await organiser.getByTestId('event-sheet').click();
  await expect(organiser.getByTestId('sheet-slip')).toHaveCount(2);
  await expect(organiser.getByTestId('sheet-url').first()).toHaveText(
    `${base}/contestant.html#code=${codes['Ada']}`,
  );
  await screenshot(organiser, '26-02-join-sheet');
});

test('a contestant is no organiser: the event is closed to them', async () => {
  test.skip(host === '127.0.0.1', 'no LAN address: every browser here is on the serving machine');
  const answer = await ada.request.get(`${base}/event/organiser/contestants`);
  expect(answer.status()).toBe(403);
});

test('Ada signs in from her link, uploads a program that does not compile, then a fix', async () => {
  await ada.goto(`${base}/contestant.html#code=${codes['Ada']}`);
  await expect(ada.getByTestId('contestant-name')).toContainText('Ada');
  await ada.getByTestId('upload-file').setInputFiles({
    name: 'bot.c',
    mimeType: 'text/plain',
    buffer: Buffer.from('int main(void) { return 0 }\n'),
  });
  await ada.getByTestId('upload-submit').click();
  const first = ada.locator('[data-testid="version-row"][data-version="1"]');
  await expect(first).toHaveAttribute('data-state', 'build-failed', { timeout: 60_000 });
  await expect(first.getByTestId('build-log')).toContainText('error');
  await screenshot(ada, '26-03-contestant-build-failed');
  await ada
    .getByTestId('upload-file')
    .setInputFiles({ name: 'bot.py', mimeType: 'text/plain', buffer: bot('ADA-SECRET') });
  await ada.getByTestId('upload-submit').click();
  const second = ada.locator('[data-testid="version-row"][data-version="2"]');
  await expect(second).toHaveAttribute('data-state', 'working', { timeout: 120_000 });
  await expect(second.getByTestId('smoke-verdict')).toBeVisible();
  await screenshot(ada, '26-04-contestant-working');
});

test('Bob types his code, reads the page in Dutch and uploads', async () => {
  await bob.goto(`${base}/contestant.html`);
  await bob.getByTestId('sign-in-code').fill((codes['Bob'] ?? '').toLowerCase().replaceAll('-', ' '));
  await bob.getByTestId('sign-in-button').click();
  await expect(bob.getByTestId('contestant-name')).toContainText('Bob');
  await bob.getByTestId('language-switch').selectOption('nl');
  await bob
    .getByTestId('upload-file')
    .setInputFiles({ name: 'bot.py', mimeType: 'text/plain', buffer: bot('BOB-SECRET') });
  await bob.getByTestId('upload-submit').click();
  await expect(bob.locator('[data-testid="version-row"][data-version="1"]')).toHaveAttribute(
    'data-state',
    'working',
    {
      timeout: 120_000,
    },
  );
  await screenshot(bob, '26-05-contestant-dutch');
});

test('a test competition: standings for all, each contestant sees only their own stderr', async () => {
  await organiser.goto(`${base}/?token=${token}#/event`);
  await organiser.getByTestId('event-run-test').click();
  await organiser.getByTestId('event-tab-competitions').click();
  await expect(organiser.getByTestId('event-competition-test-1')).toHaveAttribute('data-state', 'done', {
    timeout: 150_000,
  });
  await expect(organiser.getByTestId('event-standings')).toContainText('Ada');
  await screenshot(organiser, '26-06-organiser-test-competition');

  for (const [page, own, other] of [
    [ada, 'ADA-SECRET', 'BOB-SECRET'],
    [bob, 'BOB-SECRET', 'ADA-SECRET'],
  ] as const) {
    await page.getByTestId('competitions-refresh').click();
    await page.getByTestId('competition-item').first().click();
    await expect(page.getByTestId('standings-table')).toContainText('Ada');
    await page.getByTestId('game-open').first().click();
    await expect(page.getByTestId('contestant-stderr')).toContainText(own);
    await expect(page.getByTestId('contestant-stderr')).not.toContainText(other);
  }
  await screenshot(ada, '26-07-contestant-game');
});

test('the lock closes uploads; the final plays the locked versions', async () => {
  await organiser.getByTestId('event-lock-toggle').click();
  await expect(organiser.getByTestId('event-lock')).toHaveAttribute('data-state', 'locked');
  await ada.reload();
  await expect(ada.getByTestId('lock-notice')).toBeVisible();
  await expect(ada.getByTestId('upload-form')).toHaveAttribute('disabled', '');
  await expect(ada.getByTestId('upload-submit')).toBeDisabled();
  await screenshot(ada, '26-08-contestant-locked');
  await organiser.getByTestId('event-run-final').click();
  await expect(organiser.getByTestId('event-competition-final-1')).toHaveAttribute('data-state', 'done', {
    timeout: 150_000,
  });
  await expect(organiser.getByTestId('event-standings')).toContainText('Bob');
  await screenshot(organiser, '26-09-organiser-final');
  await ada.getByTestId('competitions-refresh').click();
  await expect(ada.getByTestId('competition-item')).toHaveCount(2);
});
