import type { TenantResourceLimit } from '@trellis/api-contract';
import type { TenantResourceLimitView } from './resource-limits';

/** A limit in the reference's shape (TenantResourceLimit). */
export function presentResourceLimit(limit: TenantResourceLimitView): TenantResourceLimit {
  return {
    metadata: {
      id: limit.id,
      createdAt: limit.createdAt.toISOString(),
      updatedAt: limit.updatedAt.toISOString(),
    },
    resource: limit.resource,
    limitValue: limit.limitValue,
    alarmValue: limit.alarmValue,
    value: limit.value,
    ...(limit.window !== undefined ? { window: limit.window } : {}),
    ...(limit.lastRefill !== undefined ? { lastRefill: limit.lastRefill.toISOString() } : {}),
  };
}
