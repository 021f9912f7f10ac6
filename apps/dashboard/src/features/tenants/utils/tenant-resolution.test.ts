import { describe, expect, it } from 'vitest';
import type { TenantMember } from '@/types/api';
import { resolveTenantId } from './tenant-resolution';

const meta = (id: string) => ({ id, createdAt: '', updatedAt: '' });
const member = (tenantId: string): TenantMember => ({
  metadata: meta(`m-${tenantId}`),
  user: { email: 'ada@example.com' },
  role: 'OWNER',
  tenant: { metadata: meta(tenantId), name: tenantId, slug: tenantId, version: 'V1' },
});

describe('resolveTenantId', () => {
  const memberships = [member('a'), member('b')];

  it('prefers the tenant query parameter', () => {
    expect(resolveTenantId({ queryTenant: 'b', lastTenant: 'a', memberships })).toBe('b');
  });

  it('then the last used tenant while it is still a membership', () => {
    expect(resolveTenantId({ queryTenant: null, lastTenant: 'b', memberships })).toBe('b');
    expect(resolveTenantId({ queryTenant: null, lastTenant: 'gone', memberships })).toBe('a');
  });

  it('then the first membership, or nothing', () => {
    expect(resolveTenantId({ queryTenant: '', lastTenant: undefined, memberships })).toBe('a');
    expect(
      resolveTenantId({ queryTenant: null, lastTenant: 'a', memberships: [] }),
    ).toBeUndefined();
  });
});
