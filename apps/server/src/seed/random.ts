/**
 * Seeded pseudo-randomness for the demo seed, so two runs with the same member count produce the
 * same members (reproducible demos and benchmarks). Not for anything secret: use node:crypto there.
 */

/** A source of floats in [0, 1). */
export type Rand = () => number;

/** mulberry32: a tiny 32-bit PRNG with good enough spread for test data. */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both inclusive. */
export function randInt(rand: Rand, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

/** One element of a non-empty list, uniformly. */
export function pickOne<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** One element chosen by relative weight; `weightOf` must be >= 0 and not all zero. */
export function pickWeighted<T>(rand: Rand, items: readonly T[], weightOf: (item: T) => number): T {
  let total = 0;
  for (const item of items) total += weightOf(item);
  let r = rand() * total;
  for (const item of items) {
    r -= weightOf(item);
    if (r < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** Pools above this size are sampled by index (see pickMany). */
const LARGE_POOL = 5000;

/** `count` distinct elements in random order (partial Fisher-Yates); fewer if the list is shorter. */
export function pickMany<T>(rand: Rand, items: readonly T[], count: number): T[] {
  // Large pools (100,000-member seeds): draw distinct indices instead of copying the pool each time.
  if (items.length > LARGE_POOL && count < items.length / 2) {
    const picked = new Set<number>();
    while (picked.size < count) picked.add(Math.floor(rand() * items.length));
    return [...picked].map((i) => items[i] as T);
  }
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rand() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}
