/**
 * How long a run or task took (or has taken so far), for the runs table's Duration column
 * and the detail headers.
 */
import { toDate } from '@/lib/format';
import type { V1TaskStatus } from '@/types/api';

interface Timed {
  status?: V1TaskStatus;
  duration?: number;
  startedAt?: string;
  finishedAt?: string;
}

/**
 * Milliseconds from start to finish; while it runs, from start to `now`. Undefined before
 * it starts, or when it ended without starting.
 */
export function runDurationMs(run: Timed, now: number = Date.now()): number | undefined {
  if (typeof run.duration === 'number') return run.duration;
  const started = toDate(run.startedAt)?.getTime();
  if (started === undefined) return undefined;
  const finished = toDate(run.finishedAt)?.getTime();
  if (finished !== undefined) return finished - started;
  return run.status === 'RUNNING' ? now - started : undefined;
}

/**
 * Compact duration: "850ms", "3.07s" (two decimals under ten seconds), "42s", "3m 5s",
 * "1h 2m 3s", "2d 1h 0m 3s".
 */
export function formatCompactDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0s';
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  if (ms < 10_000) return `${(Math.floor(ms / 10) / 100).toFixed(2)}s`;
  const total = Math.floor(ms / 1_000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (days > 0 || hours > 0) parts.push(`${hours}h`);
  if (days > 0 || hours > 0 || minutes > 0) parts.push(`${minutes}m`);
  parts.push(`${seconds}s`);
  return parts.join(' ');
}
