import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH, formatCode } from '../../../shared/event/join-code.ts';

/**
 * A new join code (shared/event/join-code.ts): 16 symbols drawn uniformly with node:crypto's
 * randomInt, about 79 bits, in groups of 4 (`K7QX-M3TR-9WHE-PZ2A`). Show it once; the store keeps its hash.
 */
export function newJoinCode(): string {
  return formatCode(Array.from({ length: CODE_LENGTH }, () => randomInt(CODE_ALPHABET.length)));
}
