import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CenteredPage } from '@/components/layout/centered-page';
import { LoadingArea } from '@/components/ui/spinner';
import { paths, tenantHomeHref } from '@/config/paths';
import { useUserInvites } from '@/features/invites/api/get-user-invites';
import { InviteList, invitesTitle } from '@/features/invites/components/invite-list';
import { membershipsQueryKey } from '@/features/tenants/api/get-memberships';
import { writeLastTenant } from '@/features/tenants/utils/tenant-resolution';

/** Pending tenant invites: accept to join the tenant, or decline. */
export default function InvitesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invites = useUserInvites();
  const rows = invites.data?.rows ?? [];

  return (
    <main id="main" className="flex flex-1">
      <CenteredPage
        showLogo={false}
        className="max-w-xl"
        title={invites.isPending ? 'Invites' : invitesTitle(rows)}
        description="Accept an invite to start working in that tenant."
      >
        <title>Invites · Trellis</title>
        {invites.isPending ? (
          <LoadingArea />
        ) : (
          <InviteList
            invites={rows}
            onAccepted={async (invite) => {
              await queryClient.invalidateQueries({ queryKey: membershipsQueryKey });
              writeLastTenant(invite.tenantId);
              await navigate(tenantHomeHref(invite.tenantId));
            }}
            onDeclined={async () => {
              await navigate(paths.home.href());
            }}
          />
        )}
      </CenteredPage>
    </main>
  );
}
