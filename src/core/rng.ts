/**
 * Seeded PRNG kept in game state: xoshiro128** (Blackman & Vigna, 2018), 128 bits of state as four
 * unsigned 32-bit words. The state is a plain number array so it lives inside the JSON game state and
 * replays exactly. Seeding: each word is SplitMix32 of an FNV-1a hash of `${seed}/${lane}`.
 *
 * The functions advance the array in place: an engine calls them on the fresh copy of the state that
 * `applyMove` is building, never on its input.
 */
export type RngState = [number, number, number, number];

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export function seedRng(seed: string): RngState {
  const words = [0, 1, 2, 3].map((lane) => splitmix32(fnv1a(`${seed}/${lane}`))) as RngState;
  if (words.every((w) => w === 0)) words[0] = 1; // the all-zero state is the one fixed point
  return words;
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** Next unsigned 32-bit output; advances `s`. */
export function nextUint32(s: RngState): number {
  const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
  const t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  for (let i = 0; i < 4; i++) s[i] = s[i]! >>> 0;
  return result;
}

/** Uniform float in [0, 1). */
export function nextFloat(s: RngState): number {
  return nextUint32(s) / 0x100000000;
}

/** Uniform integer in [0, n), without modulo bias. */
export function randomInt(s: RngState, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`randomInt needs a positive integer, got ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  let x = nextUint32(s);
  while (x >= limit) x = nextUint32(s);
  return x % n;
}

/** One die with `sides` faces: 1..sides. */
export function rollDie(s: RngState, sides = 6): number {
  return randomInt(s, sides) + 1;
}

/** Fisher–Yates shuffle of a copy of `items`. */
export function shuffled<T>(s: RngState, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(s, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A RandomSource (() => [0,1)) over its own copy of a seeded stream: for bots and tests. */
export function randomSource(seed: string): () => number {
  const s = seedRng(seed);
  return () => nextFloat(s);
}

/** Fisher–Yates shuffle of a copy of `items` with a RandomSource (bots, leak probes). */
export function shuffleWith<T>(random: () => number, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Picks one element uniformly with a RandomSource. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}
