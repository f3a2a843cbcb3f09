/** A value or an error, for every parser and check in shared/: nothing in shared/ throws on bad input. */
export type Result<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** A successful {@link Result}. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** A failed {@link Result}. */
export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/**
 * What is wrong with a piece of text given to Jury (a board string, a move line, a stored state):
 * a stable machine-readable `code`, a sentence for people that names what is wrong, and where possible
 * the 0-based character index of the problem.
 */
export interface InputError {
  readonly code: string;
  readonly message: string;
  readonly index?: number;
}

/** Shorthand for a failed {@link Result} carrying an {@link InputError}. */
export function inputError(
  code: string,
  message: string,
  index?: number,
): { readonly ok: false; readonly error: InputError } {
  return err(index === undefined ? { code, message } : { code, message, index });
}

/** A quoted, shortened rendering of untrusted text for error messages (bots can send anything). */
export function quote(text: string, max = 40): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown);
}
