import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { SnsIntegrationsSection } from '@/features/sns/components/sns-integrations-section';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';

/** tenant-settings/ingestors: integrations that send events in; so far Amazon SNS topics. */
export default function IngestorsPage() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  return (
    <>
      <PageHeader
        title="Ingestors"
        description="Integrations that send events into this tenant from other services."
      />
      <SnsIntegrationsSection tenantId={tenantId} canEdit={roleAtLeast(role, 'MEMBER')} />
    </>
  );
}
