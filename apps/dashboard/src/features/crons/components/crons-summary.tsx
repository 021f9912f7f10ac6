import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
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
import { cronJobsHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { useCrons } from '../api/list-crons';
import { cronListQuery } from '../utils/cron-filters';
import { cronDescription, isDefinedInCode } from '../utils/cron-info';
import { EnabledMark } from './crons-table';

/** Crons listed here; the link leads to all of them. */
const SUMMARY_LIMIT = 10;
const COLUMNS = 4;

/**
 * The crons of one workflow (its page), each opening on the cron jobs screen, with a link to
 * that screen filtered by the workflow.
 */
export function CronsSummary({ tenantId, workflowId }: { tenantId: string; workflowId: string }) {
  const { refetchInterval } = useRefetchInterval();
  const list = useCrons(
    tenantId,
    cronListQuery({ workflowId, metadata: [] }, { offset: 0, limit: SUMMARY_LIMIT }),
    { refetchInterval },
  );
  const rows = list.data?.rows ?? [];
  const pages = list.data?.pagination?.num_pages ?? 1;
  return (
    <div className="grid gap-2">
      <div className="overflow-hidden rounded-lg border border-border">
        <Table aria-label="Cron jobs of this workflow" aria-busy={list.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Expression</TableHead>
              <TableHead className="hidden sm:table-cell">Description</TableHead>
              <TableHead className="hidden md:table-cell">Name</TableHead>
              <TableHead>Enabled</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.isPending ? (
              <TableLoadingRows columns={COLUMNS} rows={2} label="Loading cron jobs" />
            ) : list.isError ? (
              <TableErrorRow
                columns={COLUMNS}
                message={`Could not load cron jobs: ${errorMessage(list.error)}`}
                onRetry={() => void list.refetch()}
              />
            ) : rows.length === 0 ? (
              <TableEmptyRow
                columns={COLUMNS}
                title="No cron jobs"
                description="This workflow does not run on a schedule."
              />
            ) : (
              rows.map((cron) => (
                <TableRow key={cron.metadata.id}>
                  <TableCell>
                    <Link
                      to={cronJobsHref(tenantId, { cronId: cron.metadata.id })}
                      className="block max-w-48 truncate rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
                      title={cron.cron}
                    >
                      {cron.cron}
                    </Link>
                  </TableCell>
                  <TableCell className="hidden min-w-44 text-[13px] sm:table-cell">
                    {cronDescription(cron.cron)}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">
                    {isDefinedInCode(cron) ? (
                      <Badge variant="outline">Defined in code</Badge>
                    ) : (
                      cron.name
                    )}
                  </TableCell>
                  <TableCell>
                    <EnabledMark enabled={cron.enabled} updating={false} />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <Link
        to={cronJobsHref(tenantId, { workflowId })}
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-[13px] text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {pages > 1 ? 'All of them in Cron Jobs' : 'Open in Cron Jobs'}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
