/**
 * The sandbox's only source of randomness: a small seeded PRNG (mulberry32), so the same seed
 * always gives the same ledger, the same pair limits and the same sequence of injected faults.
 * `Math.random` is never used here.
 */

/** FNV-1a, 32 bits: a stable hash of a string, used to derive seeds and per-record quirks. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const HEX = '0123456789abcdef';
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const BASE32_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const DIGITS = '0123456789';

/** How many character codes `chars` turns into a string at a time. */
const CHARS_SLICE = 4096;
/** The longest string `chars` makes in a reused array of codes (`scratch[length]`). */
const SCRATCH_MAX = 256;
const scratch: number[][] = [];

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** A new generator whose sequence depends only on this one's seed and `label`. */
  static derive(seed: number, label: string): Random {
    return new Random(hashString(`${seed >>> 0}:${label}`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const { keys, values, total } = weightTable(weights);
    let roll = this.next() * total;
    for (let i = 0; i < keys.length; i++) {
      roll -= values[i];
      if (roll < 0) return keys[i];
    }
    return keys[keys.length - 1];
  }

  /**
   * `length` characters of `alphabet`, each `alphabet[Math.floor(next() × alphabet.length)]`. The
   * generator's step is written out here with its state in a local, and the index is worked out in
   * 16-bit halves, in small integers: the same numbers exactly (`u / 2³² × n` is exact for a 32-bit
   * `u` and an `n` up to 2¹⁶), without a call and a float per character. The ledger's seeding draws
   * some 100 000 characters, mostly before V8 has optimised anything.
   */
  chars(alphabet: string, length: number): string {
    const size = alphabet.length;
    // Short strings (addresses, hashes, ids) reuse one array of their length: no array a string.
    const codes = length <= SCRATCH_MAX ? (scratch[length] ??= new Array<number>(length)) : new Array<number>(length);
    if (size > 0x10000) {
      for (let i = 0; i < length; i++) codes[i] = alphabet.charCodeAt(Math.floor(this.next() * size));
    } else {
      let state = this.state;
      for (let i = 0; i < length; i++) {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), state | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        t ^= t >>> 14;
        codes[i] = alphabet.charCodeAt(((t >>> 16) * size + (((t & 0xffff) * size) >>> 16)) >>> 16);
      }
      this.state = state;
    }
    // In slices: spread as arguments, a very long string's codes would overflow the stack.
    if (length <= CHARS_SLICE) return String.fromCharCode(...codes);
    let out = '';
    for (let i = 0; i < length; i += CHARS_SLICE) out += String.fromCharCode(...codes.slice(i, i + CHARS_SLICE));
    return out;
  }
}

interface WeightTable<K extends string> {
  readonly keys: readonly K[];
  readonly values: readonly number[];
  readonly total: number;
}

/**
 * The keys, weights and total of a weights object, made once per object (the tables are constants
 * drawn from thousands of times when a ledger is seeded). Weights tables are never changed.
 */
const weightTables = new WeakMap<object, WeightTable<string>>();

function weightTable<K extends string>(weights: Readonly<Record<K, number>>): WeightTable<K> {
  const known = weightTables.get(weights) as WeightTable<K> | undefined;
  if (known) return known;
  const entries = Object.entries(weights) as [K, number][];
  const table: WeightTable<K> = {
    keys: entries.map(([key]) => key),
    values: entries.map(([, weight]) => weight),
    total: entries.reduce((sum, [, w]) => sum + w, 0),
  };
  weightTables.set(weights, table);
  return table;
}
