import { useCallback } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { RestrictedState } from '@/components/layout/restricted-state';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { InvitesSection } from '@/features/members/components/invites-section';
import { MembersSection } from '@/features/members/components/members-section';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { canManageAccess, roleLabel } from '@/lib/roles';

/** tenant-settings/members: members and pending invites, with the server's role rules. */
export default function MembersPage() {
  const { tenant: tenantId = '' } = useParams();
  const { role, memberId, refetch } = useTenantMembership(tenantId);
  const user = useCurrentUser();
  const recheckRole = useCallback(() => void refetch(), [refetch]);
  return (
    <>
      <PageHeader
        title="Members and Invites"
        description="Who can use this tenant, with which role, and who is invited."
      />
      {canManageAccess(role) ? (
        <div className="grid gap-10">
          <MembersSection
            tenantId={tenantId}
            actorRole={role}
            self={{ memberId, email: user.data?.email }}
            onAccessDenied={recheckRole}
          />
          <InvitesSection tenantId={tenantId} actorRole={role} onAccessDenied={recheckRole} />
        </div>
      ) : (
        <RestrictedState what="members and invites" role={role ? roleLabel(role) : undefined} />
      )}
    </>
  );
}
