import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';
import { roleAtLeast } from '@/lib/roles';

/** webhooks: incoming webhooks that turn requests from other services into events. */
export default function WebhooksRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Addresses other services send requests to; each accepted request becomes an event."
      />
      <WebhooksPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        origin={window.location.origin}
      />
    </>
  );
}
