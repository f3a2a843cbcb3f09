import { splitCommandLine as splitWords, splitProgram } from '../../shared/bots/command-line.ts';

/**
 * The bot library form's command fields as plain text and back: arguments typed on one line (quotes keep
 * spaces: `--name "my bot"`), the environment as `NAME=value` lines, a command line typed into the
 * program field split into program and arguments, and the quick problems the form can tell at once.
 */

/** One problem of the add form, by field (`path`, `args`, `cwd`, `env`, `name`). */
export interface AddFieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Words of `text` by Jury's one rule for command lines (shared/bots/command-line.ts, as the CLI and an
 * event's run commands split them); null when it cannot be split (see {@link argsProblem}).
 */
export function splitArgs(text: string): string[] | null {
  const split = splitWords(text);
  return split.ok ? split.value : null;
}

/** Why `text` cannot be split: `quote` (left open) or `operator` (a shell operator); null when it can. */
export function argsProblem(text: string): 'quote' | 'operator' | null {
  const split = splitWords(text);
  return split.ok ? null : split.error.code;
}

/** The environment lines (`NAME=value`, blank lines skipped) and the numbers (from 1) of bad lines. */
export function parseEnv(text: string): { env: Record<string, string>; bad: number[] } {
  const env: Record<string, string> = {};
  const bad: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    const key = m?.[1];
    if (key !== undefined) env[key] = m?.[2] ?? '';
    else bad.push(i + 1);
  });
  return { env, bad };
}

/**
 * A command line typed into the program field (`python3 bot.py --fast`) as program and arguments, or
 * null when the field holds one word (a path with spaces must be quoted to stay one).
 */
export function splitCommandLine(text: string): { program: string; args: string } | null {
  const split = splitProgram(text.trim());
  return split && { program: split.program, args: split.rest };
}

/** The problems the form can tell without asking the engine, in the user's language. */
export function localAddIssues(
  fields: { readonly args: string; readonly env: string },
  t: (key: string, params?: Record<string, unknown>) => string,
): AddFieldIssue[] {
  const out: AddFieldIssue[] = [];
  const problem = argsProblem(fields.args);
  if (problem !== null) out.push({ path: 'args', message: t(`bots.add.issues.${problem}`) });
  for (const line of parseEnv(fields.env).bad)
    out.push({ path: 'env', message: t('bots.add.issues.envLine', { line }) });
  return out;
}

/**
 * One word of a command line written so that Jury's rule reads it back as the same word: as it is when
 * it holds no space, quote, backslash or shell operator; else in single quotes, or in double quotes
 * (with `\"` and `\\`) when it holds a single quote.
 */
export function quoteWord(word: string): string {
  if (word !== '' && !/[\s'"\\|&;<>()`]/.test(word)) return word;
  if (!word.includes("'")) return `'${word}'`;
  return `"${word.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A bot's program and arguments as one command line (splitting it gives them back). */
export function commandText(program: string, args: readonly string[]): string {
  return [program, ...args].map(quoteWord).join(' ');
}

/**
 * A bot's command line shortened to about `max` characters for a list: whole when it fits, else the
 * program's folders folded into `…/` (its file name and every argument kept), then cut at the end with
 * `…`. The list shows the whole line on hover and focus.
 */
export function shortCommand(program: string, args: readonly string[], max = 48): string {
  const whole = commandText(program, args);
  if (whole.length <= max) return whole;
  const slash = Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\'));
  const folded = slash < 0 ? whole : `…${program[slash]}${commandText(program.slice(slash + 1), args)}`;
  return folded.length <= max ? folded : `${folded.slice(0, max - 1)}…`;
}
