import { useParams } from 'react-router';
import { RunsPage } from '@/features/runs/components/runs-page';
import { WebhookWorkerHealthChecks } from '@/features/webhook-workers/components/webhook-worker-health-checks';
import { WorkerDetail } from '@/features/workers/components/worker-detail';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { roleAtLeast } from '@/lib/roles';
import { useWorkflowOptions } from './workflow-options';

/**
 * workers/{worker}: one worker's status, slots, runtime, workflows and the tasks it ran, and for
 * a worker acting for a webhook worker, the requests sent to it.
 */
export default function WorkerDetailPage() {
  const { tenant: tenantId = '', worker: workerId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const workflows = useWorkflowOptions(tenantId);
  return (
    <WorkerDetail
      key={workerId}
      tenantId={tenantId}
      workerId={workerId}
      canEdit={roleAtLeast(role, 'MEMBER')}
      healthChecks={(webhookWorkerId) => (
        <WebhookWorkerHealthChecks webhookWorkerId={webhookWorkerId} />
      )}
      runs={
        <RunsPage
          tenantId={tenantId}
          workflows={workflows}
          within={{ tableKey: `worker-${workerId}`, workerId }}
        />
      }
    />
  );
}
