/**
 * The meeting point of resource limits and alerting: the limits module reports a tenant whose
 * use of a resource reached its alarm value or its limit, and alerting delivers it to the
 * tenant's channels (email and Slack) when the tenant has resource-limit alerts on.
 */
export const TENANT_RESOURCES = [
  'WORKER',
  'WORKER_SLOT',
  'EVENT',
  'TASK_RUN',
  'CRON',
  'SCHEDULE',
  'INCOMING_WEBHOOK',
] as const;
export type TenantResource = (typeof TENANT_RESOURCES)[number];

export interface ResourceLimitAlert {
  tenantId: string;
  resource: TenantResource;
  /** The use that was refused or reported (the current count, or the window's total). */
  value: number;
  limitValue: number;
  alarmValue: number;
  /** `alarm` when use reached the alarm value, `exhausted` when a request was refused. */
  kind: 'alarm' | 'exhausted';
  /** The window the use counts over (`1 day`), absent for counts of live things. */
  window?: string;
}

/** Where the limits module hands an alert; alerting implements it. */
export type ResourceLimitAlertSink = (alert: ResourceLimitAlert) => void;
