import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDesktopEvent } from '../../../electron/app/event/desktop-event.ts';
import { createJuryService, type JuryService } from '../../../electron/app/service.ts';
import { eventFolder } from './event-helpers.ts';

// The desktop app opens (or creates) an event with `event.open` and serves it to the LAN from its
// engine, as `jury serve --event` does: contestants sign in over real HTTP at the port it answers,
// the organiser's screens read it over the contract, and `event.close` stops the server.

const place = eventFolder();
let base: string;
let service: JuryService;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'jury-event-open-'));
  const staticRoot = join(base, 'renderer');
  mkdirSync(staticRoot);
  writeFileSync(join(staticRoot, 'index.html'), '<!doctype html><title>Jury</title>');
  writeFileSync(join(staticRoot, 'contestant.html'), '<!doctype html><title>Contestant</title>');
  const folders = { workspace: join(base, 'workspace'), storeFolder: join(base, 'tournaments') };
  service = await createJuryService({
    ...folders,
    mode: 'desktop',
    benchmarkMs: 1,
    openEvent: (request, self) => openDesktopEvent(request, self, { ...folders, staticRoot }),
  });
}, 60_000);

afterAll(async () => {
  await service.close();
  rmSync(base, { recursive: true, force: true });
  place.remove();
});

const h = () => service.handlers;

describe('an event opened by the desktop app', () => {
  it('refuses a relative folder and bad settings, leaving nothing open', async () => {
    await expect(h()['event.open']({ folder: 'club', port: 0 })).rejects.toThrow(
      "the event's folder must be a full path, not club",
    );
    await expect(
      h()['event.open']({ folder: place.folder, settings: { name: 'Club', game: 'chess' }, port: 0 }),
    ).rejects.toThrow(/game/);
    expect(await h()['event.info'](undefined)).toBeNull();
    expect(existsSync(join(place.folder, 'event.sqlite'))).toBe(false);
  });

  it('creates the event, serves the contestant routes, and stops serving on close', async () => {
    const info = await h()['event.open']({
      folder: place.folder,
      settings: { name: 'Club day', game: '6561' },
      port: 0,
    });
    expect(info.settings.name).toBe('Club day');
    const port = Number(/:(\d+)$/.exec(info.origins[0] ?? '')?.[1]);
    expect(port).toBeGreaterThan(0);
    await expect(h()['event.open']({ folder: place.folder, port: 0 })).rejects.toThrow(/an event is open/);

    const [ada] = await h()['event.addContestants']({ names: ['Ada'] });
    const signIn = await fetch(`http://127.0.0.1:${port}/event/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: ada?.code }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ name: 'Ada' });
    const page = await fetch(`http://127.0.0.1:${port}/contestant.html`);
    expect(await page.text()).toContain('Contestant');

    await h()['event.close'](undefined);
    expect(await h()['event.info'](undefined)).toBeNull();
    await expect(fetch(`http://127.0.0.1:${port}/contestant.html`)).rejects.toThrow();

    // Opened again (no settings: the event as stored), its contestant is still there.
    const again = await h()['event.open']({ folder: place.folder, port: 0 });
    expect(again.settings.name).toBe('Club day');
    expect((await h()['event.contestants'](undefined)).map((c) => c.name)).toEqual(['Ada']);
    await h()['event.close'](undefined);
  }, 60_000);
});
