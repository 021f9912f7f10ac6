import { Link } from 'react-router';
import type { DataColumn } from '@/components/ui/data-table';
import { SummaryTable } from '@/components/ui/summary-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { Timestamp } from '@/components/ui/timestamp';
import { scheduledRunsHref } from '@/config/screen-links';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import type { ScheduledRunStatus, ScheduledWorkflows } from '@/types/api';
import { useScheduledRuns } from '../api/list-scheduled-runs';
import { scheduledRunListQuery } from '../utils/scheduled-run-filters';
import { shortId } from '../utils/scheduled-run-info';

/** Runs listed here; the link leads to all of them. */
const SUMMARY_LIMIT = 10;
const NOT_FIRED: ScheduledRunStatus[] = ['SCHEDULED'];

/**
 * The runs of one workflow scheduled and not fired yet (its page), soonest first, each
 * opening on the scheduled runs screen, with a link to that screen filtered the same way.
 * Its hidden columns are kept as `workflow-scheduled-runs`.
 */
export function UpcomingScheduledRuns({
  tenantId,
  workflowId,
}: {
  tenantId: string;
  workflowId: string;
}) {
  const { refetchInterval } = useRefetchInterval();
  const list = useScheduledRuns(
    tenantId,
    scheduledRunListQuery(
      { workflowId, statuses: NOT_FIRED, metadata: [] },
      { offset: 0, limit: SUMMARY_LIMIT },
      { field: 'triggerAt', direction: 'ASC' },
    ),
    { refetchInterval },
  );
  const visibility = useColumnVisibility('workflow-scheduled-runs');
  const rows = list.data?.rows ?? [];
  const pages = list.data?.pagination?.num_pages ?? 1;

  const columns: DataColumn<ScheduledWorkflows>[] = [
    {
      id: 'triggerAt',
      header: 'Trigger At',
      meta: { cellClassName: 'text-[13px]' },
      cell: ({ row: { original: scheduled } }) => (
        <>
          <Timestamp value={scheduled.triggerAt} className="block" />
          <RelativeTime value={scheduled.triggerAt} className="text-xs text-muted-foreground" />
        </>
      ),
    },
    {
      id: 'id',
      enableHiding: false,
      header: 'ID',
      cell: ({ row: { original: scheduled } }) => (
        <Link
          to={scheduledRunsHref(tenantId, { scheduledRunId: scheduled.metadata.id })}
          className="rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          title={scheduled.metadata.id}
        >
          {shortId(scheduled.metadata.id)}
        </Link>
      ),
    },
  ];

  return (
    <SummaryTable
      label="Upcoming scheduled runs"
      rows={rows}
      columns={columns}
      getRowId={(scheduled) => scheduled.metadata.id}
      isPending={list.isPending}
      error={
        list.isError ? `Could not load scheduled runs: ${errorMessage(list.error)}` : undefined
      }
      onRetry={() => void list.refetch()}
      empty={{
        title: 'No upcoming scheduled runs',
        description: 'No run of this workflow is scheduled for later.',
      }}
      loadingRows={2}
      loadingLabel="Loading scheduled runs"
      visibility={visibility}
      moreHref={scheduledRunsHref(tenantId, { workflowId, statuses: NOT_FIRED })}
      moreLabel={pages > 1 ? 'All of them in Scheduled Runs' : 'Open in Scheduled Runs'}
    />
  );
}
