/**
 * Rate limits: how many units a key may spend per fixed window, per tenant. A worker puts
 * static limits (PutRateLimit).
 */
import { EngineError } from './errors';

/** The windows the SDK names (RateLimitDuration), in milliseconds; months and years fixed. */
export const RATE_LIMIT_WINDOWS = {
  SECOND: 1_000,
  MINUTE: 60_000,
  HOUR: 3_600_000,
  DAY: 86_400_000,
  WEEK: 7 * 86_400_000,
  MONTH: 30 * 86_400_000,
  YEAR: 365 * 86_400_000,
} as const;
export type RateLimitDuration = keyof typeof RATE_LIMIT_WINDOWS;

export function isRateLimitDuration(value: string): value is RateLimitDuration {
  return Object.hasOwn(RATE_LIMIT_WINDOWS, value);
}

/** The window as the API shows it: `1 minute`. */
export function windowLabel(duration: string): string {
  return `1 ${duration.toLowerCase()}`;
}

const MAX_KEY_LENGTH = 255;

export interface RateLimitInput {
  key: string;
  limit: number;
  duration?: string | undefined;
}

/** Validates a static limit as PutRateLimit sends it; the window defaults to a second. */
export function normaliseRateLimit(input: RateLimitInput): {
  key: string;
  limit: number;
  duration: RateLimitDuration;
} {
  const key = input.key.trim();
  if (!key) throw new EngineError('INVALID_ARGUMENT', 'a rate limit needs a key');
  if (key.length > MAX_KEY_LENGTH) {
    throw new EngineError(
      'INVALID_ARGUMENT',
      `a rate limit key is at most ${MAX_KEY_LENGTH} characters`,
    );
  }
  if (!Number.isInteger(input.limit) || input.limit < 1) {
    throw new EngineError('INVALID_ARGUMENT', `rate limit "${key}": the limit must be at least 1`);
  }
  const duration = input.duration || 'SECOND';
  if (!isRateLimitDuration(duration)) {
    throw new EngineError('INVALID_ARGUMENT', `rate limit "${key}": unknown duration ${duration}`);
  }
  return { key, limit: input.limit, duration };
}

/**
 * A fixed window: once a window has passed since the last refill, the limit is whole again.
 * The scheduler's ledger and the API both read a limit's state through this.
 */
export function refilled(
  limit: { limitValue: number; duration: string; value: number; lastRefill: Date },
  now: number,
): { value: number; lastRefill: Date } {
  const window = isRateLimitDuration(limit.duration) ? RATE_LIMIT_WINDOWS[limit.duration] : 1_000;
  if (now - limit.lastRefill.getTime() < window) return limit;
  return { value: limit.limitValue, lastRefill: new Date(now) };
}
