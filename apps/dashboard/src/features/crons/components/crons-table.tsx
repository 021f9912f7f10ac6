import type { VisibilityState } from '@tanstack/react-table';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import type { EmptyContent } from '@/components/ui/table';
import { tenantHref } from '@/config/paths';
import type { CronWorkflows } from '@/types/api';
import { cronDescription, cronTimezone } from '../utils/cron-info';
import { CronRowMenu } from './cron-row-menu';

/** What a row can do; without `canEdit` only viewing and copying are offered. */
export interface CronRowActions {
  canEdit: boolean;
  onOpen: (cron: CronWorkflows) => void;
  onRunNow: (cron: CronWorkflows) => void;
  onSetEnabled: (cron: CronWorkflows, enabled: boolean) => void;
  onDelete: (cron: CronWorkflows) => void;
  /** The cron being enabled or disabled: its Enabled cell spins. */
  updatingId: string | undefined;
  runningId: string | undefined;
}

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  description: 'Description',
  timezone: 'Timezone',
  name: 'Name',
  workflow: 'Workflow',
  metadata: 'Metadata',
  createdAt: 'Created At',
};
export const CRON_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * Cron jobs (reference 5.11): expression (opens the panel), its description and zone, name
 * or "Defined in code", workflow, metadata, created, enabled, and the row menu. Phones keep
 * the expression (with the description under it), enabled and the menu.
 */
export function CronsTable({
  tenantId,
  rows,
  isPending,
  error,
  onRetry,
  actions,
  onMetadataFilter,
  empty,
  columnVisibility,
}: {
  tenantId: string;
  rows: CronWorkflows[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  actions: CronRowActions;
  onMetadataFilter: (key: string, value: string) => void;
  empty: EmptyContent;
  /** The columns the user hid (ids of `CRON_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const columns: DataColumn<CronWorkflows>[] = [
    {
      id: 'expression',
      enableHiding: false,
      header: 'Expression',
      meta: { cellClassName: 'py-2' },
      cell: ({ row: { original: cron } }) => (
        <>
          <button
            type="button"
            onClick={() => actions.onOpen(cron)}
            title={`${cron.cron}: open the cron job`}
            className="block max-w-40 truncate rounded-sm text-left font-mono text-[13px] font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
          >
            {cron.cron}
          </button>
          <span className="mt-0.5 block max-w-48 truncate text-xs text-muted-foreground md:hidden">
            {cronDescription(cron.cron)}
          </span>
        </>
      ),
    },
    {
      id: 'description',
      header: HIDEABLE.description,
      meta: { className: 'hidden md:table-cell', cellClassName: 'min-w-40 text-[13px]' },
      cell: ({ row }) => cronDescription(row.original.cron),
    },
    {
      id: 'timezone',
      header: HIDEABLE.timezone,
      meta: { className: 'hidden lg:table-cell', cellClassName: 'text-[13px] whitespace-nowrap' },
      cell: ({ row }) => cronTimezone(row.original.cron),
    },
    {
      id: 'name',
      header: HIDEABLE.name,
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: cron } }) =>
        cron.method === 'DEFAULT' ? (
          <Badge variant="outline" className="whitespace-nowrap">
            Defined in code
          </Badge>
        ) : (
          <span className="block max-w-40 truncate" title={cron.name}>
            {cron.name}
          </span>
        ),
    },
    {
      id: 'workflow',
      header: HIDEABLE.workflow,
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: cron } }) => (
        <Link
          to={tenantHref(tenantId, 'workflows/:workflow', { workflow: cron.workflowId })}
          className="block max-w-32 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring xl:max-w-40"
          title={cron.workflowName}
        >
          {cron.workflowName}
        </Link>
      ),
    },
    {
      id: 'metadata',
      header: HIDEABLE.metadata,
      meta: { className: 'hidden xl:table-cell' },
      cell: ({ row }) => (
        <MetadataPopover metadata={row.original.additionalMetadata} onFilter={onMetadataFilter} />
      ),
    },
    {
      id: 'createdAt',
      header: HIDEABLE.createdAt,
      meta: {
        className: 'hidden 2xl:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.metadata.createdAt} />,
    },
    {
      id: 'enabled',
      enableHiding: false,
      header: 'Enabled',
      cell: ({ row: { original: cron } }) => (
        <EnabledMark enabled={cron.enabled} updating={actions.updatingId === cron.metadata.id} />
      ),
    },
    {
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <CronRowMenu cron={row.original} actions={actions} />,
    },
  ];

  return (
    <DataTable
      label="Cron jobs"
      rows={rows}
      columns={columns}
      getRowId={(cron) => cron.metadata.id}
      columnVisibility={columnVisibility}
      rowProps={(row) => ({ 'data-cron-row': row.id }) as ComponentProps<'tr'>}
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingRows={10}
      loadingLabel="Loading cron jobs"
    />
  );
}

/** A green check or a red X; a spinner while it is being changed. */
export function EnabledMark({ enabled, updating }: { enabled: boolean; updating: boolean }) {
  if (updating) {
    return (
      <span role="status" className="inline-flex text-muted-foreground">
        <Spinner />
        <span className="sr-only">Updating</span>
      </span>
    );
  }
  return enabled ? (
    <CircleCheck
      className="size-4 text-success"
      role="img"
      aria-label="Enabled"
      data-enabled="true"
    />
  ) : (
    <CircleX
      className="size-4 text-destructive"
      role="img"
      aria-label="Disabled"
      data-enabled="false"
    />
  );
}
