/**
 * The rate limits' ledger, in the scheduler's memory: what is left of each key's window. The
 * scheduler checks a task's claims here when it is about to assign it, spends them, and the
 * tick that writes the assignment writes the values it changed (`takeChanges`), so the table
 * is exact at every commit and is read back on start. A tick that fails gives the units back.
 *
 * Fixed windows (as the reference): once a window has passed since the last refill, the key is
 * whole again. A task that needs a key with nothing left waits until its refill; one that
 * needs a key that does not exist, or more units than its limit, can never run and fails
 * (RATE_LIMIT_ERROR).
 */
import type { RateLimitRow } from './queries/rate-limit.queries';
import { RATE_LIMIT_WINDOWS, type RateLimitClaim, type RateLimitDuration } from './rate-limits';

interface Bucket {
  tenantId: string;
  key: string;
  limit: number;
  windowMs: number;
  value: number;
  lastRefill: number;
}

export type RateLimitCheck =
  | { ok: true }
  /** Nothing to spend until `until`. */
  | { ok: false; reason: 'EXHAUSTED'; key: string; until: number; limit: number }
  /** It can never be spent: the task fails. */
  | { ok: false; reason: 'IMPOSSIBLE'; key: string; message: string };

/** What a task spent, to give back if its attempt never started. */
interface Spent {
  claims: readonly RateLimitClaim[];
  tenantId: string;
  /** Each key's lastRefill when spent: units of a window since refilled are not given back. */
  windows: number[];
}

export class RateLimitLedger {
  private readonly buckets = new Map<string, Bucket>();
  private readonly changed = new Set<Bucket>();
  private readonly spent = new Map<string, Spent>();

  get size(): number {
    return this.buckets.size;
  }

  /** A limit as stored, read at start-up. */
  load(row: RateLimitRow): void {
    this.buckets.set(id(row.tenantId, row.key), {
      tenantId: row.tenantId,
      key: row.key,
      limit: row.limitValue,
      windowMs: RATE_LIMIT_WINDOWS[row.duration as RateLimitDuration] ?? 1_000,
      value: row.value,
      lastRefill: row.lastRefill.getTime(),
    });
  }

  /**
   * PutRateLimit changed a limit: what its current window spent stays spent (memory is ahead of
   * the table by what the running tick spends, so the table's row only seeds a new key).
   */
  resize(row: RateLimitRow): void {
    const bucket = this.buckets.get(id(row.tenantId, row.key));
    if (!bucket) {
      this.load(row);
      return;
    }
    const used = bucket.limit - bucket.value;
    bucket.limit = row.limitValue;
    bucket.windowMs = RATE_LIMIT_WINDOWS[row.duration as RateLimitDuration] ?? 1_000;
    bucket.value = Math.max(0, row.limitValue - used);
    this.changed.add(bucket);
  }

  delete(tenantId: string, key: string): void {
    this.buckets.delete(id(tenantId, key));
  }

  /** Whether every claim can be spent now. */
  check(tenantId: string, claims: readonly RateLimitClaim[], now: number): RateLimitCheck {
    for (const claim of claims) {
      const bucket = this.bucket(tenantId, claim, now);
      if (!bucket) {
        return {
          ok: false,
          reason: 'IMPOSSIBLE',
          key: claim.key,
          message: `Rate limit "${claim.key}" does not exist`,
        };
      }
      if (claim.units > bucket.limit) {
        return {
          ok: false,
          reason: 'IMPOSSIBLE',
          key: claim.key,
          message: `The task needs ${claim.units} units of rate limit "${claim.key}", more than its limit of ${bucket.limit}`,
        };
      }
      if (bucket.value < claim.units) {
        return {
          ok: false,
          reason: 'EXHAUSTED',
          key: claim.key,
          until: bucket.lastRefill + bucket.windowMs,
          limit: bucket.limit,
        };
      }
    }
    return { ok: true };
  }

  /** Spends a task's claims (checked first) for its attempt. */
  spend(tenantId: string, taskId: string, claims: readonly RateLimitClaim[], now: number): void {
    const windows: number[] = [];
    for (const claim of claims) {
      const bucket = this.bucket(tenantId, claim, now)!;
      bucket.value -= claim.units;
      windows.push(bucket.lastRefill);
      this.changed.add(bucket);
    }
    this.spent.set(taskId, { claims, tenantId, windows });
  }

  /**
   * Gives back what an attempt spent, within the window it was spent in: its tick failed, or
   * it was cancelled before it started. True when anything came back.
   */
  refund(taskId: string): boolean {
    const spent = this.spent.get(taskId);
    if (!spent) return false;
    this.spent.delete(taskId);
    let returned = false;
    spent.claims.forEach((claim, i) => {
      const bucket = this.buckets.get(id(spent.tenantId, claim.key));
      if (!bucket || bucket.lastRefill !== spent.windows[i]) return;
      bucket.value = Math.min(bucket.limit, bucket.value + claim.units);
      this.changed.add(bucket);
      returned = true;
    });
    return returned;
  }

  /** The attempt ended (it ran): what it spent stays spent. */
  forget(taskId: string): void {
    this.spent.delete(taskId);
  }

  /** The values changed since the last call, for the tick's write. */
  takeChanges(): { tenantId: string; key: string; value: number; lastRefill: Date }[] {
    const rows = [...this.changed].map((b) => ({
      tenantId: b.tenantId,
      key: b.key,
      value: b.value,
      lastRefill: new Date(b.lastRefill),
    }));
    this.changed.clear();
    return rows;
  }

  /** What is left of a key now, for "why is this task waiting". */
  state(tenantId: string, key: string, now: number): { value: number; limit: number } | undefined {
    const bucket = this.buckets.get(id(tenantId, key));
    if (!bucket) return undefined;
    this.refill(bucket, now);
    return { value: bucket.value, limit: bucket.limit };
  }

  /**
   * The key, refilled if its window passed; a key the claim declares a limit for is created
   * as the trigger created its row (ON CONFLICT DO NOTHING), so memory and table agree.
   */
  private bucket(tenantId: string, claim: RateLimitClaim, now: number): Bucket | undefined {
    let bucket = this.buckets.get(id(tenantId, claim.key));
    if (!bucket && claim.limit !== null) {
      bucket = {
        tenantId,
        key: claim.key,
        limit: claim.limit,
        windowMs: RATE_LIMIT_WINDOWS[claim.duration],
        value: claim.limit,
        lastRefill: now,
      };
      this.buckets.set(id(tenantId, claim.key), bucket);
    }
    if (bucket) this.refill(bucket, now);
    return bucket;
  }

  private refill(bucket: Bucket, now: number): void {
    if (now - bucket.lastRefill < bucket.windowMs) return;
    bucket.value = bucket.limit;
    bucket.lastRefill = now;
    this.changed.add(bucket);
  }
}

function id(tenantId: string, key: string): string {
  return `${tenantId}\u0000${key}`;
}
