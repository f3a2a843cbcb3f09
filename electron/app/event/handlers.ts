import type { CheckedRequest } from '../../../shared/ipc/contract.ts';
import type { Handlers } from '../../../shared/ipc/handlers.ts';
import type { EventService } from '../../engine/event/service.ts';
import { gameReplay } from '../tournaments/replay.ts';

/** The event channels of the contract (`event.*`). */
type EventHandlers = Pick<Handlers, `event.${string}` & keyof Handlers>;

/** An event opened by `event.open`, served to the LAN until {@link close}. */
export interface OpenedEvent {
  readonly event: EventService;
  readonly origins: readonly string[];
  /** Stops serving it and closes it. */
  close(): Promise<void>;
}

/** Opens (or creates) an event and serves it to the LAN: the desktop app's (desktop-event.ts). */
export type EventOpener = (request: CheckedRequest<'event.open'>) => Promise<OpenedEvent>;

/**
 * The event an engine serves, if any: `jury serve --event` attaches it once its server listens, with the
 * addresses contestants reach it at; the desktop app opens one with `event.open` (`opened`).
 */
export interface EventSlot {
  event: EventService | null;
  origins: readonly string[];
  opened?: OpenedEvent | null;
  /** How this host opens an event; absent where it cannot (`jury serve` serves its `--event`). */
  readonly opener?: EventOpener;
}

/**
 * The organiser's `event.*` handlers over the event in `slot` (the engine's organiser face; the caller
 * has checked that the client may control: electron/serve/access.ts). `event.info` answers null when no
 * event is open; every other channel is then refused with one line saying so.
 */
export function eventHandlers(slot: EventSlot): EventHandlers {
  const organiser = () => {
    if (!slot.event) throw new Error('no event is open');
    return slot.event.organiser;
  };
  const infoOf = (event: EventService) => {
    const o = event.organiser;
    return {
      folder: event.folder,
      settings: o.settings(),
      lock: o.lockState(),
      origins: [...slot.origins],
      competing: o.competitions().some((c) => c.state === 'running'),
    };
  };
  return {
    'event.info': () => (slot.event ? infoOf(slot.event) : null),
    'event.open': async (request) => {
      if (!slot.opener)
        throw new Error('this server serves the event it was started with (jury serve --event)');
      if (slot.event) throw new Error(`an event is open (${slot.event.folder}): close it first`);
      const opened = await slot.opener(request);
      slot.opened = opened;
      slot.event = opened.event;
      slot.origins = opened.origins;
      return infoOf(opened.event);
    },
    'event.close': async () => {
      if (!slot.event) return null;
      if (!slot.opened) throw new Error('this server serves its --event until it stops');
      const opened = slot.opened;
      slot.opened = null;
      slot.event = null;
      slot.origins = [];
      await opened.close();
      return null;
    },
    'event.contestants': () => organiser().contestants(),
    'event.addContestants': ({ names }) => organiser().addContestants(names),
    'event.newCode': ({ id }) => organiser().newCode(id),
    'event.submissions': () => organiser().submissions(),
    'event.source': ({ id }) => {
      const face = organiser();
      const submission = face.submissions().find((s) => s.id === id);
      const bytes = face.source(id);
      return {
        fileName: submission?.fileName ?? id,
        size: bytes.byteLength,
        text: submission?.kind === 'file' ? textOf(bytes) : null,
      };
    },
    'event.disqualify': ({ id, reason }) => organiser().disqualify(id, reason),
    'event.readmit': ({ id }) => organiser().readmit(id),
    'event.setLocked': ({ locked }) => organiser().setLocked(locked),
    'event.runTest': () => organiser().runTest(),
    'event.runFinal': () => organiser().runFinal(),
    'event.competitions': () => organiser().competitions(),
    'event.standings': ({ competition }) => organiser().standings(competition),
    'event.games': ({ competition }) => organiser().games(competition),
    'event.replay': ({ competition, index }) =>
      gameReplay(competition, index, organiser().game(competition, index)),
  };
}

/** A source file's text (uploads were checked to be UTF-8), or null when it is not. */
function textOf(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
