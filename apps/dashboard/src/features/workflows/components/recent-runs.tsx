import { Link } from 'react-router';
import { Section } from '@/components/layout/section';
import { Card } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/components/ui/status-badge';
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
import { tenantHref } from '@/config/paths';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { formatDuration, toDate } from '@/lib/format';
import { taskStatusStyle } from '@/lib/status';
import type { V1TaskSummary } from '@/types/api';
import { RECENT_RUNS_DAYS, RECENT_RUNS_LIMIT, useWorkflowRuns } from '../api/list-workflow-runs';

const COLUMNS = 4;

/** Milliseconds from start to finish; undefined while it has not finished. */
export function runDurationMs(run: Pick<V1TaskSummary, 'duration' | 'startedAt' | 'finishedAt'>) {
  if (typeof run.duration === 'number') return run.duration;
  const started = toDate(run.startedAt);
  const finished = toDate(run.finishedAt);
  return started && finished ? finished.getTime() - started.getTime() : undefined;
}

/** The latest runs of a workflow in the last 7 days, each linking to its run page. */
export function RecentRuns({ tenantId, workflowId }: { tenantId: string; workflowId: string }) {
  const { refetchInterval } = useRefetchInterval();
  const runs = useWorkflowRuns(tenantId, workflowId, { refetchInterval });
  const rows = runs.data?.rows ?? [];
  return (
    <Section
      title="Recent runs"
      description={`The latest ${RECENT_RUNS_LIMIT} runs of the last ${RECENT_RUNS_DAYS} days.`}
    >
      <Card className="overflow-hidden">
        <Table aria-label="Recent runs" aria-busy={runs.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Run</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden sm:table-cell">Created</TableHead>
              <TableHead>Duration</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.isPending ? (
              <TableLoadingRows columns={COLUMNS} rows={2} label="Loading runs" />
            ) : runs.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load runs: ${errorMessage(runs.error)}`}
                onRetry={() => void runs.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title="No runs in the last 7 days"
                description="Runs of this workflow show up here once it is triggered."
              />
            ) : (
              rows.map((run) => {
                const status = taskStatusStyle(run);
                const runId = run.workflowRunExternalId || run.metadata.id;
                const duration = runDurationMs(run);
                return (
                  <TableRow key={run.metadata.id}>
                    <TableCell className="font-medium">
                      <Link
                        to={tenantHref(tenantId, 'runs/:run', { run: runId })}
                        className="block max-w-44 truncate rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-sm"
                        title={run.displayName}
                      >
                        {run.displayName}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <StatusBadge tone={status.tone} title={run.errorMessage}>
                        {status.label}
                      </StatusBadge>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                      <RelativeTime value={run.createdAt} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap font-mono text-xs text-muted-foreground">
                      {duration === undefined ? '-' : formatDuration(duration)}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </Card>
    </Section>
  );
}
