/**
 * The resource-limit settings of the server's configuration (config.ts reads the environment and
 * spreads these variables into its schema; docs/resource-limits.md explains the defaults).
 */
import { z } from 'zod';
import { formatDuration, parseDuration } from '@trellis/engine';
import { TENANT_RESOURCES, type TenantResource } from '../alerting/resource-limit-alert';

/** The reference's "unlimited": a row with this limit is neither enforced nor shown. */
export const UNLIMITED = 2 ** 31 - 1;

/** What a tenant may use of one resource, before any tenant exists. */
export interface ResourceLimitDefault {
  limitValue: number;
  alarmValue: number;
  /** The meter's window for use that counts over time (events, task runs), as `24h`. */
  window: string | undefined;
  windowMs: number | undefined;
}

export interface ResourceLimitsConfig {
  /** Off (the default): nothing is counted or refused, and the policy lists no limits. */
  enforced: boolean;
  defaults: Record<TenantResource, ResourceLimitDefault>;
}

/**
 * Generous enough that a team's ordinary use never meets them; they stop a runaway loop or a
 * tenant that would crowd out the others (docs/resource-limits.md).
 */
const DEFAULT_LIMITS: Record<TenantResource, number> = {
  WORKER: 100,
  WORKER_SLOT: 10_000,
  EVENT: 10_000_000,
  TASK_RUN: 10_000_000,
  CRON: 1_000,
  SCHEDULE: 100_000,
  INCOMING_WEBHOOK: 100,
};

/** The resources whose use counts over a window rather than what exists now. */
export const METERED_RESOURCES: readonly TenantResource[] = ['EVENT', 'TASK_RUN'];

const limitValue = (fallback: number) =>
  z
    .string()
    .regex(/^(\d{1,10}|unlimited)$/, { message: 'must be a whole number or unlimited' })
    .default(String(fallback))
    .transform((text) => (text === 'unlimited' ? UNLIMITED : Math.min(Number(text), UNLIMITED)));

const windowDuration = z
  .string()
  .default('24h')
  .refine((text) => (parseDuration(text) ?? 0) >= 1000, {
    message: 'must be a duration of at least 1s, such as 24h or 168h',
  })
  .transform((text) => parseDuration(text)!);

const limitVariable = (resource: TenantResource) => `TRELLIS_RESOURCE_LIMIT_${resource}` as const;

/** The environment variables, for config.ts's schema. */
export const resourceLimitEnv = {
  TRELLIS_RESOURCE_LIMITS: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('off')
    .transform((value) => value === 'on'),
  TRELLIS_RESOURCE_LIMIT_ALARM_PERCENT: z.coerce
    .number({ message: 'must be a percentage' })
    .int({ message: 'must be a whole percentage' })
    .min(1, { message: 'must be between 1 and 100' })
    .max(100, { message: 'must be between 1 and 100' })
    .default(80),
  TRELLIS_RESOURCE_LIMIT_WORKER: limitValue(DEFAULT_LIMITS.WORKER),
  TRELLIS_RESOURCE_LIMIT_WORKER_SLOT: limitValue(DEFAULT_LIMITS.WORKER_SLOT),
  TRELLIS_RESOURCE_LIMIT_EVENT: limitValue(DEFAULT_LIMITS.EVENT),
  TRELLIS_RESOURCE_LIMIT_TASK_RUN: limitValue(DEFAULT_LIMITS.TASK_RUN),
  TRELLIS_RESOURCE_LIMIT_CRON: limitValue(DEFAULT_LIMITS.CRON),
  TRELLIS_RESOURCE_LIMIT_SCHEDULE: limitValue(DEFAULT_LIMITS.SCHEDULE),
  TRELLIS_RESOURCE_LIMIT_INCOMING_WEBHOOK: limitValue(DEFAULT_LIMITS.INCOMING_WEBHOOK),
  TRELLIS_RESOURCE_LIMIT_EVENT_WINDOW: windowDuration,
  TRELLIS_RESOURCE_LIMIT_TASK_RUN_WINDOW: windowDuration,
};

type ResourceLimitEnv = {
  [K in keyof typeof resourceLimitEnv]: z.output<(typeof resourceLimitEnv)[K]>;
};

export function resourceLimitsConfig(e: ResourceLimitEnv): ResourceLimitsConfig {
  const windows: Partial<Record<TenantResource, number>> = {
    EVENT: e.TRELLIS_RESOURCE_LIMIT_EVENT_WINDOW,
    TASK_RUN: e.TRELLIS_RESOURCE_LIMIT_TASK_RUN_WINDOW,
  };
  const defaults = Object.fromEntries(
    TENANT_RESOURCES.map((resource): [TenantResource, ResourceLimitDefault] => {
      const limit = e[limitVariable(resource)];
      const windowMs = windows[resource];
      return [
        resource,
        {
          limitValue: limit,
          alarmValue: Math.floor((limit * e.TRELLIS_RESOURCE_LIMIT_ALARM_PERCENT) / 100),
          window: windowMs === undefined ? undefined : formatDuration(windowMs),
          windowMs,
        },
      ];
    }),
  ) as Record<TenantResource, ResourceLimitDefault>;
  return { enforced: e.TRELLIS_RESOURCE_LIMITS, defaults };
}

/** The defaults with nothing enforced: for servers made without a configuration (tests). */
export const UNENFORCED_RESOURCE_LIMITS: ResourceLimitsConfig = resourceLimitsConfig(
  z.object(resourceLimitEnv).parse({}),
);
