/**
 * A small seeded random source (mulberry32), so that a seed run with the same `--random-seed`
 * draws the same mix of workflows, outcomes and durations. Ids stay random UUIDs.
 */
export class SeedRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A copy in the same state: it draws what this one would draw next. */
  clone(): SeedRandom {
    const copy = new SeedRandom(0);
    copy.#state = this.#state;
    return copy;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An index drawn with the given relative weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let point = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      point -= weights[i]!;
      if (point < 0) return i;
    }
    return weights.length - 1;
  }

  /** Log-normal around `median` (spread `sigma` in log space): task durations, queue delays. */
  logNormal(median: number, sigma: number): number {
    const u = Math.max(this.next(), Number.EPSILON);
    const v = this.next();
    const gaussian = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(sigma * gaussian);
  }

  /**
   * Zipf-like rank in [0, n): a few values are very common and most are rare, as customer ids
   * are in real metadata.
   */
  skewedIndex(n: number, skew = 3): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), skew)));
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }
}
