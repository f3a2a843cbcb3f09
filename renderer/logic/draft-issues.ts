import type { Response } from '../../shared/ipc/contract.ts';
import { FORMAT_SEATS, fitsSeats } from '../../shared/tournament/formats/kinds.ts';
import { findGameInfo } from '../../shared/games/registry.ts';
import { boardLines, formatsWithoutWinner, hasBoards, type DraftForm } from './draft.ts';
import { factorRangeIssues } from './factor-range.ts';

/**
 * The new-tournament form's problems, each by its field's path (`name`, `bots`, `schedule.rounds`,
 * `boards.2`) as the engine's `tournaments.check` names them: the quick local checks, merging them with
 * the engine's, and finding the ones that belong next to a field.
 */

/** One problem with a field of the draft. */
export type FieldIssue = Response<'tournaments.check'>[number];

/** Translates a message key (vue-i18n's `t`): with named values, or a count that picks the plural form. */
export type Translate = (key: string, params?: Record<string, unknown> | number) => string;

/** Whether `path` is `field` or lies inside it (`boards.2` inside `boards`). */
export function isUnder(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}

/** The messages of the issues at `field` or inside it, without repeats. */
export function issuesAt(issues: readonly FieldIssue[], field: string): string[] {
  return [...new Set(issues.filter((i) => isUnder(i.path, field)).map((i) => i.message))];
}

/**
 * The issues no field of the form shows (they are listed together by the Create button): those whose
 * path is none of the `fields` and lies inside none of the `lists` (fields that show their items'
 * issues too, like `boards` for `boards.2`).
 */
export function unplacedIssues(
  issues: readonly FieldIssue[],
  fields: readonly string[],
  lists: readonly string[] = [],
): FieldIssue[] {
  return issues.filter((i) => !fields.includes(i.path) && !lists.some((f) => isUnder(i.path, f)));
}

/**
 * The local issues, then the engine's: an engine issue is left out when a local one already speaks about
 * the same path (the local one is translated), and exact repeats are left out.
 */
export function mergeIssues(local: readonly FieldIssue[], remote: readonly FieldIssue[]): FieldIssue[] {
  const covered = new Set(local.map((i) => i.path));
  const seen = new Set<string>();
  return [...local, ...remote.filter((i) => !covered.has(i.path))].filter((i) => {
    const key = `${i.path}\n${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The issues of the pasted boards with the line each is about: the engine numbers boards among the
 * non-empty lines (`boards.2` is the third board), the box shows line numbers.
 */
export function boardIssues(
  issues: readonly FieldIssue[],
  boardsText: string,
): { line: number | null; message: string }[] {
  const lines = boardLines(boardsText);
  return issues
    .filter((i) => isUnder(i.path, 'boards'))
    .map((i) => {
      const index = /^boards\.(\d+)/.exec(i.path)?.[1];
      const line = index === undefined ? null : (lines[Number(index)]?.line ?? null);
      return { line, message: i.message };
    });
}

/** What the form can tell at once, without asking the engine, in the user's language. */
export function localIssues(form: DraftForm, seats: number, t: Translate): FieldIssue[] {
  const out: FieldIssue[] = [];
  if (form.name.trim() === '') out.push({ path: 'name', message: t('newTournament.issues.name') });
  const needed = Math.max(2, seats);
  if (form.bots.length < needed)
    out.push({ path: 'bots', message: t('newTournament.issues.bots', { count: needed }) });
  // The engine's one seat rule (shared/tournament/formats/kinds.ts); the picker offers only fitting
  // formats, but a preset or a finished tournament run again may bring another.
  if (!fitsSeats(form.format, seats))
    out.push({
      path: 'schedule.kind',
      message: t(`newTournament.issues.formatSeats.${FORMAT_SEATS[form.format]}`, {
        format: t(`tournaments.format.${form.format}`),
        seats,
      }),
    });
  else if (formatsWithoutWinner(form.game, seats).includes(form.format))
    out.push({
      path: 'schedule.kind',
      message: t('newTournament.issues.noWinner', {
        format: t(`tournaments.format.${form.format}`),
        game: findGameInfo(form.game)?.title ?? form.game,
      }),
    });
  if (form.format === 'gauntlet') {
    const challengers = form.challengers.filter((id) => form.bots.includes(id)).length;
    if (challengers === 0)
      out.push({ path: 'schedule.challengers', message: t('newTournament.issues.noChallenger') });
    else if (form.bots.length - challengers < seats - 1)
      out.push({
        path: 'schedule.challengers',
        message: t('newTournament.issues.gauntletField', seats - 1),
      });
  }
  if (form.format === 'swiss' && form.finalists < seats)
    out.push({ path: 'schedule.finalists', message: t('newTournament.issues.finalists', { count: seats }) });
  if (form.boardMode === 'given' && hasBoards(form.game) && boardLines(form.boardsText).length === 0)
    out.push({ path: 'boards', message: t('newTournament.issues.noBoards') });
  out.push(...factorRangeIssues(form, t));
  return out;
}
