import type { EventServiceOptions } from '../../engine/event/core.ts';
import type { EventService } from '../../engine/event/service.ts';

/**
 * How every host opens an event (`jury event`, `jury serve --event`, the desktop app): the real launcher
 * and the app's smoke test, the event's file lock held in `holder`'s name.
 */
export async function eventServiceOptions(folder: string, holder: string): Promise<EventServiceOptions> {
  const { smokeTest } = await import('../library/smoke-test.ts');
  const { processLauncher } = await import('../../engine/bot-launcher.ts');
  return {
    folder,
    smokeTest: (bot, game, background) => smokeTest(bot, game, processLauncher(), { background }),
    launcher: processLauncher({ gameThread: true }),
    holder,
  };
}

/**
 * Plays the event's test competitions every N minutes when its settings say so (the organiser face's
 * `tick` decides, once a minute); answers the function that stops it.
 */
export function startTestTicker(event: EventService): () => void {
  const timer = setInterval(() => void event.organiser.tick().catch(() => undefined), 60_000);
  return () => clearInterval(timer);
}
