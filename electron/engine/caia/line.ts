/**
 * How caiaio reads a line from the referee (docs/caia.md, PROTOCOL.md §2): the first word as C's
 * `sscanf("%s")` reads it, then one following space or tab skipped; numbers as `strtol` reads them.
 * Implemented from the described behaviour, quirks included, so that a referee sees what caiaio does.
 */

/** C's `isspace` in the C locale: what `%s` skips and stops at. */
function isCSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\v' || ch === '\f' || ch === '\r';
}

/** A first word and the text after it. */
export interface Word {
  /** The first word ("" when the text is blank). */
  readonly word: string;
  /** The rest, exactly as caiaio passes it on. */
  readonly rest: string;
}

/**
 * caiaio's first-word parse: leading blanks are skipped to find the word, but the rest starts the
 * word's length from the start of the text (caiaio's quirk: only text without leading blanks, which is
 * what referees write, splits cleanly), and then skips one space or tab. A `\r` is a blank to the word
 * but stays in the rest. Blank text gives the word "" and the text unchanged.
 */
export function readWord(text: string): Word {
  let start = 0;
  while (start < text.length && isCSpace(text[start])) start += 1;
  let end = start;
  while (end < text.length && !isCSpace(text[end])) end += 1;
  const word = text.slice(start, end);
  if (word === '') return { word, rest: text };
  let pos = word.length;
  if (text[pos] === ' ' || text[pos] === '\t') pos += 1;
  return { word, rest: text.slice(pos) };
}

/** A number as caiaio reads it: the next word, its leading digits as `strtol` takes them (`12abc` is 12). */
export type ReadInt =
  | { readonly kind: 'int'; readonly value: number; readonly rest: string }
  /** No word at all: caiaio's "Incomplete … command". */
  | { readonly kind: 'missing' }
  /** A word that does not start with a number: caiaio's "Invalid … command". */
  | { readonly kind: 'invalid'; readonly word: string };

/** Reads a number the way caiaio's commands do (see {@link ReadInt}). */
export function readInt(text: string): ReadInt {
  const { word, rest } = readWord(text);
  if (word === '') return { kind: 'missing' };
  const digits = /^[+-]?\d+/.exec(word);
  if (digits === null) return { kind: 'invalid', word };
  return { kind: 'int', value: Number(digits[0]), rest };
}

/** Where a referee's line goes. */
export type Route =
  /** `I …`: a command to the host; `rest` is the text after `I`. */
  | { readonly kind: 'command'; readonly rest: string }
  /** `M …`: a line for the manager (Jury): the result report. */
  | { readonly kind: 'manager'; readonly text: string }
  /** `k …`: `text` goes to player k's standard input. */
  | { readonly kind: 'player'; readonly player: number; readonly text: string }
  /** Anything else: silently ignored, as caiaio does. */
  | { readonly kind: 'ignored' };

/**
 * Routes one line from the referee. A player number must be written exactly as caiaio prints it
 * (`1` … `players`): `01`, `+1` or `1abc` are ignored, like every other unknown first word.
 */
export function routeLine(line: string, players: number): Route {
  const { word, rest } = readWord(line);
  if (word === 'I') return { kind: 'command', rest };
  if (word === 'M') return { kind: 'manager', text: rest };
  if (/^[1-9]\d*$/.test(word)) {
    const player = Number(word);
    if (player <= players) return { kind: 'player', player, text: rest };
  }
  return { kind: 'ignored' };
}
