import { readNumber } from '../../shared/text/numbers.ts';
import { UsageError } from './usage-error.ts';

/**
 * The value of a whole-number option (`--seed 3`, `--concurrency 2`) within `min` … `max`, read by the one
 * number reader; anything else is a usage error in one wording: `<name> must be a whole number from
 * <min> to <max>, got <text>`.
 */
export function wholeNumberOption(name: string, text: string, min: number, max: number): number {
  const read = readNumber(text, { whole: true, min, max });
  if (read.kind === 'number') return read.value;
  throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got ${text}`);
}
