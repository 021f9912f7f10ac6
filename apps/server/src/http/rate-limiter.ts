/**
 * Token buckets keyed by client address and operation: a burst of `burst` requests, refilled
 * at `perSecond`. In memory, per process; buckets idle for long are forgotten.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly options: { burst: number; perSecond: number; idleMs?: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    this.forgetIdle(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.options.burst, updatedAt: now };
    bucket.tokens = Math.min(
      this.options.burst,
      bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.options.perSecond,
    );
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private lastSweep = 0;
  private forgetIdle(now: number): void {
    const idleMs = this.options.idleMs ?? 300_000;
    if (now - this.lastSweep < idleMs) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets)
      if (now - bucket.updatedAt > idleMs) this.buckets.delete(key);
  }
}
