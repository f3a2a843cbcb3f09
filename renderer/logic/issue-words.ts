import type { FieldIssue, Translate } from './draft-issues.ts';
import { issueLabelKey } from './issue-fields.ts';

/**
 * The one place where the engine's problems with a draft become the organiser's words: a schema's
 * complaint (its `kind` and `limit`, shared/tournament/issue-kinds.ts) is said in the user's language,
 * naming the field as the form labels it ("Swiss rounds must be at least 1."), never the schema's own
 * wording ("swissRounds must be at least 1", "Too small: expected number to be >=1"). An issue without a
 * kind is a rule's own sentence and is kept as the engine wrote it.
 */
export function inOrganiserWords(issue: FieldIssue, t: Translate): FieldIssue {
  if (issue.kind === undefined) return issue;
  const key = issueLabelKey(issue.path);
  const field = key === null ? t('newTournament.issues.kind.thisField') : t(key);
  const message = t(`newTournament.issues.kind.${issue.kind}`, { field, limit: issue.limit ?? '' });
  return { path: issue.path, message };
}

/**
 * Whether `message` names its field already (`label` is the field's label as the form shows it), so
 * that a list naming the field before each message does not say it twice.
 */
export function namesField(message: string, label: string): boolean {
  return message.toLowerCase().startsWith(label.toLowerCase());
}
