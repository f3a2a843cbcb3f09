import type { Handlers } from '../../../shared/ipc/handlers.ts';
import type { EventService } from '../../engine/event/service.ts';
import { gameReplay } from '../tournaments/replay.ts';

/** The event channels of the contract (`event.*`). */
type EventHandlers = Pick<Handlers, `event.${string}` & keyof Handlers>;

/**
 * The event an engine serves, if any: `jury serve --event` attaches it once its server listens, with the
 * addresses contestants reach it at.
 */
export interface EventSlot {
  event: EventService | null;
  origins: readonly string[];
}

/**
 * The organiser's `event.*` handlers over the event in `slot` (the engine's organiser face; the caller
 * has checked that the client may control: electron/serve/access.ts). `event.info` answers null when no
 * event is open; every other channel is then refused with one line saying so.
 */
export function eventHandlers(slot: EventSlot): EventHandlers {
  const organiser = () => {
    if (!slot.event) throw new Error('no event is open: start jury serve with --event FOLDER');
    return slot.event.organiser;
  };
  return {
    'event.info': () => {
      if (!slot.event) return null;
      const o = slot.event.organiser;
      return {
        folder: slot.event.folder,
        settings: o.settings(),
        lock: o.lockState(),
        origins: [...slot.origins],
        competing: o.competitions().some((c) => c.state === 'running'),
      };
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
