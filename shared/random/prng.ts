/**
 * The one seeded pseudo-random generator of Jury. Every random choice (boards, Flit's neutral pieces,
 * the judge's random takeover moves, tournament groupings) comes from here, so that it can be reproduced
 * from a recorded seed.
 *
 * The generator is SFC32 (Chris Doty-Humphrey's "small fast chaotic" 32-bit generator, from PractRand),
 * seeded through SplitMix32 as its author recommends. It is written here rather than taken from a
 * package because it is twenty lines, must be bit-for-bit stable forever (recorded games depend on it),
 * and must expose its four-word state so that a game state can carry it and be serialised.
 */

/** The complete state of a {@link Prng}: four unsigned 32-bit words. Plain data, safe to store as JSON. */
export type PrngState = readonly [number, number, number, number];

/** A 32-bit seed. Any integer is accepted; it is reduced modulo 2^32. */
export type Seed = number;

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * A mutable SFC32 generator. Create it with {@link Prng.fromSeed} or {@link Prng.fromState}; take its
 * state with {@link Prng.state} to store it. Callers that keep immutable game states must restore a Prng
 * from the state, draw, and store the new state: never share one instance between two game states.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(state: PrngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** A generator seeded from a 32-bit seed (reduced modulo 2^32); the first 12 outputs are discarded. */
  static fromSeed(seed: Seed): Prng {
    const mix = splitmix32(seed);
    const rng = new Prng([mix(), mix(), mix(), mix()]);
    for (let i = 0; i < 12; i++) rng.nextU32();
    return rng;
  }

  /** A generator that continues exactly from a stored state. Throws if the state is not four uint32s. */
  static fromState(state: PrngState): Prng {
    if (state.length !== 4 || state.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffffffff)) {
      throw new RangeError(`a PRNG state is four unsigned 32-bit integers, got ${JSON.stringify(state)}`);
    }
    return new Prng(state);
  }

  /** The current state; {@link Prng.fromState} on it continues the same sequence. */
  state(): PrngState {
    return [this.a, this.b, this.c, this.d];
  }

  /** The next unsigned 32-bit integer. */
  nextU32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = (this.b ^ (this.b >>> 9)) >>> 0;
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A uniform integer in [0, n) without modulo bias. `n` must be an integer in [1, 2^32]. */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) {
      throw new RangeError(`below(n) needs an integer n in [1, 2^32], got ${n}`);
    }
    // Rejection sampling: discard the top partial bucket so every result is equally likely.
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.nextU32();
      if (x < limit) return x % n;
    }
  }

  /** A uniform float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.nextU32() / 0x100000000;
  }

  /** One element of a non-empty array, uniformly. Throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty array');
    return items[this.below(items.length)] as T;
  }

  /** A shuffled copy of `items` (Fisher-Yates); the input is not changed. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/**
 * A seed derived from a parent seed and a path of labels or numbers (for example the tournament seed,
 * then round 3, then game 7). Different paths give unrelated seeds; the same path always gives the same.
 * Strings are hashed with FNV-1a over their UTF-16 code units.
 */
export function deriveSeed(seed: Seed, ...path: readonly (number | string)[]): Seed {
  let h = seed >>> 0;
  for (const part of path) {
    let x: number;
    if (typeof part === 'number') {
      x = part >>> 0;
    } else {
      x = 0x811c9dc5;
      for (let i = 0; i < part.length; i++) x = Math.imul(x ^ part.charCodeAt(i), 0x01000193) >>> 0;
    }
    h = splitmix32((h ^ Math.imul(x, 0x9e3779b1)) >>> 0)();
  }
  return h;
}
