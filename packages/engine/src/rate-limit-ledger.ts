/**
 * The rate limits' ledger, in the scheduler's memory: what each key spent within its window.
 * The scheduler checks a task's claims here when it is about to assign it, spends them, and
 * the tick that writes the assignment writes the values it changed (`takeChanges`); a tick that
 * fails gives the units back.
 *
 * Sliding windows: a key never spends more than its limit within any window-long stretch of
 * time (the reference's fixed windows let two adjacent windows pass twice the limit within one
 * window's length). Spends are counted in slices of a hundredth of the window, a slice counting
 * as long as any of it is inside the window, so memory stays small and the count errs on the
 * safe side. The table keeps what is left and the last spend; on start, what was spent is taken
 * as spent at that moment, which again errs on the safe side.
 *
 * A task that needs more than is left waits until enough leaves the window; one that needs a
 * key that does not exist, or more units than its limit, can never run and fails
 * (RATE_LIMIT_ERROR).
 */
import type { RateLimitRow } from './queries/rate-limit.queries';
import { RATE_LIMIT_WINDOWS, type RateLimitClaim, type RateLimitDuration } from './rate-limits';

/** Slices per window. */
const SLICES = 100;

interface Bucket {
  tenantId: string;
  key: string;
  limit: number;
  windowMs: number;
  /** Units spent per slice, oldest first: [slice start, units]. */
  spends: [number, number][];
  /** Units in `spends`. */
  used: number;
  /** The last spend (what the table calls the last refill). */
  lastSpend: number;
}

export type RateLimitCheck =
  | { ok: true }
  /** Not enough left until `until`. */
  | { ok: false; reason: 'EXHAUSTED'; key: string; until: number; limit: number }
  /** It can never be spent: the task fails. */
  | { ok: false; reason: 'IMPOSSIBLE'; key: string; message: string };

/** What a task spent, to give back if its attempt never started. */
interface Spent {
  claims: readonly RateLimitClaim[];
  tenantId: string;
  /** The slice each claim was spent in: units already out of the window are not given back. */
  slices: number[];
}

export class RateLimitLedger {
  private readonly buckets = new Map<string, Bucket>();
  private readonly changed = new Set<Bucket>();
  private readonly spent = new Map<string, Spent>();

  /** A limit as stored, read at start-up. */
  load(row: RateLimitRow): void {
    const windowMs = RATE_LIMIT_WINDOWS[row.duration as RateLimitDuration] ?? 1_000;
    const lastSpend = row.lastRefill.getTime();
    const used = Math.max(0, row.limitValue - row.value);
    this.buckets.set(id(row.tenantId, row.key), {
      tenantId: row.tenantId,
      key: row.key,
      limit: row.limitValue,
      windowMs,
      spends: used > 0 ? [[sliceOf(lastSpend, windowMs), used]] : [],
      used,
      lastSpend,
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
    bucket.limit = row.limitValue;
    bucket.windowMs = RATE_LIMIT_WINDOWS[row.duration as RateLimitDuration] ?? 1_000;
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
      if (bucket.limit - bucket.used < claim.units) {
        return {
          ok: false,
          reason: 'EXHAUSTED',
          key: claim.key,
          until: freedAt(bucket, claim.units),
          limit: bucket.limit,
        };
      }
    }
    return { ok: true };
  }

  /** Spends a task's claims (checked first) for its attempt. */
  spend(tenantId: string, taskId: string, claims: readonly RateLimitClaim[], now: number): void {
    const slices: number[] = [];
    for (const claim of claims) {
      const bucket = this.bucket(tenantId, claim, now)!;
      const slice = sliceOf(now, bucket.windowMs);
      const last = bucket.spends.at(-1);
      if (last?.[0] === slice) last[1] += claim.units;
      else bucket.spends.push([slice, claim.units]);
      bucket.used += claim.units;
      bucket.lastSpend = now;
      slices.push(slice);
      this.changed.add(bucket);
    }
    this.spent.set(taskId, { claims, tenantId, slices });
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
      const entry = bucket?.spends.find(([slice]) => slice === spent.slices[i]);
      if (!bucket || !entry) return;
      const back = Math.min(entry[1], claim.units);
      entry[1] -= back;
      bucket.used -= back;
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
      value: Math.max(0, b.limit - b.used),
      lastRefill: new Date(b.lastSpend),
    }));
    this.changed.clear();
    return rows;
  }

  /**
   * The key, with what left its window dropped; a key the claim declares a limit for is
   * created as the trigger created its row (ON CONFLICT DO NOTHING), so memory and table agree.
   */
  private bucket(tenantId: string, claim: RateLimitClaim, now: number): Bucket | undefined {
    let bucket = this.buckets.get(id(tenantId, claim.key));
    if (!bucket && claim.limit !== null) {
      bucket = {
        tenantId,
        key: claim.key,
        limit: claim.limit,
        windowMs: RATE_LIMIT_WINDOWS[claim.duration],
        spends: [],
        used: 0,
        lastSpend: now,
      };
      this.buckets.set(id(tenantId, claim.key), bucket);
    }
    if (bucket) this.slide(bucket, now);
    return bucket;
  }

  /** Drops the slices wholly out of the window ending now. */
  private slide(bucket: Bucket, now: number): void {
    const width = bucket.windowMs / SLICES;
    let gone = 0;
    while (
      gone < bucket.spends.length &&
      bucket.spends[gone]![0] + width <= now - bucket.windowMs
    ) {
      bucket.used -= bucket.spends[gone]![1];
      gone++;
    }
    if (gone === 0) return;
    bucket.spends.splice(0, gone);
    this.changed.add(bucket);
  }
}

function sliceOf(at: number, windowMs: number): number {
  const width = windowMs / SLICES;
  return Math.floor(at / width) * width;
}

/** When enough has left the window for `units` more (its oldest slices leaving first). */
function freedAt(bucket: Bucket, units: number): number {
  const width = bucket.windowMs / SLICES;
  let left = bucket.limit - bucket.used;
  for (const [slice, spent] of bucket.spends) {
    left += spent;
    if (left >= units) return slice + width + bucket.windowMs;
  }
  return (bucket.spends.at(-1)?.[0] ?? 0) + width + bucket.windowMs;
}

function id(tenantId: string, key: string): string {
  return `${tenantId}\u0000${key}`;
}
