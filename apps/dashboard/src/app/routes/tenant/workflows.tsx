import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { WorkflowsList } from '@/features/workflows/components/workflows-list';

/** workflows: the tenant's registered workflows. */
export default function WorkflowsPage() {
  const { tenant: tenantId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Workflows"
        description="Workflows and standalone tasks your workers have registered."
      />
      <WorkflowsList tenantId={tenantId} />
    </>
  );
}
