import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableErrorRow,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
} from '@/components/ui/table';
import { Timestamp } from '@/components/ui/timestamp';
import { scheduledRunsHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import type { ScheduledRunStatus } from '@/types/api';
import { useScheduledRuns } from '../api/list-scheduled-runs';
import { scheduledRunListQuery } from '../utils/scheduled-run-filters';
import { shortId } from '../utils/scheduled-run-info';

/** Runs listed here; the link leads to all of them. */
const SUMMARY_LIMIT = 10;
const COLUMNS = 2;
const NOT_FIRED: ScheduledRunStatus[] = ['SCHEDULED'];

/**
 * The runs of one workflow scheduled and not fired yet (its page), soonest first, each
 * opening on the scheduled runs screen, with a link to that screen filtered the same way.
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
  const rows = list.data?.rows ?? [];
  const pages = list.data?.pagination?.num_pages ?? 1;
  return (
    <div className="grid gap-2">
      <div className="overflow-hidden rounded-lg border border-border">
        <Table aria-label="Upcoming scheduled runs" aria-busy={list.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Trigger At</TableHead>
              <TableHead>ID</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <TableLoadingRows columns={COLUMNS} rows={2} label="Loading scheduled runs" />
            ) : list.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load scheduled runs: ${errorMessage(list.error)}`}
                onRetry={() => void list.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title="No upcoming scheduled runs"
                description="No run of this workflow is scheduled for later."
              />
            ) : (
              rows.map((scheduled) => (
                <TableRow key={scheduled.metadata.id}>
                  <TableCell className="text-[13px]">
                    <Timestamp value={scheduled.triggerAt} className="block" />
                    <RelativeTime
                      value={scheduled.triggerAt}
                      className="text-xs text-muted-foreground"
                    />
                  </TableCell>
                  <TableCell>
                    <Link
                      to={scheduledRunsHref(tenantId, { scheduledRunId: scheduled.metadata.id })}
                      className="rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      title={scheduled.metadata.id}
                    >
                      {shortId(scheduled.metadata.id)}
                    </Link>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <Link
        to={scheduledRunsHref(tenantId, { workflowId, statuses: NOT_FIRED })}
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-[13px] text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {pages > 1 ? 'All of them in Scheduled Runs' : 'Open in Scheduled Runs'}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
