import type { ZodError } from 'zod';

/**
 * Why the store refused something. The runner and the CLI switch on the code (for example to tell a user
 * that a file belongs to a newer Jury) and show the message, which always names what is wrong.
 */
export type StoreErrorCode =
  /** A value handed to the store does not have the documented shape. */
  | 'invalid'
  /** The file is missing, is not SQLite, or is not a Jury tournament store. */
  | 'not-a-store'
  /** The file is a Jury store (or SQLite) but damaged: a broken header, cut off, a bad page, missing tables. */
  | 'damaged'
  /** Another run holds the store's run lock (see run-lock.ts); the message names the holder. */
  | 'locked'
  /** `create` was asked to create a file that already exists. */
  | 'exists'
  /** The file was written by a newer Jury with a schema this one does not know. */
  | 'newer-schema'
  /** A read-only open of a file whose schema must first be upgraded. */
  | 'needs-upgrade'
  /** A game index, participant id or other reference does not exist (or already exists). */
  | 'conflict'
  /** `finishGame` for a game that already has a result: finished games are never stored twice. */
  | 'already-finished'
  /** The store was used after `close`. */
  | 'closed';

/** An error the store raises on purpose; nothing already stored was changed when it is thrown. */
export class StoreError extends Error {
  /** What kind of refusal this is. */
  readonly code: StoreErrorCode;

  /** An error with a code and a message that names what is wrong. */
  constructor(code: StoreErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Turns a zod failure into a StoreError that names the value and the first wrong field. */
export function invalid(what: string, error: ZodError): StoreError {
  const lines = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length ? issue.path.join('.') : '(top level)';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return new StoreError('invalid', `${what}: ${lines.join('; ')}${more}`);
}

/** Converts SQLite's JSON text into a value, naming the column if the stored text is damaged. */
export function parseStoredJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new StoreError('not-a-store', `${what} is not valid JSON in the store: ${(e as Error).message}`);
  }
}
