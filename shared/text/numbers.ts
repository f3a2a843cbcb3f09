/**
 * The one reader of numbers people type: the app's number boxes (settings, the new-tournament form,
 * seeding ratings, the create-an-event form) and the CLI's numeric options. Each caller turns the
 * reading into its own message (a field's problem, a usage error); none parses numbers itself.
 */

/** What a typed text holds. */
export type NumberReading =
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly value: number }
  /** Not a number, or not a whole one where a whole number is asked for. */
  | { readonly kind: 'not-a-number' }
  | { readonly kind: 'out-of-range'; readonly value: number };

/** What {@link readNumber} accepts: a whole number or any decimal, within `min` … `max` (null: no bound). */
export interface NumberRule {
  readonly whole?: boolean;
  readonly min?: number | null;
  readonly max?: number | null;
}

const WHOLE = /^-?\d+$/;
// Plain decimals as people type them ("1.5", "-2", ".5"): never "1e3", "0x10" or "Infinity".
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads `text` (surrounding blanks ignored) by `rule`: empty, a number within the bounds, not a number
 * (a whole number when `rule.whole`), or a number out of range.
 */
export function readNumber(text: string, rule: NumberRule = {}): NumberReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!(rule.whole ? WHOLE : DECIMAL).test(trimmed)) return { kind: 'not-a-number' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { kind: 'not-a-number' };
  const { min = null, max = null } = rule;
  if ((min !== null && value < min) || (max !== null && value > max)) return { kind: 'out-of-range', value };
  return { kind: 'number', value };
}
