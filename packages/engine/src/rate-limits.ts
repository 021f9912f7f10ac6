/**
 * Rate limits: how many units a key may spend within any window-long stretch of time, per
 * tenant. A worker puts static limits (PutRateLimit); a task declares what it spends (`tasks[].rate_limits`): a
 * static key and units, or CEL expressions for the key, the units and the limit, worked out
 * for each run when it is triggered (a key with a declared limit is created then if missing).
 * The scheduler spends them (rate-limit-ledger.ts).
 */
import { compile, evaluateInteger, evaluateString, RUN_EXPRESSION } from '@trellis/cel';
import { EngineError } from './errors';
import { assertRunExpression } from './validation';

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
 * What is left of a limit as the API shows it: the table keeps what was left at the last spend
 * (`last_refill`), and once a window has passed since then the limit is whole again.
 */
export function refilled(
  limit: { limitValue: number; duration: string; value: number; lastRefill: Date },
  now: number,
): { value: number; lastRefill: Date } {
  const window = isRateLimitDuration(limit.duration) ? RATE_LIMIT_WINDOWS[limit.duration] : 1_000;
  if (now - limit.lastRefill.getTime() < window) return limit;
  return { value: limit.limitValue, lastRefill: new Date(now) };
}

/** A task's use of a limit as PutWorkflow sends it (`tasks[].rate_limits`). */
export interface RateLimitUseInput {
  /** The static key; for a dynamic one the SDK repeats the key expression here. */
  key?: string | undefined;
  units?: number | undefined;
  keyExpr?: string | undefined;
  unitsExpr?: string | undefined;
  /** CEL or a number as text; the SDK sends "-1" for none. */
  limitValuesExpr?: string | undefined;
  duration?: string | undefined;
}

/** A task's use of a limit as a version stores it. */
export interface RateLimitUse {
  /** The static key, or null when `keyExpr` computes it per run. */
  key: string | null;
  keyExpr: string | null;
  units: number;
  unitsExpr: string | null;
  /** The limit to create the key with when it does not exist; null: it must exist. */
  limitExpr: string | null;
  duration: RateLimitDuration;
}

/** What one task spends: the key and units worked out for its run (rateLimitClaimsOf). */
export interface RateLimitClaim {
  key: string;
  units: number;
  /** Set when the task's declaration creates the key if it is missing. */
  limit: number | null;
  duration: RateLimitDuration;
}

export function normaliseRateLimitUses(
  inputs: readonly RateLimitUseInput[],
  where: string,
): RateLimitUse[] {
  return inputs.map((input) => {
    const keyExpr = input.keyExpr?.trim() || null;
    const key = keyExpr === null ? input.key?.trim() || null : null;
    const what = `${where}: rate limit "${keyExpr ?? key ?? ''}"`;
    if (keyExpr === null && key === null) {
      throw new EngineError('INVALID_ARGUMENT', `${where}: a rate limit needs a key`);
    }
    if (keyExpr !== null) assertRunExpression(keyExpr, `${what}: the key expression`);
    const unitsExpr = input.unitsExpr?.trim() || null;
    if (unitsExpr !== null) assertRunExpression(unitsExpr, `${what}: units`);
    const units = input.units ?? 1;
    if (!Number.isInteger(units) || units < 1) {
      throw new EngineError('INVALID_ARGUMENT', `${what}: units must be at least 1`);
    }
    const limitText = input.limitValuesExpr?.trim() ?? '';
    const limitExpr = limitText === '' || limitText === '-1' ? null : limitText;
    if (limitExpr !== null) assertRunExpression(limitExpr, `${what}: the limit`);
    if (keyExpr !== null && limitExpr === null) {
      throw new EngineError('INVALID_ARGUMENT', `${what}: a dynamic key needs a limit`);
    }
    const duration = input.duration || 'SECOND';
    if (!isRateLimitDuration(duration)) {
      throw new EngineError('INVALID_ARGUMENT', `${what}: unknown duration ${duration}`);
    }
    return { key, keyExpr, units, unitsExpr, limitExpr, duration };
  });
}

/**
 * What each step of a run spends (by readable id; steps spending nothing left out), or why it
 * cannot be worked out: the run is refused.
 */
export function rateLimitClaimsOf(
  steps: readonly { readableId: string; rateLimits: readonly RateLimitUse[] }[],
  input: unknown,
  additionalMetadata: Record<string, unknown>,
): { ok: true; claims: Map<string, RateLimitClaim[]> } | { ok: false; error: string } {
  const claims = new Map<string, RateLimitClaim[]>();
  const bindings = { input: input ?? {}, additional_metadata: additionalMetadata };
  for (const step of steps) {
    if (step.rateLimits.length === 0) continue;
    const own: RateLimitClaim[] = [];
    for (const use of step.rateLimits) {
      let key = use.key;
      if (use.keyExpr !== null) {
        const value = evaluateString(compile(RUN_EXPRESSION, use.keyExpr), bindings);
        if (!value.ok)
          return { ok: false, error: `rate limit key "${use.keyExpr}": ${value.error}` };
        key = value.value;
      }
      if (!key || key.length > MAX_KEY_LENGTH) {
        return { ok: false, error: `rate limit key "${use.keyExpr}" gave no usable key` };
      }
      const units = whole(use.unitsExpr, use.units, bindings, 'units');
      if (typeof units === 'string') return { ok: false, error: units };
      const limit = use.limitExpr === null ? null : whole(use.limitExpr, 0, bindings, 'limit');
      if (typeof limit === 'string') return { ok: false, error: limit };
      own.push({ key, units, limit, duration: use.duration });
    }
    claims.set(step.readableId, own);
  }
  return { ok: true, claims };
}

/** A whole number at least 1 from an expression (or the fixed value); the error as text. */
function whole(
  expression: string | null,
  fixed: number,
  bindings: Record<string, unknown>,
  what: string,
): number | string {
  if (expression === null) return fixed;
  const value = evaluateInteger(compile(RUN_EXPRESSION, expression), bindings);
  if (!value.ok) return `rate limit ${what} "${expression}": ${value.error}`;
  if (value.value < 1)
    return `rate limit ${what} "${expression}" gave ${value.value}; it must be at least 1`;
  return value.value;
}
