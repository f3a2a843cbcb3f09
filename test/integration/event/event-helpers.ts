import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8 } from 'fflate';
import { smokeTest } from '../../../electron/app/library/smoke-test.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { SmokeTester } from '../../../electron/engine/event/build-submission.ts';
import type { EventServiceOptions } from '../../../electron/engine/event/service.ts';
import type { EventSettingsInput } from '../../../shared/event/settings.ts';

/** The contestant program of these tests: a legal 6561 player writing `secret` once on stderr. */
export function bot6561(secret: string): Uint8Array {
  const path = fileURLToPath(new URL('../../fixtures/bots/event-6561.py', import.meta.url));
  return strToU8(readFileSync(path, 'utf8').replace("'SECRET'", JSON.stringify(secret)));
}

/** The app's smoke test, with a fixed seed. */
export const smoke: SmokeTester = (bot, game, background) =>
  smokeTest(bot, game, processLauncher(), { seed: 1, background });

/** A settable clock: the event's `now`. */
export function clock(start: string): { now: () => Date; set(iso: string): void } {
  let t = new Date(start);
  return { now: () => t, set: (iso) => (t = new Date(iso)) };
}

/** A fresh folder bots can reach (a confined bot runs as a user of its own), and its removal. */
export function eventFolder(): { folder: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'jury-event-'));
  chmodSync(root, 0o755);
  return { folder: join(root, 'club'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** 6561, short: a Swiss round, then a final of 2 played once. */
export const SETTINGS: EventSettingsInput = {
  name: 'Club day',
  game: '6561',
  deadline: '2026-05-01T16:00:00Z',
  final: { kind: 'swiss', swissRounds: 1, finalists: 2, permutations: 'all', finalCycles: 1 },
};

/** Service options for `folder` with the real launcher and smoke test. */
export function options(
  folder: string,
  now: () => Date,
  extra: Partial<EventServiceOptions> = {},
): EventServiceOptions {
  return {
    folder,
    smokeTest: smoke,
    launcher: processLauncher(),
    now,
    seed: 7,
    concurrency: 2,
    holder: 'a test',
    ...extra,
  };
}
