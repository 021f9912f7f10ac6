import type { VisibilityState } from '@tanstack/react-table';
import type { ComponentProps } from 'react';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import type { EmptyContent } from '@/components/ui/table';
import { copyWithToast } from '@/hooks/copy-with-toast';
import type { V1Webhook } from '@/types/api';
import { ExpressionInlineEdit } from './expression-inline-edit';
import { AuthTypeLabel, SourceLabel } from './webhook-labels';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  source: 'Source',
  authType: 'Auth method',
  created: 'Created',
};
export const WEBHOOK_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * Incoming webhooks (reference 5.8): name (opens its panel), source, the event key
 * expression (edited in place by members), authentication, and a menu to copy the URL or
 * delete. Narrow screens keep the name, the expression and the menu.
 */
export function WebhooksTable({
  tenantId,
  rows,
  isPending,
  error,
  onRetry,
  canEdit,
  receiveUrl,
  onOpen,
  onDelete,
  empty,
  columnVisibility,
}: {
  tenantId: string;
  rows: V1Webhook[];
  isPending: boolean;
  error?: string | undefined;
  onRetry: () => void;
  canEdit: boolean;
  receiveUrl: (webhook: V1Webhook) => string;
  onOpen: (webhook: V1Webhook) => void;
  onDelete: (webhook: V1Webhook) => void;
  empty: EmptyContent;
  /** The columns the user hid (ids of `WEBHOOK_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const columns: DataColumn<V1Webhook>[] = [
    {
      id: 'name',
      enableHiding: false,
      header: 'Name',
      cell: ({ row: { original: webhook } }) => (
        <button
          type="button"
          onClick={() => onOpen(webhook)}
          className="block max-w-28 truncate rounded-sm text-left font-mono text-[13px] font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-60"
          title={`${webhook.name}: open the webhook`}
        >
          {webhook.name}
        </button>
      ),
    },
    {
      id: 'source',
      header: HIDEABLE.source,
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => <SourceLabel source={row.original.sourceName} />,
    },
    {
      id: 'expression',
      enableHiding: false,
      header: 'Event key expression',
      meta: { cellClassName: 'py-1.5' },
      cell: ({ row: { original: webhook } }) =>
        canEdit ? (
          <ExpressionInlineEdit tenantId={tenantId} webhook={webhook} />
        ) : (
          <code className="px-2 font-mono text-xs">{webhook.eventKeyExpression}</code>
        ),
    },
    {
      id: 'authType',
      header: HIDEABLE.authType,
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row }) => <AuthTypeLabel authType={row.original.authType} />,
    },
    {
      id: 'created',
      header: HIDEABLE.created,
      meta: {
        className: 'hidden lg:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.metadata.createdAt} />,
    },
    {
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: webhook } }) => (
        <RowMenu label={`Actions for ${webhook.name}`}>
          <DropdownMenuItem onSelect={() => onOpen(webhook)}>View requests</DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => copyWithToast(receiveUrl(webhook), 'Webhook URL copied')}
          >
            Copy Webhook URL
          </DropdownMenuItem>
          {canEdit ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => onDelete(webhook)} destructive>
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </RowMenu>
      ),
    },
  ];

  return (
    <DataTable
      label="Webhooks"
      rows={rows}
      columns={columns}
      getRowId={(webhook) => webhook.name}
      columnVisibility={columnVisibility}
      rowProps={(row) => ({ 'data-webhook-row': row.id }) as ComponentProps<'tr'>}
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      empty={empty}
      loadingLabel="Loading webhooks"
    />
  );
}
