import { CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { MetadataPopover } from '@/components/ui/metadata-popover';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
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

const COLUMNS = 9;

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
}: {
  tenantId: string;
  rows: CronWorkflows[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  actions: CronRowActions;
  onMetadataFilter: (key: string, value: string) => void;
  empty: EmptyContent;
}) {
  return (
    <Table aria-label="Cron jobs" aria-busy={isPending || undefined}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Expression</TableHead>
          <TableHead className="hidden md:table-cell">Description</TableHead>
          <TableHead className="hidden lg:table-cell">Timezone</TableHead>
          <TableHead className="hidden sm:table-cell">Name</TableHead>
          <TableHead className="hidden sm:table-cell">Workflow</TableHead>
          <TableHead className="hidden xl:table-cell">Metadata</TableHead>
          <TableHead className="hidden 2xl:table-cell">Created At</TableHead>
          <TableHead>Enabled</TableHead>
          <TableHead className="w-px">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {isPending ? (
          <TableLoadingRows columns={COLUMNS} rows={10} label="Loading cron jobs" />
        ) : error !== undefined ? (
          <TableErrorRow columns={COLUMNS} message={error} onRetry={onRetry} />
        ) : rows.length === 0 ? (
          <TableEmptyRow columns={COLUMNS} {...empty} />
        ) : (
          rows.map((cron) => {
            const id = cron.metadata.id;
            const description = cronDescription(cron.cron);
            return (
              <TableRow key={id} data-cron-row={id}>
                <TableCell className="py-2">
                  <button
                    type="button"
                    onClick={() => actions.onOpen(cron)}
                    title={`${cron.cron}: open the cron job`}
                    className="block max-w-40 truncate rounded-sm text-left font-mono text-[13px] font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-64"
                  >
                    {cron.cron}
                  </button>
                  <span className="mt-0.5 block max-w-48 truncate text-xs text-muted-foreground md:hidden">
                    {description}
                  </span>
                </TableCell>
                <TableCell className="hidden min-w-40 text-[13px] md:table-cell">
                  {description}
                </TableCell>
                <TableCell className="hidden text-[13px] whitespace-nowrap lg:table-cell">
                  {cronTimezone(cron.cron)}
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  {cron.method === 'DEFAULT' ? (
                    <Badge variant="outline" className="whitespace-nowrap">
                      Defined in code
                    </Badge>
                  ) : (
                    <span className="block max-w-40 truncate" title={cron.name}>
                      {cron.name}
                    </span>
                  )}
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Link
                    to={tenantHref(tenantId, 'workflows/:workflow', { workflow: cron.workflowId })}
                    className="block max-w-32 truncate rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring xl:max-w-40"
                    title={cron.workflowName}
                  >
                    {cron.workflowName}
                  </Link>
                </TableCell>
                <TableCell className="hidden xl:table-cell">
                  <MetadataPopover metadata={cron.additionalMetadata} onFilter={onMetadataFilter} />
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground 2xl:table-cell">
                  <RelativeTime value={cron.metadata.createdAt} />
                </TableCell>
                <TableCell>
                  <EnabledMark enabled={cron.enabled} updating={actions.updatingId === id} />
                </TableCell>
                <TableCell className="w-px">
                  <CronRowMenu cron={cron} actions={actions} />
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
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
