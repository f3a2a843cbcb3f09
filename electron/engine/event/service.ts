import { isAbsolute } from 'node:path';
import { eventSettingsSchema } from '../../../shared/event/settings.ts';
import { ContestantFace } from './contestant.ts';
import { EventCore, type EventServiceOptions } from './core.ts';
import { EventStore } from './event-store.ts';
import { OrganiserFace } from './organiser.ts';
import { EventRefusal } from './refusal.ts';

export type { EventServiceOptions } from './core.ts';

/**
 * An event (issue 26): contestants upload their programs, test competitions show where they stand,
 * the final plays the locked versions (docs/event-day.md). Two faces, kept apart:
 * - {@link EventService.organiser}: everything; the caller must give it only to the organiser (`jury
 *   serve`'s controls: this machine or the token link);
 * - {@link EventService.contestant}: every method takes a join code and reaches that contestant's own
 *   things only; it may be given to anyone on the LAN.
 * One process works an event at a time (the event file's lock); call {@link close} when done.
 */
export class EventService {
  readonly organiser: OrganiserFace;
  readonly contestant: ContestantFace;
  readonly #core: EventCore;

  private constructor(core: EventCore) {
    this.#core = core;
    this.organiser = new OrganiserFace(core);
    this.contestant = new ContestantFace(core);
  }

  /**
   * Creates an event in `options.folder` (which must hold none) from settings (shared/event/settings.ts,
   * checked: `invalid` with the field) and opens it.
   */
  static create(settings: unknown, options: EventServiceOptions): EventService {
    checkFolder(options.folder);
    const parsed = eventSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EventRefusal(
        'invalid',
        `${issue?.path.join('.') || 'settings'}: ${issue?.message ?? 'not valid'}`,
      );
    }
    const now = (): Date => options.now?.() ?? new Date();
    return new EventService(
      new EventCore(EventStore.create(options.folder, parsed.data, holderOf(options), now), options),
    );
  }

  /**
   * Opens the event in `options.folder` (refused with the store's StoreError: no event, a bad file,
   * another process working it). What a crash cut off is taken up again: versions found `received`,
   * `building` or `built` are built and smoke-tested again (await {@link idle}), and competitions found
   * running are marked `stopped` (run a new test; the final can be run again).
   */
  static open(options: EventServiceOptions): EventService {
    checkFolder(options.folder);
    const now = (): Date => options.now?.() ?? new Date();
    const store = EventStore.open(options.folder, holderOf(options), now);
    const service = new EventService(new EventCore(store, options));
    for (const c of store.competitions()) {
      if (c.state === 'running')
        store.setCompetitionState(c.id, 'stopped', 'interrupted: Jury stopped while it ran');
    }
    for (const s of store.submissions()) {
      if (['received', 'building', 'built'].includes(s.status.state))
        service.#core.build(s.id).catch(() => undefined);
    }
    return service;
  }

  /** The event's folder (absolute): its store, uploads and competitions. */
  get folder(): string {
    return this.#core.store.folder;
  }

  /** Resolves once every queued build and smoke test has ended. */
  idle(): Promise<void> {
    return this.#core.idle();
  }

  /** Waits for the builds under way, then closes the event's file and lets go of its lock. */
  async close(): Promise<void> {
    await this.#core.idle();
    this.#core.store.close();
  }
}

function checkFolder(folder: string): void {
  if (!isAbsolute(folder)) throw new Error(`EventService: the folder ${folder} is relative`);
}

function holderOf(options: EventServiceOptions): string {
  return options.holder ?? 'an event service';
}
