/**
 * Delay before the next attempt after an application failure. Without a backoff factor the
 * retry is immediate. With one, the delay is factor^(failures so far - 1) seconds (1 s after the
 * first failure for any factor, then growing), capped at backoffMaxSeconds (default 24 h).
 */
const DEFAULT_BACKOFF_MAX_SECONDS = 24 * 60 * 60;

export function retryDelayMs(
  failuresSoFar: number,
  backoffFactor: number | null | undefined,
  backoffMaxSeconds: number | null | undefined,
): number {
  if (!backoffFactor || backoffFactor <= 0) return 0;
  const seconds = Math.pow(backoffFactor, Math.max(0, failuresSoFar - 1));
  return Math.round(Math.min(seconds, backoffMaxSeconds ?? DEFAULT_BACKOFF_MAX_SECONDS) * 1000);
}
