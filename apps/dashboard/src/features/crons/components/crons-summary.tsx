import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import type { DataColumn } from '@/components/ui/data-table';
import { SummaryTable } from '@/components/ui/summary-table';
import { cronJobsHref } from '@/config/screen-links';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import type { CronWorkflows } from '@/types/api';
import { useCrons } from '../api/list-crons';
import { cronListQuery } from '../utils/cron-filters';
import { cronDescription, isDefinedInCode } from '../utils/cron-info';
import { EnabledMark } from './crons-table';

/** Crons listed here; the link leads to all of them. */
const SUMMARY_LIMIT = 10;

/**
 * The crons of one workflow (its page), each opening on the cron jobs screen, with a link to
 * that screen filtered by the workflow. Its hidden columns are kept as `workflow-cron-jobs`.
 */
export function CronsSummary({ tenantId, workflowId }: { tenantId: string; workflowId: string }) {
  const { refetchInterval } = useRefetchInterval();
  const list = useCrons(
    tenantId,
    cronListQuery({ workflowId, metadata: [] }, { offset: 0, limit: SUMMARY_LIMIT }),
    { refetchInterval },
  );
  const visibility = useColumnVisibility('workflow-cron-jobs');
  const rows = list.data?.rows ?? [];
  const pages = list.data?.pagination?.num_pages ?? 1;

  const columns: DataColumn<CronWorkflows>[] = [
    {
      id: 'expression',
      enableHiding: false,
      header: 'Expression',
      cell: ({ row: { original: cron } }) => (
        <Link
          to={cronJobsHref(tenantId, { cronId: cron.metadata.id })}
          className="block max-w-48 truncate rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
          title={cron.cron}
        >
          {cron.cron}
        </Link>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      meta: { className: 'hidden sm:table-cell', cellClassName: 'min-w-44 text-[13px]' },
      cell: ({ row }) => cronDescription(row.original.cron),
    },
    {
      id: 'name',
      header: 'Name',
      meta: { className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap' },
      cell: ({ row: { original: cron } }) =>
        isDefinedInCode(cron) ? <Badge variant="outline">Defined in code</Badge> : cron.name,
    },
    {
      id: 'enabled',
      enableHiding: false,
      header: 'Enabled',
      cell: ({ row }) => <EnabledMark enabled={row.original.enabled} updating={false} />,
    },
  ];

  return (
    <SummaryTable
      label="Cron jobs of this workflow"
      rows={rows}
      columns={columns}
      getRowId={(cron) => cron.metadata.id}
      isPending={list.isPending}
      error={list.isError ? `Could not load cron jobs: ${errorMessage(list.error)}` : undefined}
      onRetry={() => void list.refetch()}
      empty={{
        title: 'No cron jobs',
        description: 'This workflow does not run on a schedule.',
      }}
      loadingRows={2}
      loadingLabel="Loading cron jobs"
      visibility={visibility}
      moreHref={cronJobsHref(tenantId, { workflowId })}
      moreLabel={pages > 1 ? 'All of them in Cron Jobs' : 'Open in Cron Jobs'}
    />
  );
}
