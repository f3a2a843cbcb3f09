import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspectStoreFile } from '../engine/store/inspect.ts';
import { serveUrls } from '../serve/addresses.ts';
import { serveBanner } from '../serve/banner.ts';
import type { ServeFlags } from '../serve/options.ts';
import { resolveServeFlags } from '../serve/options.ts';
import type { CliIo } from './program.ts';
import { UsageError } from './usage-error.ts';

/** The built renderer that `jury serve` serves (`npm run build` writes it). */
export const RENDERER_ROOT = fileURLToPath(new URL('../../out/renderer/', import.meta.url));

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Resolves on the first SIGINT or SIGTERM. Meanwhile this command owns those signals: jury.mjs's (cli-main.ts's) own
 * handler (kill the bots, exit at once) would cut the service's close short. After the first signal
 * that handler is back, so a second Ctrl-C quits at once as everywhere else.
 */
function firstStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const saved = STOP_SIGNALS.map((signal) => [signal, process.listeners(signal)] as const);
    for (const [signal, listeners] of saved) for (const l of listeners) process.off(signal, l);
    const onSignal = (signal: NodeJS.Signals) => {
      for (const [s, listeners] of saved) {
        process.off(s, onSignal);
        for (const l of listeners) process.on(s, l);
      }
      resolve(signal);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  });
}

/** Opens the event of `jury serve --event` on this thread (the engine's), its smoke test the app's. */
async function openEvent(folder: string) {
  const { EventService } = await import('../engine/event/service.ts');
  const { eventServiceOptions } = await import('../app/event/open-event.ts');
  try {
    return EventService.open(await eventServiceOptions(folder, 'jury serve'));
  } catch (e) {
    throw new UsageError(`cannot open the event in ${folder}: ${(e as Error).message}`);
  }
}

/**
 * `jury serve`: the engine service in browser mode behind the HTTP and WebSocket server, until Ctrl-C.
 * `untilStop` resolves when the server should stop (a signal; tests pass their own).
 */
export async function serveCommand(
  flags: ServeFlags,
  io: CliIo,
  untilStop: () => Promise<unknown> = firstStopSignal,
  staticRoot: string = RENDERER_ROOT,
): Promise<number> {
  const resolved = resolveServeFlags(flags, process.cwd(), process.platform, process.env);
  if (!resolved.ok) throw new UsageError(resolved.error);
  const settings = resolved.value;
  if (settings.singleStore !== undefined) {
    if (!existsSync(settings.singleStore)) {
      throw new UsageError(`no tournament database at ${settings.singleStore}`);
    }
    // A file that is no sound store is refused now, unchanged (a StoreError: exit code 2).
    inspectStoreFile(settings.singleStore, { quickCheck: true });
  }
  if (!existsSync(join(staticRoot, 'index.html'))) {
    throw new UsageError(
      `the app is not built (no ${join(staticRoot, 'index.html')}): run npm run build first`,
    );
  }
  const event = flags.event !== undefined ? await openEvent(resolve(process.cwd(), flags.event)) : undefined;
  // Loaded here, not at the top: `jury play` and friends need none of the app's engine service.
  const { createJuryService } = await import('../app/service.ts');
  let service;
  try {
    service = await createJuryService({
      workspace: settings.workspace,
      storeFolder: settings.storeFolder,
      ...(settings.singleStore !== undefined ? { singleStore: settings.singleStore } : {}),
      mode: 'browser',
    });
  } catch (e) {
    await event?.close();
    throw new UsageError(`cannot open the workspace ${settings.workspace}: ${(e as Error).message}`);
  }
  // The server in a thread of its own, the engine (the games) alone on this one (docs/serve.md).
  const { startServeThreads } = await import('../serve/threads.ts');
  let server;
  try {
    server = await startServeThreads(
      service,
      {
        folders: {
          workspace: settings.workspace,
          storeFolder: settings.storeFolder,
          ...(settings.singleStore !== undefined ? { singleStore: settings.singleStore } : {}),
        },
        server: {
          staticRoot,
          port: settings.port,
          host: settings.host,
          ...(settings.token !== undefined ? { token: settings.token } : {}),
        },
      },
      event,
    );
  } catch (e) {
    await service.close();
    await event?.close();
    throw new UsageError((e as Error).message);
  }
  const urls = serveUrls(settings.host, server.port, networkInterfaces());
  io.out(
    serveBanner({
      storeFolder: settings.storeFolder,
      singleStore: settings.singleStore,
      urls,
      token: server.token,
    }),
  );
  // The join sheet's links: the LAN's addresses, or this machine's when it serves only itself.
  const origins = (urls.network.length > 0 ? urls.network : urls.local).map((u) => u.replace(/\/$/, ''));
  if (event) service.attachEvent(event, origins);
  if (event)
    io.out(`the event ${event.organiser.settings().name}: its routes are at /event/ (docs/event-day.md)\n`);
  // Test competitions every N minutes, when the event says so (organiser.tick decides).
  const { startTestTicker } = await import('../app/event/open-event.ts');
  const stopTicker = event ? startTestTicker(event) : () => {};
  await untilStop();
  io.out('stopping (Ctrl-C again to quit at once)…\n');
  stopTicker();
  await server.close();
  await service.close();
  await event?.close();
  io.out('stopped\n');
  return 0;
}
