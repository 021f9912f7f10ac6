import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { FiltersPage } from '@/features/filters/components/filters-page';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';
import { useWorkflowOptions } from './workflow-options';

/** filters: the expressions that decide which events with a scope trigger which workflows. */
export default function FiltersRoute() {
  const { tenant: tenantId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const workflows = useWorkflowOptions(tenantId);
  return (
    <>
      <PageHeader
        title="Filters"
        description="Expressions that decide whether an event sent with a scope triggers a workflow."
      />
      <FiltersPage
        tenantId={tenantId}
        canEdit={roleAtLeast(role, 'MEMBER')}
        workflows={workflows}
      />
    </>
  );
}
