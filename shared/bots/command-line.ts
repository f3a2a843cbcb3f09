import { err, ok, type Result } from '../games/result.ts';

/**
 * How Jury splits a bot's command line typed as one line (`jury play --bot`, `jury run`'s and an
 * event's run commands, the app's arguments field) into a program and its arguments. One rule
 * everywhere, because no shell ever runs it:
 *
 * - words are separated by spaces and tabs;
 * - `'…'` keeps everything inside as it is; `"…"` too, except that `\"` and `\\` stand for `"` and `\`;
 * - outside quotes a backslash before a space, a quote, a backslash or an operator character makes that
 *   character ordinary (`a\ b` is one word); before anything else it is itself, so Windows paths
 *   (`C:\bots\mine.exe`) keep theirs;
 * - nothing is expanded: `$HOME`, `*.txt`, `~` and `#` are passed on as typed;
 * - the shell's operators `| & ; < > ( )` and a backquote, outside quotes, are refused (a pipe or a
 *   redirection would not happen: the bot is started directly), as is a quote left open.
 *
 * Shell-quote (the library) was not kept: it silently accepts a quote left open, takes `x#y` for a
 * comment, and turns `$HOME` into an empty word unless given the environment.
 */

/** Why a line is not a command line: `quote` (a quote left open) or `operator` (a shell operator). */
export interface CommandLineError {
  readonly code: 'quote' | 'operator';
  readonly message: string;
}

const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '`']);
const SPACE = /[ \t\r\n]/;

/** The words of `text` by the rule above (none for a blank line), or why it cannot be split. */
export function splitCommandLine(text: string): Result<string[], CommandLineError> {
  const scanned = scan(text);
  return scanned.ok ? ok(scanned.value.map((w) => w.word)) : scanned;
}

/**
 * A command line typed into one field as its program and the rest of the line exactly as typed (the
 * app's bot form puts them in two fields); null when the line is not two words or more, or cannot be
 * split.
 */
export function splitProgram(text: string): { program: string; rest: string } | null {
  const scanned = scan(text);
  const first = scanned.ok ? scanned.value[0] : undefined;
  if (!scanned.ok || first === undefined || scanned.value.length < 2) return null;
  return { program: first.word, rest: text.slice(first.end).trim() };
}

/** Each word with the index just past its last character in `text`. */
function scan(text: string): Result<{ word: string; end: number }[], CommandLineError> {
  const words: { word: string; end: number }[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === "'" || ch === '"') {
      const end = closingQuote(text, i);
      if (end < 0) return err({ code: 'quote', message: `a ${ch} quote is not closed` });
      const inside = text.slice(i + 1, end);
      word += ch === '"' ? inside.replace(/\\(["\\])/g, '$1') : inside;
      inWord = true;
      i = end;
    } else if (ch === '\\') {
      const next = text.charAt(i + 1);
      const escapes = next !== '' && (SPACE.test(next) || `'"\\`.includes(next) || OPERATORS.has(next));
      word += escapes ? next : ch;
      if (escapes) i++;
      inWord = true;
    } else if (SPACE.test(ch)) {
      if (inWord) words.push({ word, end: i });
      word = '';
      inWord = false;
    } else if (OPERATORS.has(ch)) {
      return err({
        code: 'operator',
        message: `"${ch}" is a shell operator: bots are started directly, without a shell (quote it to pass it on)`,
      });
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push({ word, end: text.length });
  return ok(words);
}

/** The index of the quote closing the one at `start`, or -1 (in `"…"`, `\"` does not close it). */
function closingQuote(text: string, start: number): number {
  const quote = text.charAt(start);
  for (let i = start + 1; i < text.length; i++) {
    const ch = text.charAt(i);
    if (quote === '"' && ch === '\\') i++;
    else if (ch === quote) return i;
  }
  return -1;
}
