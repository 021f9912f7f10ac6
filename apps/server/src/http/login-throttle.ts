/**
 * Slows down password guessing. Once an account has had `freeFailuresPerAccount` failed
 * sign-ins (or a client address `freeFailuresPerAddress`, higher because many people can share
 * one address) within the window, each further attempt must wait twice as long as the last,
 * from 1 second up to 15 minutes. A successful sign-in clears the account's record.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; lastAt: number }>();

  constructor(
    private readonly options = {
      freeFailuresPerAccount: 5,
      freeFailuresPerAddress: 20,
      windowMs: 15 * 60_000,
      maxDelayMs: 15 * 60_000,
    },
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds the caller must still wait before trying again; 0 when allowed. */
  waitMs(email: string, address: string): number {
    const now = this.now();
    return Math.max(
      this.waitFor(`account:${email}`, this.options.freeFailuresPerAccount, now),
      this.waitFor(`address:${address}`, this.options.freeFailuresPerAddress, now),
    );
  }

  recordFailure(email: string, address: string): void {
    const now = this.now();
    for (const key of [`account:${email}`, `address:${address}`]) {
      const entry = this.live(key, now);
      this.failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: now });
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`account:${email}`);
  }

  private waitFor(key: string, freeFailures: number, now: number): number {
    const entry = this.live(key, now);
    if (!entry || entry.count < freeFailures) return 0;
    const delay = Math.min(this.options.maxDelayMs, 1000 * 2 ** (entry.count - freeFailures));
    return Math.max(0, entry.lastAt + delay - now);
  }

  private live(key: string, now: number) {
    const entry = this.failures.get(key);
    if (entry && now - entry.lastAt > this.options.windowMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }
}
