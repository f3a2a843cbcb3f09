import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EventServiceOptions } from '../engine/event/core.ts';
import { EventRefusal } from '../engine/event/refusal.ts';
import type { EventService } from '../engine/event/service.ts';
import type { CliIo } from './program.ts';
import { UsageError } from './usage-error.ts';

/** The flags of `jury event create` (all strings, as commander hands them over). */
export interface EventCreateFlags {
  readonly name?: string;
  readonly game?: string;
  readonly deadline?: string;
  readonly testEvery?: string;
  readonly samples?: boolean;
  /** A JSON file of settings (shared/event/settings.ts); the other flags override its fields. */
  readonly settings?: string;
}

async function serviceOptions(folder: string): Promise<EventServiceOptions> {
  const { eventServiceOptions } = await import('../app/event/open-event.ts');
  return eventServiceOptions(folder, 'jury event');
}

/** Runs `work` on the event service; a refusal of the event is a usage error (exit code 2). */
async function withEvent<T>(open: () => Promise<EventService>, work: (e: EventService) => T): Promise<T> {
  let event: EventService;
  try {
    event = await open();
  } catch (e) {
    if (e instanceof EventRefusal) throw new UsageError(e.message);
    throw e;
  }
  try {
    return work(event);
  } catch (e) {
    if (e instanceof EventRefusal) throw new UsageError(e.message);
    throw e;
  } finally {
    await event.close();
  }
}

/**
 * `jury event create <folder>`: a new event from the flags (and `--settings file.json`), checked field by
 * field; a folder that holds an event already, or a bad setting, is refused with exit code 2.
 */
export async function eventCreateCommand(
  folder: string,
  flags: EventCreateFlags,
  io: CliIo,
): Promise<number> {
  const path = resolve(process.cwd(), folder);
  let fromFile: Record<string, unknown> = {};
  if (flags.settings !== undefined) {
    try {
      fromFile = JSON.parse(readFileSync(flags.settings, 'utf8')) as Record<string, unknown>;
    } catch (e) {
      throw new UsageError(
        `--settings: cannot read ${flags.settings}: ${(e as Error).message.split('\n')[0]}`,
      );
    }
  }
  const testEvery = flags.testEvery === undefined ? undefined : Number(flags.testEvery);
  const settings = {
    ...fromFile,
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    ...(flags.game !== undefined ? { game: flags.game } : {}),
    ...(flags.deadline !== undefined ? { deadline: flags.deadline } : {}),
    ...(testEvery !== undefined ? { testEveryMinutes: testEvery } : {}),
    ...(flags.samples ? { testSamples: true } : {}),
  };
  const { EventService } = await import('../engine/event/service.ts');
  const options = await serviceOptions(path);
  await withEvent(
    async () => EventService.create(settings, options),
    () => undefined,
  );
  io.out(`created the event ${String(settings.name)} in ${path}\n`);
  io.out(`  jury event add-contestants ${JSON.stringify(path)} "A name" …   (or --file names.txt)\n`);
  io.out(`  jury serve --event ${JSON.stringify(path)}\n`);
  return 0;
}

/**
 * `jury event add-contestants <folder> [names…] [--file list]`: adds them (all or none) and prints
 * each one's join code, which is stored only hashed: this is the one time it is shown.
 */
export async function eventAddCommand(
  folder: string,
  names: readonly string[],
  flags: { readonly file?: string },
  io: CliIo,
): Promise<number> {
  let list = names.join('\n');
  if (flags.file !== undefined) {
    try {
      list += `\n${readFileSync(flags.file, 'utf8')}`;
    } catch (e) {
      throw new UsageError(`--file: cannot read ${flags.file}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const { EventService } = await import('../engine/event/service.ts');
  const options = await serviceOptions(resolve(process.cwd(), folder));
  const issued = await withEvent(
    async () => EventService.open(options),
    (event) => event.organiser.importContestants(list),
  );
  if (issued.length === 0) throw new UsageError('give the contestants: names, or --file with one a line');
  const width = Math.max(...issued.map((i) => i.contestant.name.length));
  for (const i of issued) io.out(`${i.contestant.name.padEnd(width)}  ${i.code}\n`);
  return 0;
}
