import { useMemberships } from '../api/get-memberships';

/**
 * The signed-in user's membership of a tenant, from the memberships list: the tenant, the
 * user's role in it and the membership id (the same id the members list uses).
 */
export function useTenantMembership(tenantId: string | undefined) {
  const memberships = useMemberships();
  const member = tenantId
    ? memberships.data?.rows.find((row) => row.tenant?.metadata.id === tenantId)
    : undefined;
  return {
    isPending: memberships.isPending,
    member,
    tenant: member?.tenant,
    role: member?.role,
    memberId: member?.metadata.id,
    refetch: memberships.refetch,
  };
}
