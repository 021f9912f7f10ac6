import type { VisibilityState } from '@tanstack/react-table';
import type { ComponentProps, ReactNode } from 'react';
import type { SlackWebhook } from '@trellis/api-contract';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { useSlackWebhooks } from '../api/list-slack-webhooks';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  created: 'Created',
};
export const SLACK_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * Slack webhooks (reference 5.16.5), following the auto-refresh choice: the workspace, the
 * channel, when it was added and, for members and up, a menu to delete it.
 */
export function SlackWebhooksTable({
  tenantId,
  canEdit,
  onDelete,
  emptyAction,
  columnVisibility,
}: {
  tenantId: string;
  /** MEMBER and up may delete. */
  canEdit: boolean;
  onDelete: (webhook: SlackWebhook) => void;
  /** What the empty table offers: the install link, or why there is none. */
  emptyAction?: ReactNode;
  /** The columns the user hid (ids of `SLACK_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const { refetchInterval } = useRefetchInterval();
  const list = useSlackWebhooks(tenantId, { refetchInterval });
  const columns: DataColumn<SlackWebhook>[] = [
    {
      id: 'team',
      enableHiding: false,
      header: 'Team',
      meta: { className: 'w-1/2', cellClassName: 'max-w-0 truncate font-medium' },
      cell: ({ row }) => <span title={row.original.teamName}>{row.original.teamName}</span>,
    },
    {
      id: 'channel',
      enableHiding: false,
      header: 'Channel',
      meta: { className: 'w-1/2', cellClassName: 'max-w-0 truncate' },
      cell: ({ row }) => <span title={row.original.channelName}>{row.original.channelName}</span>,
    },
    {
      id: 'created',
      header: HIDEABLE.created,
      // Narrow screens keep the team, the channel and the menu.
      meta: {
        className: 'hidden md:table-cell',
        cellClassName: 'whitespace-nowrap text-muted-foreground',
      },
      cell: ({ row }) => <RelativeTime value={row.original.metadata.createdAt} />,
    },
  ];
  // A viewer may do nothing to a row: no menu at all rather than an empty one.
  if (canEdit) {
    columns.push({
      id: 'actions',
      enableHiding: false,
      meta: { className: 'w-px' },
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: webhook } }) => (
        <RowMenu label={`Actions for ${webhook.channelName} in ${webhook.teamName}`}>
          <DropdownMenuItem onSelect={() => onDelete(webhook)} destructive>
            Delete
          </DropdownMenuItem>
        </RowMenu>
      ),
    });
  }

  return (
    <DataTable
      label="Slack webhooks"
      rows={list.data?.rows ?? []}
      columns={columns}
      getRowId={(webhook) => webhook.metadata.id}
      columnVisibility={columnVisibility}
      rowProps={(row) =>
        ({
          'data-slack-webhook': `${row.original.channelName} in ${row.original.teamName}`,
        }) as ComponentProps<'tr'>
      }
      isPending={list.isPending}
      error={
        list.isError ? `Could not load Slack webhooks: ${errorMessage(list.error)}` : undefined
      }
      onRetry={() => void list.refetch()}
      loadingLabel="Loading Slack webhooks"
      empty={{
        title: 'No Slack webhooks',
        description:
          'Add a webhook to post the tenant’s alerts to a Slack channel: Slack asks which workspace and channel.',
        action: emptyAction,
      }}
    />
  );
}
