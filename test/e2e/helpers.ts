import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Browser, type Page, type ViewportSize } from '@playwright/test';
import { WebSocket } from 'ws';
import { answerIn } from '../helpers/serve-answer.ts';
import { juryServe } from './jury-serve.ts';
import { E2E_PORT, E2E_ROOT, SCREENSHOTS } from './paths.ts';

/** Saves a screenshot of the current screen as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** The aria-label of every live board on the page (it names the game and the ply). */
export async function boardLabels(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="live-board"] svg[aria-label]')
    .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('aria-label') ?? ''));
}

/**
 * One request of the contract over the WebSocket of the `jury serve` on `port` (from this machine, so
 * controls are allowed). Rejects with the server's error; the caller casts the answer.
 */
export function call(channel: string, payload?: unknown, port = E2E_PORT): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api`);
    ws.on('open', () =>
      ws.send(JSON.stringify(payload === undefined ? { id: 1, channel } : { id: 1, channel, payload })),
    );
    ws.on('message', (data) => {
      const answer = answerIn(data);
      if (answer?.id !== 1) return;
      ws.close();
      if (answer.result instanceof Error) reject(answer.result);
      else resolve(answer.result);
    });
    ws.on('error', reject);
  });
}

/**
 * A new page of the app (served on `port`) at its home screen, ready for clicks. On a first start the
 * app lays its demo offer over every screen once it has the server's answers, which can come after the
 * page has loaded; so the server is asked whether the offer will be shown, and then it is declined.
 */
export async function openApp(
  browser: Browser,
  options: { viewport?: ViewportSize; port?: number } = {},
): Promise<Page> {
  const port = options.port ?? E2E_PORT;
  const page = await browser.newPage({
    baseURL: `http://127.0.0.1:${port}`,
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  await page.goto('/');
  const [info, settings] = (await Promise.all([
    call('app.info', undefined, port),
    call('settings.get', undefined, port),
  ])) as [{ firstStart: boolean; canControl: boolean }, { demoOffered: boolean }];
  if (info.firstStart && info.canControl && !settings.demoOffered) {
    await page.getByTestId('demo-decline').click();
    await expect(page.getByTestId('demo-offer')).toHaveCount(0);
  }
  return page;
}

/** Switches the interface to `locale` in the settings and waits until the page speaks it. */
export async function setLanguage(page: Page, locale: 'en' | 'nl'): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-language').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Puts the interface back into English (for the specs after this one on the server) and closes `page`. */
export async function closeApp(page: Page): Promise<void> {
  await setLanguage(page, 'en');
  await page.close();
}

/**
 * Adds the sample bots (harmless when they are there), then creates a 6561 round robin named `name` of
 * its random and greedy samples on CPU time and waits until it is done. Answers the tournament's id; the
 * page is left on its live screen.
 */
export async function play6561(page: Page, name: string): Promise<string> {
  await page.getByTestId('nav-bots').click();
  await page.getByTestId('add-samples').click();
  await page.getByTestId('nav-new').click();
  await page.getByTestId('game-6561').click();
  await page.getByTestId('tournament-name').fill(name);
  await page.getByTestId('format-select').selectOption('round-robin');
  for (const bot of ['6561 random', '6561 greedy'])
    await page.locator(`[data-testid^="bot-option-${bot}"]`).first().check();
  await page.getByTestId('timing-mode').selectOption('cpu');
  await expect(page.getByTestId('draft-ok')).toBeVisible();
  await page.getByTestId('create-tournament').click();
  await expect(page).toHaveURL(/#\/t\/.+\/live$/);
  const id = decodeURIComponent(/#\/t\/([^/]+)\/live$/.exec(page.url())?.[1] ?? '');
  await expect(page.getByTestId('state-badge').first()).toHaveAttribute('data-state', 'done', {
    timeout: 90_000,
  });
  return id;
}

/**
 * Starts a `jury serve` of a spec's own on `port`, on an empty workspace under the run's folder (a first
 * start, whatever the shared server has seen), and waits until it listens. Answers how to stop it; the
 * caller stops it in its afterAll.
 */
export async function ownServer(name: string, port: number): Promise<() => Promise<void>> {
  const root = join(E2E_ROOT, name);
  rmSync(root, { recursive: true, force: true });
  const server = juryServe(root, port, ['ignore', 'pipe', 'inherit']);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(`http://127.0.0.1:${port}/`)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`jury serve ended (${code}): ${out}`)));
  });
  return async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const ended = once(server, 'exit');
    server.kill('SIGINT');
    await ended;
  };
}
