/**
 * Seeded PRNG kept in game state. The state is a plain number array so it lives inside the JSON game
 * state and replays exactly.
 *
 * The generator is ChaCha20's keystream (RFC 8439 block function, nonce zero), keyed by the 32 bytes of
 * SHA-256 of "parlor-rng/" and the seed, each draw 4 keystream bytes read little-endian: a cryptographic
 * generator, so what a player sees (dice, their own cards, every card of a finished Tractor round) tells
 * nothing about the dice, deals and deck orders still to come. The key hashes a prefix and the seed, never
 * the seed alone: the table publishes SHA-256(seed) as its commitment at the start, and a prefix (unlike a
 * suffix, open to length extension) keeps the key underivable from it. State: the 8 key words, the block counter and the next word's index in the block.
 *
 * Games recorded before this generator used xoshiro128** (Blackman & Vigna, 2018): `seedFor(seed,
 * 'xoshiro128**')` reproduces it (4-word state, words seeded by SplitMix32 of FNV-1a of
 * `${seed}/${lane}`), so their records and journals replay as they were played. Every function below
 * serves both, told apart by the state's length.
 *
 * The functions advance the array in place: an engine calls them on the fresh copy of the state that
 * `applyMove` is building, never on its input.
 */
export type RngState = number[];

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

const CHACHA_STATE_WORDS = 10;
const LEGACY_PREFIX = 'xoshiro128**:';

/**
 * The generators a record or journal names (`rng`): `chacha20` for every game from now on; one that names
 * none was made before records did, with `xoshiro128**`.
 */
export const GENERATORS = ['chacha20', 'xoshiro128**'] as const;
export type Generator = (typeof GENERATORS)[number];

/** The generator a stored game (record or journal) was drawn with: one that names none, `xoshiro128**`. */
export function recordedGenerator(rng: Generator | undefined): Generator {
  return rng ?? 'xoshiro128**';
}

/**
 * The seed text an engine's `setup` takes to draw from `generator` with a game's `seed`. A seed that itself
 * begins with the former generator's mark is refused for `chacha20` (a RangeError): else a record could
 * name `chacha20` and still draw from xoshiro128**.
 */
export function seedFor(seed: string, generator: Generator): string {
  if (generator === 'xoshiro128**') return LEGACY_PREFIX + seed;
  if (seed.startsWith(LEGACY_PREFIX)) throw new RangeError(`A chacha20 seed may not begin with "${LEGACY_PREFIX}".`);
  return seed;
}

/** A fresh generator for `seed`: ChaCha20, or xoshiro128** for a seed written by `seedFor(…, 'xoshiro128**')`. */
export function seedRng(seed: string): RngState {
  if (seed.startsWith(LEGACY_PREFIX)) return seedXoshiro(seed.slice(LEGACY_PREFIX.length));
  // RFC 8439 reads the 32 key bytes as little-endian words; SHA-256 gives big-endian ones.
  return [...sha256(new TextEncoder().encode(`parlor-rng/${seed}`)).map(byteSwap), 0, 0];
}

const byteSwap = (w: number) => (((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24)) >>> 0;

/** Next unsigned 32-bit output (ChaCha20: the next 4 keystream bytes, little-endian); advances `s`. */
export function nextUint32(s: RngState): number {
  return s.length === CHACHA_STATE_WORDS ? nextChacha(s) : nextXoshiro(s);
}

// ChaCha20 (RFC 8439): the keystream's words in order, block after block.

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

// The rounds' working words: a block is computed in place, with nothing allocated (a race computes one a roll,
// and each table's key differs, so the cache below rarely serves two tables' rolls in a row).
const working = new Uint32Array(16);

/** One 64-byte block as 16 words into `out`: `key` 8 words (the first 8 read), a 32-bit block counter, `nonce` 3 words. */
export function chacha20Block(key: ArrayLike<number>, counter: number, nonce: ArrayLike<number>, out = new Uint32Array(16)): Uint32Array {
  for (let i = 0; i < 4; i++) out[i] = SIGMA[i]!;
  for (let i = 0; i < 8; i++) out[4 + i] = key[i]!;
  out[12] = counter;
  for (let i = 0; i < 3; i++) out[13 + i] = nonce[i]!;
  const x = working;
  x.set(out);
  for (let round = 0; round < 10; round++) {
    quarterRound(x, 0, 4, 8, 12);
    quarterRound(x, 1, 5, 9, 13);
    quarterRound(x, 2, 6, 10, 14);
    quarterRound(x, 3, 7, 11, 15);
    quarterRound(x, 0, 5, 10, 15);
    quarterRound(x, 1, 6, 11, 12);
    quarterRound(x, 2, 7, 8, 13);
    quarterRound(x, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) out[i] = out[i]! + x[i]!; // a Uint32Array keeps the sum mod 2^32
  return out;
}

function quarterRound(x: Uint32Array, a: number, b: number, c: number, d: number) {
  let va = x[a]!;
  let vb = x[b]!;
  let vc = x[c]!;
  let vd = x[d]!;
  va = (va + vb) | 0;
  vd = rotl(vd ^ va, 16);
  vc = (vc + vd) | 0;
  vb = rotl(vb ^ vc, 12);
  va = (va + vb) | 0;
  vd = rotl(vd ^ va, 8);
  vc = (vc + vd) | 0;
  vb = rotl(vb ^ vc, 7);
  x[a] = va;
  x[b] = vb;
  x[c] = vc;
  x[d] = vd;
}

// The last block computed, by its key and counter (s[0..8]): a draw of several words (a shuffle, two
// dice) computes its block once.
const cachedInput: number[] = [NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN, NaN];
const cachedBlock = new Uint32Array(16);
const nonce = [0, 0, 0];

function nextChacha(s: RngState): number {
  const block = s[8]!;
  let cached = true;
  for (let i = 0; cached && i < 9; i++) cached = cachedInput[i] === s[i];
  if (!cached) {
    // Blocks past 2^32 carry into the first nonce word (a stream longer than any game draws).
    nonce[0] = Math.floor(block / 0x100000000);
    chacha20Block(s, block >>> 0, nonce, cachedBlock);
    for (let i = 0; i < 9; i++) cachedInput[i] = s[i]!;
  }
  const word = cachedBlock[s[9]!]!;
  if (s[9] === 15) {
    s[8] = block + 1;
    s[9] = 0;
  } else s[9] = s[9]! + 1;
  return word;
}

// SHA-256 (FIPS 180-4) for the key; its constants are the first 32 fraction bits of the square roots
// (initial hash) and cube roots (round constants) of the first primes.

// The first 64 primes, 2 to 311.
const PRIMES = Array.from({ length: 312 }, (_, n) => n).filter((n) => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0));
const fraction32 = (x: number) => Math.floor((x - Math.floor(x)) * 0x100000000) >>> 0;
const SHA_INITIAL = PRIMES.slice(0, 8).map((p) => fraction32(Math.sqrt(p)));
const SHA_ROUND = PRIMES.slice(0, 64).map((p) => fraction32(Math.cbrt(p)));

/** SHA-256 of `bytes` as 8 big-endian words. */
export function sha256(bytes: Uint8Array): number[] {
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);
  const hash = Uint32Array.from(SHA_INITIAL);
  const w = new Uint32Array(64);
  const rotate = (v: number, k: number) => (v >>> k) | (v << (32 - k));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotate(w[i - 15]!, 7) ^ rotate(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotate(w[i - 2]!, 17) ^ rotate(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 = h! + (rotate(e!, 6) ^ rotate(e!, 11) ^ rotate(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + SHA_ROUND[i]! + w[i]!;
      const t2 = (rotate(a!, 2) ^ rotate(a!, 13) ^ rotate(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!));
      [h, g, f, e, d, c, b, a] = [g, f, e, (d! + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, h].forEach((v, i) => (hash[i] = hash[i]! + v!));
  }
  return Array.from(hash);
}

// xoshiro128**: the former generator, for games recorded with it.

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

function seedXoshiro(seed: string): RngState {
  const words = [0, 1, 2, 3].map((lane) => splitmix32(fnv1a(`${seed}/${lane}`)));
  if (!words.some((w) => w !== 0)) words[0] = 1; // the all-zero state is the one fixed point
  return words;
}

function nextXoshiro(s: RngState): number {
  const x = s as [number, number, number, number];
  const result = Math.imul(rotl(Math.imul(x[1], 5), 7), 9) >>> 0;
  const t = x[1] << 9;
  x[2] ^= x[0];
  x[3] ^= x[1];
  x[1] ^= x[2];
  x[0] ^= x[3];
  x[2] ^= t;
  x[3] = rotl(x[3], 11);
  for (let i = 0; i < 4; i++) x[i] = x[i]! >>> 0;
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
