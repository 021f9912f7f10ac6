/**
 * What the Resource Limits screen says about one limit (reference 5.16.6): the resource's name,
 * how close its use is to the limit, and its meter window in a word.
 */
import type { TenantResourceLimit, TenantResourceName } from '@trellis/api-contract';

export const RESOURCE_NAMES: Record<TenantResourceName, string> = {
  WORKER: 'Total Workers',
  WORKER_SLOT: 'Concurrency Slots',
  EVENT: 'Events',
  WORKFLOW_RUN: 'Workflow Runs',
  TASK_RUN: 'Task Runs',
  CRON: 'Cron Triggers',
  SCHEDULE: 'Schedule Triggers',
  INCOMING_WEBHOOK: 'Incoming Webhooks',
};

/** The limit indicator (reference 4.4): green fine, yellow from the alarm value, red at the limit. */
export type LimitLevel = 'fine' | 'alarm' | 'exhausted';

export function limitLevel(
  limit: Pick<TenantResourceLimit, 'value' | 'limitValue' | 'alarmValue'>,
): LimitLevel {
  if (limit.value >= limit.limitValue) return 'exhausted';
  if (limit.alarmValue !== undefined && limit.value >= limit.alarmValue) return 'alarm';
  return 'fine';
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const NAMED_WINDOWS: Record<number, string> = {
  [24 * UNIT_MS.h!]: 'Daily',
  [168 * UNIT_MS.h!]: 'Weekly',
  [720 * UNIT_MS.h!]: 'Monthly',
};

/** A duration such as `24h` or `24h0m0s` in milliseconds; undefined for other text. */
function durationMs(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d+)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) return undefined;
  return parts.reduce((sum, part) => sum + Number(part[1]) * UNIT_MS[part[2]!]!, 0);
}

/** Daily, Weekly or Monthly for 24h, 168h and 720h; any other window as the server wrote it. */
export function meterWindowLabel(window: string): string {
  const ms = durationMs(window.trim());
  return (ms !== undefined && NAMED_WINDOWS[ms]) || window;
}
