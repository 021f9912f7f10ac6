import type { VisibilityState } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { SnsIntegration } from '@trellis/api-contract';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RelativeTime } from '@/components/ui/relative-time';
import { RowMenu } from '@/components/ui/row-menu';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { useSnsIntegrations } from '../api/list-sns-integrations';
import { IngestUrl } from './ingest-url';
import { TopicArn } from './topic-arn';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  ingestUrl: 'Ingest URL',
  created: 'Created',
};
export const SNS_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * SNS integrations (reference 5.16.7), following the auto-refresh choice: the topic ARN, the
 * URL SNS delivers to with a copy button, when it was created, and, for members and up, a menu
 * to delete it. Narrow screens keep the topic, the URL and the menu.
 */
export function SnsIntegrationsTable({
  tenantId,
  canEdit,
  onCreate,
  onDelete,
  columnVisibility,
}: {
  tenantId: string;
  /** MEMBER and up may create and delete. */
  canEdit: boolean;
  onCreate: () => void;
  onDelete: (integration: SnsIntegration) => void;
  /** The columns the user hid (ids of `SNS_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const { refetchInterval } = useRefetchInterval();
  const list = useSnsIntegrations(tenantId, { refetchInterval });
  const columns: DataColumn<SnsIntegration>[] = [
    {
      id: 'topicArn',
      enableHiding: false,
      header: 'Topic ARN',
      // Both text columns share the width the others leave, cutting their text to fit.
      meta: { className: 'w-1/2', cellClassName: 'max-w-0' },
      cell: ({ row }) => <TopicArn arn={row.original.topicArn} />,
    },
    {
      id: 'ingestUrl',
      header: HIDEABLE.ingestUrl,
      meta: { className: 'w-1/2', cellClassName: 'max-w-0 py-1.5' },
      cell: ({ row }) => <IngestUrl url={row.original.ingestUrl} />,
    },
    {
      id: 'created',
      header: HIDEABLE.created,
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
      cell: ({ row: { original: integration } }) => (
        <RowMenu label={`Actions for ${integration.topicArn}`}>
          <DropdownMenuItem onSelect={() => onDelete(integration)} destructive>
            Delete
          </DropdownMenuItem>
        </RowMenu>
      ),
    });
  }

  return (
    <DataTable
      label="SNS integrations"
      rows={list.data?.rows ?? []}
      columns={columns}
      getRowId={(integration) => integration.metadata.id}
      columnVisibility={columnVisibility}
      rowProps={(row) => ({ 'data-sns-row': row.original.topicArn }) as ComponentProps<'tr'>}
      isPending={list.isPending}
      error={
        list.isError ? `Could not load SNS integrations: ${errorMessage(list.error)}` : undefined
      }
      onRetry={() => void list.refetch()}
      loadingLabel="Loading SNS integrations"
      empty={{
        title: 'No SNS integrations',
        description:
          'An integration turns the messages of an Amazon SNS topic into events. Create one with the topic’s ARN, then subscribe the ingest URL it gives to the topic as an HTTPS endpoint.',
        action: canEdit ? (
          <Button variant="outline" onClick={onCreate}>
            <Plus aria-hidden="true" />
            Create SNS Endpoint
          </Button>
        ) : undefined,
      }}
    />
  );
}
