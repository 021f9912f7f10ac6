import type { VisibilityState } from '@tanstack/react-table';
import { Link } from 'react-router';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowCheckbox, SelectAllCheckbox } from '@/components/ui/row-selection';
import type { RowSelectionProps } from '@/components/ui/row-selection';
import { StatusBadge } from '@/components/ui/status-badge';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable, selectableRowProps } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import type { EmptyContent } from '@/components/ui/table';
import { tenantHref } from '@/config/paths';
import type { ScheduledWorkflows } from '@/types/api';
import { scheduledStatus, shortId } from '../utils/scheduled-run-info';
import { ScheduledRunRowMenu } from './scheduled-run-row-menu';

/** What a row can do; without `canEdit` only viewing and copying are offered. */
export interface ScheduledRunRowActions {
  canEdit: boolean;
  onOpen: (scheduled: ScheduledWorkflows) => void;
  onReschedule: (scheduled: ScheduledWorkflows) => void;
  onDelete: (scheduled: ScheduledWorkflows) => void;
}

const openerClasses =
  'rounded-sm text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  runId: 'Run ID',
  triggerAt: 'Trigger At',
  workflow: 'Workflow',
  metadata: 'Metadata',
};
export const SCHEDULED_RUN_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * Scheduled runs (reference 5.10): id, the run it created, status, trigger time (each opens
 * the panel), workflow, metadata, and the row menu; checkboxes for a bulk delete. Phones keep
 * the id (with the trigger time under it), the status and the menu.
 */
export function ScheduledRunsTable({
  tenantId,
  rows,
  isPending,
  error,
  onRetry,
  selection,
  actions,
  onMetadataFilter,
  empty,
  columnVisibility,
}: {
  tenantId: string;
  rows: ScheduledWorkflows[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  /** Without it the table has no checkboxes (read-only members). */
  selection?: RowSelectionProps | undefined;
  actions: ScheduledRunRowActions;
  onMetadataFilter: (key: string, value: string) => void;
  empty: EmptyContent;
  /** The columns the user hid (ids of `SCHEDULED_RUN_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const columns: DataColumn<ScheduledWorkflows>[] = [
    ...(selection
      ? [
          {
            id: 'select',
            enableHiding: false,
            meta: { className: 'w-px pr-0' },
            header: () => (
              <SelectAllCheckbox
                ids={rows.map((row) => row.metadata.id)}
                label="Select all scheduled runs on this page"
                {...selection}
              />
            ),
            cell: ({ row }) => (
              <RowCheckbox
                id={row.id}
                label={`Select scheduled run ${shortId(row.id)}`}
                {...selection}
              />
            ),
          } satisfies DataColumn<ScheduledWorkflows>,
        ]
      : []),
    {
      id: 'id',
      enableHiding: false,
      header: 'ID',
      cell: ({ row: { original: scheduled } }) => (
        <>
          <button
            type="button"
            onClick={() => actions.onOpen(scheduled)}
            title={`${scheduled.metadata.id}: open the scheduled run`}
            className={`${openerClasses} font-mono text-[13px] font-medium`}
          >
            {shortId(scheduled.metadata.id)}
          </button>
          <span className="mt-0.5 block text-xs whitespace-nowrap text-muted-foreground sm:hidden">
            <RelativeTime value={scheduled.triggerAt} />
          </span>
        </>
      ),
    },
    {
      id: 'runId',
      header: HIDEABLE.runId,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row: { original: scheduled } }) =>
        scheduled.workflowRunId ? (
          <Link
            to={tenantHref(tenantId, 'runs/:run', { run: scheduled.workflowRunId })}
            className="block max-w-48 truncate rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            title={scheduled.workflowRunId}
          >
            {scheduled.workflowRunName || shortId(scheduled.workflowRunId)}
          </Link>
        ) : (
          <span className="text-muted-foreground">Not yet</span>
        ),
    },
    {
      id: 'status',
      enableHiding: false,
      header: 'Status',
      cell: ({ row: { original: scheduled } }) => {
        const status = scheduledStatus(scheduled);
        return (
          <button type="button" onClick={() => actions.onOpen(scheduled)} className={openerClasses}>
            <span data-testid="scheduled-status">
              <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
            </span>
          </button>
        );
      },
    },
    {
      id: 'triggerAt',
      header: HIDEABLE.triggerAt,
      meta: { className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap' },
      cell: ({ row: { original: scheduled } }) => (
        <button
          type="button"
          onClick={() => actions.onOpen(scheduled)}
          className={`${openerClasses} text-muted-foreground`}
        >
          <RelativeTime value={scheduled.triggerAt} />
        </button>
      ),
    },
    {
      id: 'workflow',
      header: HIDEABLE.workflow,
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: scheduled } }) => (
        <Link
          to={tenantHref(tenantId, 'workflows/:workflow', { workflow: scheduled.workflowId })}
          className="block max-w-40 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          title={scheduled.workflowName}
        >
          {scheduled.workflowName}
        </Link>
      ),
    },
    {
      id: 'metadata',
      header: HIDEABLE.metadata,
      meta: { className: 'hidden lg:table-cell' },
      cell: ({ row }) => (
        <MetadataPopover metadata={row.original.additionalMetadata} onFilter={onMetadataFilter} />
      ),
    },
    {
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <ScheduledRunRowMenu scheduled={row.original} actions={actions} />,
    },
  ];

  return (
    <DataTable
      label="Scheduled runs"
      rows={rows}
      columns={columns}
      getRowId={(scheduled) => scheduled.metadata.id}
      columnVisibility={columnVisibility}
      rowProps={(row) =>
        selectableRowProps('data-scheduled-row', row.id, selection?.selection.has(row.id) ?? false)
      }
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingRows={10}
      loadingLabel="Loading scheduled runs"
    />
  );
}
