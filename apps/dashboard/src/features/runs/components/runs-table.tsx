import { ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { RowCheckbox, SelectAllCheckbox } from '@/components/ui/row-selection';
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
import { copyWithToast } from '@/hooks/copy-with-toast';
import { cn } from '@/lib/cn';
import { taskStatusStyle } from '@/lib/status';
import type { V1TaskSummary } from '@/types/api';
import { currentEviction } from '../utils/durable-eviction';
import { waitingTaskOf } from '../utils/task-waiting';
import { EvictedBadge } from './evicted-badge';
import { RunDurationCell } from './run-duration-cell';
import { TaskWaitingHoverCard } from './task-waiting';

/** Every column; a compact table leaves out started, finished and metadata. */
const COLUMNS = 10;
const COMPACT_COLUMNS = 7;

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
}

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
}: RunsTableProps) {
  const columns = compact ? COMPACT_COLUMNS : COLUMNS;
  // Columns hidden below a breakpoint, and always in a compact table.
  const fromLg = compact ? 'hidden' : 'hidden lg:table-cell';
  const fromMd = compact ? 'hidden' : 'hidden md:table-cell';
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const selectable = selection !== undefined && onSelectionChange !== undefined;

  const toggleExpanded = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderRow = (row: V1TaskSummary, depth: number) => {
    const id = row.metadata.id;
    const children = row.children ?? [];
    const isExpanded = expanded.has(id);
    const status = taskStatusStyle(row);
    // A top-level row of the run list is a run (DAG or standalone task): it has a page.
    // Tasks (a DAG's children, or every row when flattened) open the task panel.
    const isRun = depth === 0 && (row.type === 'DAG' || row.workflowRunExternalId === id);
    const waiting = waitingTaskOf(row);
    const badge = (
      <StatusBadge tone={status.tone} title={row.errorMessage || undefined}>
        {status.label}
      </StatusBadge>
    );
    const name = isRun ? (
      <Link
        to={tenantHref(tenantId, 'runs/:run', { run: id })}
        className="block max-w-40 truncate rounded-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
        title={row.displayName}
      >
        {row.displayName}
      </Link>
    ) : (
      <button
        type="button"
        onClick={() => onOpenTask(row)}
        className="block max-w-40 truncate rounded-sm text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
        title={`${row.displayName}: open the task`}
      >
        {row.displayName}
      </button>
    );
    return (
      <Fragment key={`${depth}-${id}`}>
        <TableRow
          data-run-row={id}
          data-state={selection?.has(id) ? 'selected' : undefined}
          className={cn(depth > 0 && 'bg-muted/25', 'data-[state=selected]:bg-accent/40')}
        >
          <TableCell className="w-px pr-0">
            <div
              className="flex items-center gap-1.5"
              style={{ paddingLeft: depth > 0 ? `${depth * 1.25}rem` : undefined }}
            >
              {selectable && depth === 0 ? (
                <RowCheckbox
                  id={id}
                  label={`Select ${row.displayName}`}
                  selection={selection}
                  onSelectionChange={onSelectionChange}
                />
              ) : null}
              {children.length > 0 ? (
                <button
                  type="button"
                  onClick={() => toggleExpanded(id)}
                  aria-expanded={isExpanded}
                  aria-label={isExpanded ? 'Hide tasks' : 'Show tasks'}
                  title={isExpanded ? 'Hide tasks' : 'Show tasks'}
                  className="rounded-sm p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <ChevronRight
                    className={cn('size-4 transition-transform', isExpanded && 'rotate-90')}
                    aria-hidden="true"
                  />
                </button>
              ) : (
                <span className="inline-block w-5" aria-hidden="true" />
              )}
            </div>
          </TableCell>
          <TableCell>{name}</TableCell>
          <TableCell>
            {/* On phones an Evicted badge goes under the status, where it is narrowest. */}
            <div className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
              {waiting ? (
                <TaskWaitingHoverCard
                  tenantId={tenantId}
                  taskId={waiting.taskExternalId}
                  taskName={waiting === row ? undefined : waiting.displayName}
                >
                  {badge}
                </TaskWaitingHoverCard>
              ) : (
                badge
              )}
              {currentEviction(row) ? <EvictedBadge /> : null}
            </div>
          </TableCell>
          <TableCell className="hidden md:table-cell">
            {row.workflowName && depth === 0 ? (
              <Link
                to={tenantHref(tenantId, 'workflows/:workflow', { workflow: row.workflowId })}
                className="block max-w-40 truncate rounded-sm text-muted-foreground hover:text-foreground hover:underline"
              >
                {row.workflowName}
              </Link>
            ) : (
              <span className="text-muted-foreground">{depth === 0 ? 'N/A' : ''}</span>
            )}
          </TableCell>
          <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
            <RelativeTime value={row.createdAt} />
          </TableCell>
          <TableCell className={cn(fromLg, 'whitespace-nowrap text-muted-foreground')}>
            <RelativeTime value={row.startedAt} />
          </TableCell>
          <TableCell className={cn(fromLg, 'whitespace-nowrap text-muted-foreground')}>
            <RelativeTime value={row.finishedAt} />
          </TableCell>
          <TableCell>
            <RunDurationCell run={row} />
          </TableCell>
          <TableCell className={fromMd}>
            {depth === 0 ? (
              <MetadataPopover metadata={row.additionalMetadata} onFilter={onMetadataFilter} />
            ) : null}
          </TableCell>
          <TableCell className="w-px">
            <RunRowMenu id={id} isRun={isRun} />
          </TableCell>
        </TableRow>
        {isExpanded ? children.map((child) => renderRow(child, depth + 1)) : null}
      </Fragment>
    );
  };

  return (
    <Table aria-label={label} aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-px pr-0">
            {selectable ? (
              <SelectAllCheckbox
                ids={rows.map((row) => row.metadata.id)}
                label="Select all runs on this page"
                selection={selection}
                onSelectionChange={onSelectionChange}
              />
            ) : (
              <span className="sr-only">Expand</span>
            )}
          </TableHead>
          <TableHead>Task Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden md:table-cell">Workflow</TableHead>
          <TableHead className="hidden sm:table-cell">Created At</TableHead>
          <TableHead className={fromLg}>Started At</TableHead>
          <TableHead className={fromLg}>Finished At</TableHead>
          <TableHead>Duration</TableHead>
          <TableHead className={fromMd}>Metadata</TableHead>
          <TableHead className="w-px">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={columns} rows={compact ? 3 : 10} label="Loading runs" />
        ) : error !== undefined ? (
          <TableErrorRow columns={columns} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={columns} {...empty} />
        ) : (
          rows.map((row) => renderRow(row, 0))
        )}
      </TableBody>
    </Table>
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
