/**
 * Join codes: what a contestant types to sign in. A code is 16 symbols from an alphabet without
 * look-alikes (no 0/O, 1/I/L), shown in 4 groups of 4 (`K7QX-M3TR-9WHE-PZ2A`): 31^16 ≈ 2^79 codes,
 * far beyond guessing over a LAN. Codes are drawn by the Node side with a cryptographic generator
 * (electron/engine/event/codes.ts) and stored hashed; this file holds the pure rules.
 */

/** The symbols of a code: digits 2–9 and A–Z without I, L and O. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Symbols per code. */
export const CODE_LENGTH = 16;

/** Symbols per group when a code is shown. */
const GROUP = 4;

/** The entropy of a code in bits (≈ 79). */
export const CODE_BITS = CODE_LENGTH * Math.log2(CODE_ALPHABET.length);

/** A code from symbol indexes (each 0 … alphabet length − 1), in groups: `K7QX-M3TR-9WHE-PZ2A`. */
export function formatCode(indexes: readonly number[]): string {
  const symbols = indexes.map((i) => CODE_ALPHABET[i] ?? '?').join('');
  return (symbols.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? []).join('-');
}

/**
 * A code as typed, in its one canonical form (upper case, no spaces or dashes), or null when it cannot
 * be a code (wrong length, a symbol outside the alphabet). Lower case, spaces and dashes are forgiven.
 */
export function normalizeCode(typed: string): string | null {
  if (typed.length > 64) return null;
  const bare = typed.toUpperCase().replace(/[\s-]/g, '');
  if (bare.length !== CODE_LENGTH) return null;
  for (const c of bare) if (!CODE_ALPHABET.includes(c)) return null;
  return bare;
}
