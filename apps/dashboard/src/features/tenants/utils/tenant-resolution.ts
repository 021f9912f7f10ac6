/**
 * Which tenant a page without one in its path should show, and remembering the last one.
 * Order: the `tenant` query parameter, then the last used tenant (if still a membership),
 * then the first membership.
 */
import { STORAGE_KEYS } from '@/lib/constants';
import { readStorage, writeStorage } from '@/lib/storage';
import type { TenantMember } from '@/types/api';

export function resolveTenantId(input: {
  queryTenant: string | null | undefined;
  lastTenant: string | undefined;
  memberships: readonly TenantMember[];
}): string | undefined {
  if (input.queryTenant) return input.queryTenant;
  const ids = input.memberships.flatMap((member) =>
    member.tenant ? [member.tenant.metadata.id] : [],
  );
  if (input.lastTenant && ids.includes(input.lastTenant)) return input.lastTenant;
  return ids[0];
}

/**
 * The last used tenant id. Also reads the older format, a JSON tenant object, so a value
 * written by another dashboard build still works.
 */
export function readLastTenant(): string | undefined {
  const raw = readStorage(STORAGE_KEYS.lastTenant);
  if (!raw) return undefined;
  if (raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as { metadata?: { id?: unknown } };
      return typeof parsed.metadata?.id === 'string' ? parsed.metadata.id : undefined;
    } catch {
      return undefined;
    }
  }
  return raw;
}

export function writeLastTenant(tenantId: string): void {
  if (readStorage(STORAGE_KEYS.lastTenant) !== tenantId) {
    writeStorage(STORAGE_KEYS.lastTenant, tenantId);
  }
}
