import type { VisibilityState } from '@tanstack/react-table';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { columnChoicesOf } from '@/components/ui/columns-menu';
import { DataTable } from '@/components/ui/data-table';
import type { DataColumn } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/components/ui/status-badge';
import { eventsHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import type { V1WebhookRequest } from '@/types/api';
import { useWebhookRequests } from '../api/list-webhook-requests';

/** The list name its hidden columns are kept under. */
export const WEBHOOK_REQUESTS_LIST = 'webhook-requests';

/** The columns a user may hide, by id, with their headers' names (the Columns menu). */
const HIDEABLE: Record<string, string> = {
  outcome: 'Outcome',
  event: 'Event',
  status: 'Status',
};
export const WEBHOOK_REQUEST_COLUMN_CHOICES = columnChoicesOf(HIDEABLE);

/**
 * The latest requests a webhook received (a Trellis addition): when, the status it was
 * answered with, accepted or refused and why, and the event an accepted one created.
 */
export function WebhookRequestsTable({
  tenantId,
  name,
  columnVisibility,
}: {
  tenantId: string;
  name: string;
  /** The columns the user hid (ids of `WEBHOOK_REQUEST_COLUMN_CHOICES`). */
  columnVisibility?: VisibilityState;
}) {
  const { refetchInterval } = useRefetchInterval();
  const requests = useWebhookRequests(tenantId, name, { refetchInterval });
  const rows = requests.data?.rows ?? [];

  const columns: DataColumn<V1WebhookRequest>[] = [
    {
      id: 'received',
      enableHiding: false,
      header: 'Received',
      meta: { cellClassName: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => <RelativeTime value={row.original.receivedAt} />,
    },
    {
      id: 'outcome',
      header: HIDEABLE.outcome,
      cell: ({ row: { original: request } }) => (
        <span className="grid gap-1">
          <StatusBadge
            tone={request.outcome === 'ACCEPTED' ? 'green' : 'red'}
            className="justify-self-start"
          >
            {request.outcome === 'ACCEPTED' ? 'Accepted' : 'Refused'}
          </StatusBadge>
          {request.reason ? (
            <span className="text-xs break-words text-muted-foreground">{request.reason}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'event',
      header: HIDEABLE.event,
      cell: ({ row: { original: request } }) =>
        request.eventId ? (
          <Link
            to={eventsHref(tenantId, { eventId: request.eventId })}
            className="rounded-sm font-mono text-xs hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            title={request.eventId}
          >
            {request.eventId.slice(0, 8)}
          </Link>
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
    {
      id: 'status',
      header: HIDEABLE.status,
      meta: {
        className: 'hidden sm:table-cell',
        cellClassName: 'font-mono text-xs text-muted-foreground',
      },
      cell: ({ row }) => row.original.statusCode,
    },
  ];

  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <DataTable
        label="Latest requests"
        rows={rows}
        columns={columns}
        getRowId={(request) => request.id}
        columnVisibility={columnVisibility}
        rowProps={(row) =>
          ({ 'data-request-outcome': row.original.outcome }) as ComponentProps<'tr'>
        }
        isPending={requests.isPending}
        error={
          requests.isError
            ? `Could not load the requests: ${errorMessage(requests.error)}`
            : undefined
        }
        onRetry={() => void requests.refetch()}
        empty={{
          title: 'No requests yet',
          description:
            "Requests sent to the webhook's URL show up here, with how each was answered.",
        }}
        loadingRows={2}
        loadingLabel="Loading requests"
      />
    </div>
  );
}
