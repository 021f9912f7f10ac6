import { useState } from 'react';
import { useParams } from 'react-router';
import { CronsSummary } from '@/features/crons/components/crons-summary';
import { FiltersSummary } from '@/features/filters/components/filters-summary';
import { UpcomingScheduledRuns } from '@/features/scheduled-runs/components/upcoming-scheduled-runs';
import { useTenantMembership } from '@/features/tenants/hooks/use-tenant-membership';
import { RunsPage } from '@/features/runs/components/runs-page';
import { useWorkflow } from '@/features/workflows/api/get-workflow';
import { WorkflowDetail } from '@/features/workflows/components/workflow-detail';
import { roleAtLeast } from '@/lib/roles';
import { LazyTriggerRun } from './lazy-trigger-run';

/**
 * workflows/{workflow}: one workflow's tasks (as a graph), triggers, cron jobs and upcoming
 * scheduled runs (from the crons and scheduled-runs features), event filters (from the
 * filters feature), its runs table (from the runs feature) and version.
 */
export default function WorkflowDetailPage() {
  const { tenant: tenantId = '', workflow: workflowId = '' } = useParams();
  const { role } = useTenantMembership(tenantId);
  const canEdit = roleAtLeast(role, 'MEMBER');
  const [trigger, setTrigger] = useState<{ id: string; name: string } | undefined>(undefined);
  // The same query as the detail's header: its name preselects Trigger Run.
  const workflow = useWorkflow(workflowId);
  return (
    <>
      <WorkflowDetail
        key={workflowId}
        tenantId={tenantId}
        workflowId={workflowId}
        canEdit={canEdit}
        onTrigger={setTrigger}
        schedules={
          // Side by side only on the widest screens: at 1440 px the crons table's columns
          // (expression, description, name) were clipped in half the width.
          <div className="grid gap-6 2xl:grid-cols-2">
            <div className="grid content-start gap-2">
              <h3 className="text-[13px] font-medium">Cron jobs</h3>
              <CronsSummary tenantId={tenantId} workflowId={workflowId} />
            </div>
            <div className="grid content-start gap-2">
              <h3 className="text-[13px] font-medium">Upcoming scheduled runs</h3>
              <UpcomingScheduledRuns tenantId={tenantId} workflowId={workflowId} />
            </div>
          </div>
        }
        filters={<FiltersSummary tenantId={tenantId} of={{ workflowId }} />}
        runs={
          <RunsPage
            tenantId={tenantId}
            workflows={[]}
            within={{ tableKey: `workflow-${workflowId}`, workflowId }}
            onTriggerRun={
              canEdit && workflow.data
                ? () => setTrigger({ id: workflowId, name: workflow.data.name })
                : undefined
            }
          />
        }
      />
      {trigger ? (
        <LazyTriggerRun
          tenantId={tenantId}
          open
          onOpenChange={(open) => (open ? undefined : setTrigger(undefined))}
          workflow={trigger}
        />
      ) : null}
    </>
  );
}
