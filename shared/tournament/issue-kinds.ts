/**
 * What kind of problem a schema found with a field, apart from its English wording: the app's form says
 * each kind in the organiser's words and language, naming the field as the form labels it
 * (renderer/logic/issue-words.ts), while the CLI keeps the schema's sentence for a config file's author.
 * Pure: it reads a zod issue's plain fields and imports nothing.
 */

/** Every kind of field problem the form words itself. */
export const ISSUE_KINDS = [
  /** A number below its smallest value (`limit`). */
  'too-small',
  /** A list or text with fewer than `limit` items or characters. */
  'too-few',
  /** A number above its largest value (`limit`). */
  'too-big',
  /** A number with a fraction where a whole number is needed. */
  'whole-number',
  /** Missing, or of the wrong type (an empty number box). */
  'required',
  /** Any other shape the schema refuses (an unknown choice, a malformed value). */
  'not-valid',
  /** The name is used by another tournament. */
  'name-taken',
] as const;

/** One of {@link ISSUE_KINDS}. */
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** The fields of a zod issue this reads (any zod version's issue fits). */
export interface SchemaIssue {
  readonly code: string;
  readonly message: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly expected?: unknown;
  readonly origin?: unknown;
}

/** A schema issue's kind and its limit, if it has one; null for a rule's own sentence (`custom`). */
export function issueKind(issue: SchemaIssue): { kind: IssueKind; limit?: number } | null {
  const limit = (value: unknown) =>
    typeof value === 'number' || typeof value === 'bigint' ? Number(value) : null;
  switch (issue.code) {
    case 'too_small': {
      const min = limit(issue.minimum);
      if (min === null) return { kind: 'not-valid' };
      return {
        kind: issue.origin === 'number' || issue.origin === 'bigint' ? 'too-small' : 'too-few',
        limit: min,
      };
    }
    case 'too_big': {
      const max = limit(issue.maximum);
      return max === null ? { kind: 'not-valid' } : { kind: 'too-big', limit: max };
    }
    case 'invalid_type':
      return { kind: issue.expected === 'int' ? 'whole-number' : 'required' };
    case 'custom':
      return null;
    default:
      return { kind: 'not-valid' };
  }
}
