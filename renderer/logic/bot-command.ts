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
