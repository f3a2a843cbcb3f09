import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `bash build/run.sh start` after its install step: build/start-app.sh. Electron's binary cannot be
// fetched here (an unreachable mirror), so it must say so and offer jury serve with its URL.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const installed = existsSync(join(ROOT, 'node_modules', 'electron', 'dist', 'version'));

describe.skipIf(installed)('bash build/run.sh start without Electron', () => {
  const cache = mkdtempSync(join(tmpdir(), 'jury-electron-cache-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it('says what failed and offers the app in the browser with its URL, exit 1, no stack trace', async () => {
    const result = await new Promise<{ code: number | null; err: string }>((resolve) => {
      execFile(
        'bash',
        [join(ROOT, 'build', 'start-app.sh')],
        {
          env: {
            ...process.env,
            PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
            ELECTRON_MIRROR: 'http://127.0.0.1:9/',
            electron_config_cache: cache,
            JURY_SKIP_BUILD: '1',
            JURY_PORT: '5199',
          },
          timeout: 60_000,
        },
        (error, _out, err) => resolve({ code: error ? (error.code as number | null) : 0, err }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.err).toContain("the desktop app cannot start: Electron's binary could not be downloaded");
    expect(result.err).toMatch(/what failed: {2}fetching Electron from http:\/\/127\.0\.0\.1:9\/: \S/);
    expect(result.err).toContain('npx jury serve --host 127.0.0.1 --port 5199');
    expect(result.err).toContain('then open http://localhost:5199/');
    expect(result.err).not.toMatch(/^\s+at /m);
  }, 90_000);
});
