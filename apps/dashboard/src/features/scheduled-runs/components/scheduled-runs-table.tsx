import { Link } from 'react-router';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowCheckbox, SelectAllCheckbox } from '@/components/ui/row-selection';
import type { RowSelectionProps } from '@/components/ui/row-selection';
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
}) {
  const columns = selection ? 8 : 7;
  return (
    <Table aria-label="Scheduled runs" aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {selection ? (
            <TableHead className="w-px pr-0">
              <SelectAllCheckbox
                ids={rows.map((row) => row.metadata.id)}
                label="Select all scheduled runs on this page"
                {...selection}
              />
            </TableHead>
          ) : null}
          <TableHead>ID</TableHead>
          <TableHead className="hidden md:table-cell">Run ID</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="hidden sm:table-cell">Trigger At</TableHead>
          <TableHead className="hidden sm:table-cell">Workflow</TableHead>
          <TableHead className="hidden lg:table-cell">Metadata</TableHead>
          <TableHead className="w-px">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={columns} rows={10} label="Loading scheduled runs" />
        ) : error !== undefined ? (
          <TableErrorRow columns={columns} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={columns} {...empty} />
        ) : (
          rows.map((scheduled) => {
            const id = scheduled.metadata.id;
            const status = scheduledStatus(scheduled);
            const open = () => actions.onOpen(scheduled);
            return (
              <TableRow
                key={id}
                data-scheduled-row={id}
                data-state={selection?.selection.has(id) ? 'selected' : undefined}
                className="data-[state=selected]:bg-accent/40"
              >
                {selection ? (
                  <TableCell className="w-px pr-0">
                    <RowCheckbox
                      id={id}
                      label={`Select scheduled run ${shortId(id)}`}
                      {...selection}
                    />
                  </TableCell>
                ) : null}
                <TableCell>
                  <button
                    type="button"
                    onClick={open}
                    title={`${id}: open the scheduled run`}
                    className={`${openerClasses} font-mono text-[13px] font-medium`}
                  >
                    {shortId(id)}
                  </button>
                  <span className="mt-0.5 block text-xs whitespace-nowrap text-muted-foreground sm:hidden">
                    <RelativeTime value={scheduled.triggerAt} />
                  </span>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {scheduled.workflowRunId ? (
                    <Link
                      to={tenantHref(tenantId, 'runs/:run', { run: scheduled.workflowRunId })}
                      className="block max-w-48 truncate rounded-sm font-mono text-[13px] hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      title={scheduled.workflowRunId}
                    >
                      {scheduled.workflowRunName || shortId(scheduled.workflowRunId)}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">Not yet</span>
                  )}
                </TableCell>
                <TableCell>
                  <button type="button" onClick={open} className={openerClasses}>
                    <span data-testid="scheduled-status">
                      <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                    </span>
                  </button>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  <button
                    type="button"
                    onClick={open}
                    className={`${openerClasses} text-muted-foreground`}
                  >
                    <RelativeTime value={scheduled.triggerAt} />
                  </button>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Link
                    to={tenantHref(tenantId, 'workflows/:workflow', {
                      workflow: scheduled.workflowId,
                    })}
                    className="block max-w-40 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    title={scheduled.workflowName}
                  >
                    {scheduled.workflowName}
                  </Link>
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  <MetadataPopover
                    metadata={scheduled.additionalMetadata}
                    onFilter={onMetadataFilter}
                  />
                </TableCell>
                <TableCell className="w-px">
                  <ScheduledRunRowMenu scheduled={scheduled} actions={actions} />
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
