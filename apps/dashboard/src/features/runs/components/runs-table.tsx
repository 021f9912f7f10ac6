import type { Row, VisibilityState } from '@tanstack/react-table';
import { ChevronRight } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { RowCheckbox, SelectAllCheckbox } from '@/components/ui/row-selection';
import { StatusBadge } from '@/components/ui/status-badge';
import { tenantHref } from '@/config/paths';
import { copyWithToast } from '@/hooks/copy-with-toast';
import { cn } from '@/lib/cn';
import { taskStatusStyle } from '@/lib/status';
import type { V1TaskSummary } from '@/types/api';
import { currentEviction } from '../utils/eviction';
import { waitingTaskOf } from '../utils/waiting-task';
import { EvictedBadge } from './evicted-badge';
import { RunDurationCell } from './run-duration-cell';
import { TaskWaitingHoverCard } from './task-waiting';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  workflow: 'Workflow',
  createdAt: 'Created At',
  startedAt: 'Started At',
  finishedAt: 'Finished At',
  duration: 'Duration',
  metadata: 'Metadata',
};
export const RUN_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);
/** A compact table (a side panel) leaves these out whatever the user chose. */
const COMPACT_HIDDEN: VisibilityState = { startedAt: false, finishedAt: false, metadata: false };

export interface RunsTableProps {
  tenantId: string;
  label: string;
  rows: V1TaskSummary[];
  isPending: boolean;
  error?: string | undefined;
  onRetry?: () => void;
  /** Selected row ids; without it the table has no checkboxes. */
  selection?: ReadonlySet<string>;
  onSelectionChange?: (selection: Set<string>) => void;
  /** A task row was clicked (task rows open the task panel). */
  onOpenTask: (task: V1TaskSummary) => void;
  onMetadataFilter?: (key: string, value: string) => void;
  empty: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  /** Fewer columns, for a side panel: no started, finished or metadata. */
  compact?: boolean;
  /** The columns the user hid (`useColumnVisibility`, ids of `RUN_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}

/** A top-level row of the run list is a run (DAG or standalone task): it has a page. */
const isRunRow = (row: Row<V1TaskSummary>) =>
  row.depth === 0 &&
  (row.original.type === 'DAG' || row.original.workflowRunExternalId === row.original.metadata.id);

/**
 * Runs newest first. A DAG run's row expands into its tasks; DAG runs and standalone runs
 * link to their page, task rows open the task panel; a queued row's status tells on hover why
 * it waits; a skipped task says so, and an evicted one (a DAG run with one) has a badge beside
 * its status. Narrow screens keep the name, status and duration.
 */
export function RunsTable({
  tenantId,
  label,
  rows,
  isPending,
  error,
  onRetry,
  selection,
  onSelectionChange,
  onOpenTask,
  onMetadataFilter,
  empty,
  compact = false,
  columnVisibility = {},
}: RunsTableProps) {
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  const columns: DataColumn<V1TaskSummary>[] = [
    {
      id: 'select',
      enableHiding: false,
      meta: { className: 'w-px pr-0' },
      header: () =>
        selectable ? (
          <SelectAllCheckbox
            ids={rows.map((row) => row.metadata.id)}
            label="Select all runs on this page"
            selection={selection}
            onSelectionChange={onSelectionChange}
          />
        ) : (
          <span className="sr-only">Expand</span>
        ),
      cell: ({ row }) => {
        const expanded = row.getIsExpanded();
        return (
          <div
            className="flex items-center gap-1.5"
            style={{ paddingLeft: row.depth > 0 ? `${row.depth * 1.25}rem` : undefined }}
          >
            {selectable && row.depth === 0 ? (
              <RowCheckbox
                id={row.original.metadata.id}
                label={`Select ${row.original.displayName}`}
                selection={selection}
                onSelectionChange={onSelectionChange}
              />
            ) : null}
            {row.getCanExpand() ? (
              <button
                type="button"
                onClick={row.getToggleExpandedHandler()}
                aria-expanded={expanded}
                aria-label={expanded ? 'Hide tasks' : 'Show tasks'}
                title={expanded ? 'Hide tasks' : 'Show tasks'}
                className="rounded-sm p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <ChevronRight
                  className={cn('size-4 transition-transform', expanded && 'rotate-90')}
                  aria-hidden="true"
                />
              </button>
            ) : (
              <span className="inline-block w-5" aria-hidden="true" />
            )}
          </div>
        );
      },
    },
    {
      id: 'name',
      enableHiding: false,
      header: 'Task Name',
      cell: ({ row }) => {
        const task = row.original;
        // Tasks (a DAG's children, or every row when flattened) open the task panel.
        return isRunRow(row) ? (
          <Link
            to={tenantHref(tenantId, 'runs/:run', { run: task.metadata.id })}
            className="block max-w-40 truncate rounded-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
            title={task.displayName}
          >
            {task.displayName}
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => onOpenTask(task)}
            className="block max-w-40 truncate rounded-sm text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
            title={`${task.displayName}: open the task`}
          >
            {task.displayName}
          </button>
        );
      },
    },
    {
      id: 'status',
      enableHiding: false,
      header: 'Status',
      cell: ({ row }) => <RunStatusCell tenantId={tenantId} run={row.original} />,
    },
    {
      id: 'workflow',
      header: HIDEABLE.workflow,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) =>
        row.original.workflowName && row.depth === 0 ? (
          <Link
            to={tenantHref(tenantId, 'workflows/:workflow', {
              workflow: row.original.workflowId,
            })}
            className="block max-w-40 truncate rounded-sm text-muted-foreground hover:text-foreground hover:underline"
          >
            {row.original.workflowName}
          </Link>
        ) : (
          <span className="text-muted-foreground">{row.depth === 0 ? 'N/A' : ''}</span>
        ),
    },
    {
      id: 'createdAt',
      header: HIDEABLE.createdAt,
      meta: {
        className: 'hidden sm:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.createdAt} />,
    },
    {
      id: 'startedAt',
      header: HIDEABLE.startedAt,
      meta: {
        className: 'hidden lg:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.startedAt} />,
    },
    {
      id: 'finishedAt',
      header: HIDEABLE.finishedAt,
      meta: {
        className: 'hidden lg:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.finishedAt} />,
    },
    {
      id: 'duration',
      header: HIDEABLE.duration,
      cell: ({ row }) => <RunDurationCell run={row.original} />,
    },
    {
      id: 'metadata',
      header: HIDEABLE.metadata,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) =>
        row.depth === 0 ? (
          <MetadataPopover metadata={row.original.additionalMetadata} onFilter={onMetadataFilter} />
        ) : null,
    },
    {
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RunRowMenu id={row.original.metadata.id} isRun={isRunRow(row)} />,
    },
  ];

  return (
    <DataTable
      label={label}
      rows={rows}
      columns={columns}
      getRowId={(row) => row.metadata.id}
      getSubRows={(row) => row.children}
      columnVisibility={compact ? { ...columnVisibility, ...COMPACT_HIDDEN } : columnVisibility}
      rowProps={(row) =>
        ({
          'data-run-row': row.original.metadata.id,
          'data-state':
            row.depth === 0 && selection?.has(row.original.metadata.id) ? 'selected' : undefined,
          className: cn(row.depth > 0 && 'bg-muted/25', 'data-[state=selected]:bg-accent/40'),
        }) as ComponentProps<'tr'>
      }
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingRows={compact ? 3 : 10}
      loadingLabel="Loading runs"
    />
  );
}

/** The status badge; a queued run says on hover why it waits, an evicted one has a badge. */
function RunStatusCell({ tenantId, run }: { tenantId: string; run: V1TaskSummary }) {
  const status = taskStatusStyle(run);
  const waiting = waitingTaskOf(run);
  const badge = (
    <StatusBadge tone={status.tone} title={run.errorMessage || undefined}>
      {status.label}
    </StatusBadge>
  );
  return (
    // On phones an Evicted badge goes under the status, where it is narrowest.
    <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
      {waiting ? (
        <TaskWaitingHoverCard
          tenantId={tenantId}
          taskId={waiting.taskExternalId}
          taskName={waiting === run ? undefined : waiting.displayName}
        >
          {badge}
        </TaskWaitingHoverCard>
      ) : (
        badge
      )}
      {currentEviction(run) ? <EvictedBadge /> : null}
    </div>
  );
}

function RunRowMenu({ id, isRun }: { id: string; isRun: boolean }) {
  const noun = isRun ? 'Run' : 'Task';
  return (
    <RowMenu label={`${noun} actions`}>
      <DropdownMenuItem onSelect={() => copyWithToast(id, `${noun} ID copied`)}>
        Copy {noun} Id
      </DropdownMenuItem>
    </RowMenu>
  );
}
