import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOTS } from './paths.ts';

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
