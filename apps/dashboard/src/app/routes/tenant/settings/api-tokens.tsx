import { useCallback } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RestrictedState } from '@/components/layout/restricted-state';
import { ApiTokensList } from '@/features/api-tokens/components/api-tokens-list';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { canManageAccess, roleLabel } from '@/lib/roles';

/** tenant-settings/api-tokens: list, create (shown once) and revoke API tokens. */
export default function ApiTokensPage() {
  const { tenant: tenantId = '' } = useParams();
  const { role, refetch } = useTenantMembership(tenantId);
  // The list was refused: the role changed since the memberships were loaded.
  const recheckRole = useCallback(() => void refetch(), [refetch]);
  return (
    <>
      <PageHeader
        title="API Tokens"
        description="Workers and clients use API tokens to reach this tenant's API and engine."
      />
      {canManageAccess(role) ? (
        <ApiTokensList tenantId={tenantId} onAccessDenied={recheckRole} />
      ) : (
        <RestrictedState what="API tokens" role={role ? roleLabel(role) : undefined} />
      )}
    </>
  );
}
