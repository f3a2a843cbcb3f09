/** Why the event refused a request; nothing stored was changed. */
export type EventRefusalCode =
  /** A value that does not have the documented shape (settings, a name, a choice). */
  | 'invalid'
  /** A code that signs no one in. */
  | 'denied'
  /** No such thing for this caller (a version, a competition or a game that is not theirs, or none). */
  | 'not-found'
  /** Uploads are locked: by hand, or the deadline has passed. */
  | 'locked'
  /** The upload itself is refused (upload.ts): empty, too large, not text, a bad archive … */
  | 'bad-upload'
  /** The request does not fit the event's state (a final before the lock, a second final at once). */
  | 'conflict';

/** A refusal with a code the caller switches on and a one-line message to show as it is. */
export class EventRefusal extends Error {
  readonly code: EventRefusalCode;

  constructor(code: EventRefusalCode, message: string) {
    super(message);
    this.name = 'EventRefusal';
    this.code = code;
  }
}
