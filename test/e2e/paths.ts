import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the end-to-end run keeps its workspace, tournaments and extra bots (emptied at every start). */
export const E2E_ROOT = join(tmpdir(), 'jury-e2e');
/** Extra bot programs the tests add by path. */
export const E2E_BOTS_DIR = join(E2E_ROOT, 'bots');
/** The port `jury serve` listens on during the end-to-end tests. */
export const E2E_PORT = Number(process.env['JURY_E2E_PORT'] ?? 5297);
/** Screenshots of every screen, kept as test artifacts. */
export const SCREENSHOTS = 'test-results/screenshots';
