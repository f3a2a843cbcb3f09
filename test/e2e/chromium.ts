import { existsSync } from 'node:fs';

/** The flags Chromium runs with in the end-to-end tests and the renderer benchmark (no sandbox in CI). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The system's Chromium (build/run.sh sets JURY_CHROMIUM; Debian's package is /usr/bin/chromium), or
 * undefined for Playwright's own browser.
 */
export function systemChromium(): string | undefined {
  return [process.env['JURY_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (path): path is string => path !== undefined && path !== '' && existsSync(path),
  );
}
