/**
 * What the rate limits screen says about one limit (reference 5.9): the units used in its
 * window (the limit less what is left), how full that is, and its window in a word.
 */
import type { RateLimit } from '@/types/api';

/** Green with room to spare, yellow from half the limit, red once nothing is left. */
export type UseLevel = 'low' | 'high' | 'exhausted';

export interface RateLimitUse {
  used: number;
  /** Used over the limit, 0 to 1. */
  ratio: number;
  level: UseLevel;
}

export function rateLimitUse(limit: Pick<RateLimit, 'limitValue' | 'value'>): RateLimitUse {
  const used = Math.max(0, limit.limitValue - limit.value);
  const ratio = limit.limitValue > 0 ? Math.min(1, used / limit.limitValue) : 1;
  const level: UseLevel =
    used >= limit.limitValue ? 'exhausted' : used >= limit.limitValue / 2 ? 'high' : 'low';
  return { used, ratio, level };
}

/** "1 minute" reads "Minute", as the column says per what; a longer window keeps its count. */
export function windowLabel(window: string): string {
  const text = window.trim().replace(/^1\s+/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
