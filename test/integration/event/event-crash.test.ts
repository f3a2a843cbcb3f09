import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EventService } from '../../../electron/engine/event/service.ts';
import { clock, eventFolder, options } from './event-helpers.ts';

const CHILD = fileURLToPath(new URL('./event-child.ts', import.meta.url));

/** The stored state of a version, read as another process would (read-only, beside the writer). */
function stateOf(folder: string, id: string): string | null {
  const db = new DatabaseSync(join(folder, 'event.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('SELECT state FROM submissions WHERE id = ?').get(id);
    return row ? String(row['state']) : null;
  } finally {
    db.close();
  }
}

describe('an event survives kill -9 mid-build', () => {
  const place = eventFolder();
  afterAll(() => place.remove());

  it('finds the version building on reopening, builds and smoke-tests it again', async () => {
    // The child's build sleeps until `until`; the rebuild after it passes at once.
    const until = Math.ceil(Date.now() / 1000) + 6;
    const child = spawn(process.execPath, [CHILD, place.folder, String(until)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const id = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    while (stateOf(place.folder, id) !== 'building') await sleep(50);
    child.kill('SIGKILL');
    await exited;
    expect(stateOf(place.folder, id)).toBe('building');
    while (Date.now() / 1000 < until) await sleep(100);

    const time = clock('2026-05-01T10:30:00Z');
    const event = EventService.open(options(place.folder, time.now));
    try {
      await event.idle();
      const [kim] = event.organiser.submissions();
      expect(kim?.id).toBe(id);
      expect(kim?.status.state).toBe('working');
      expect('smoke' in kim!.status && kim!.status.smoke.verdict).toMatch(/^Played 500 moves/);
    } finally {
      await event.close();
    }
  }, 40_000);
});
