import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { WorkersList } from '@/features/workers/components/workers-list';

/** workers (and workers/all): workers connected in the last 24 hours. */
export default function WorkersPage() {
  const { tenant: tenantId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Workers"
        description="Processes that run your tasks, with their status and free slots."
      />
      <WorkersList tenantId={tenantId} />
    </>
  );
}
