import { ChevronRight, MoreVertical } from 'lucide-react';
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
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
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { runStatusStyle } from '@/lib/status';
import type { V1TaskSummary } from '@/types/api';
import { RunDurationCell } from './run-duration-cell';
import { RunMetadataPopover } from './run-metadata-popover';

const COLUMNS = 10;

const checkboxClasses =
  'size-4 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-ring';

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
}

/**
 * Runs newest first. A DAG run's row expands into its tasks; DAG runs and standalone runs
 * link to their page, task rows open the task panel. Narrow screens keep the name, status
 * and duration.
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
}: RunsTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  const pageIds = rows.map((row) => row.metadata.id);
  const selectedOnPage = pageIds.filter((id) => selection?.has(id)).length;

  const toggleExpanded = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toggleSelected = (id: string) => {
    if (!selection || !onSelectionChange) return;
    const next = new Set(selection);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectionChange(next);
  };

  const renderRow = (row: V1TaskSummary, depth: number) => {
    const id = row.metadata.id;
    const children = row.children ?? [];
    const isExpanded = expanded.has(id);
    const status = runStatusStyle(row.status);
    // A top-level row of the run list is a run (DAG or standalone task): it has a page.
    // Tasks (a DAG's children, or every row when flattened) open the task panel.
    const isRun = depth === 0 && (row.type === 'DAG' || row.workflowRunExternalId === id);
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
                <input
                  type="checkbox"
                  className={checkboxClasses}
                  aria-label={`Select ${row.displayName}`}
                  checked={selection.has(id)}
                  onChange={() => toggleSelected(id)}
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
            <StatusBadge tone={status.tone} title={row.errorMessage || undefined}>
              {status.label}
            </StatusBadge>
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
          <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
            <RelativeTime value={row.startedAt} />
          </TableCell>
          <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
            <RelativeTime value={row.finishedAt} />
          </TableCell>
          <TableCell>
            <RunDurationCell run={row} />
          </TableCell>
          <TableCell className="hidden md:table-cell">
            {depth === 0 ? (
              <RunMetadataPopover metadata={row.additionalMetadata} onFilter={onMetadataFilter} />
            ) : null}
          </TableCell>
          <TableCell className="w-px">
            <RowMenu id={id} isRun={isRun} />
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
              <input
                type="checkbox"
                className={checkboxClasses}
                aria-label="Select all runs on this page"
                disabled={rows.length === 0}
                checked={rows.length > 0 && selectedOnPage === rows.length}
                ref={(element) => {
                  if (element) {
                    element.indeterminate = selectedOnPage > 0 && selectedOnPage < rows.length;
                  }
                }}
                onChange={() =>
                  onSelectionChange?.(selectedOnPage === rows.length ? new Set() : new Set(pageIds))
                }
              />
            ) : (
              <span className="sr-only">Expand</span>
            )}
          </TableHead>
          <TableHead>Task Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden md:table-cell">Workflow</TableHead>
          <TableHead className="hidden sm:table-cell">Created At</TableHead>
          <TableHead className="hidden lg:table-cell">Started At</TableHead>
          <TableHead className="hidden lg:table-cell">Finished At</TableHead>
          <TableHead>Duration</TableHead>
          <TableHead className="hidden md:table-cell">Metadata</TableHead>
          <TableHead className="w-px">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={COLUMNS} rows={10} label="Loading runs" />
        ) : error !== undefined ? (
          <TableErrorRow columns={COLUMNS} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={COLUMNS} {...empty} />
        ) : (
          rows.map((row) => renderRow(row, 0))
        )}
      </TableBody>
    </Table>
  );
}

function RowMenu({ id, isRun }: { id: string; isRun: boolean }) {
  const noun = isRun ? 'Run' : 'Task';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`${noun} actions`}
        className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <MoreVertical className="size-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        <DropdownMenuItem
          onSelect={() =>
            void copyText(id).then(
              () => toast({ title: `${noun} ID copied`, description: id, variant: 'success' }),
              () =>
                toast({
                  title: 'Could not copy',
                  description: 'Select the text and copy it by hand.',
                  variant: 'destructive',
                }),
            )
          }
        >
          Copy {noun} Id
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
