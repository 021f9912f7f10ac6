import { Link } from 'react-router';
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
import { eventsHref } from '@/config/screen-links';
import { useRefetchInterval } from '@/hooks/use-refetch-interval';
import { errorMessage } from '@/lib/api-error';
import { useWebhookRequests } from '../api/list-webhook-requests';

const COLUMNS = 4;

/**
 * The latest requests a webhook received (a Trellis addition): when, the status it was
 * answered with, accepted or refused and why, and the event an accepted one created.
 */
export function WebhookRequestsTable({ tenantId, name }: { tenantId: string; name: string }) {
  const { refetchInterval } = useRefetchInterval();
  const requests = useWebhookRequests(tenantId, name, { refetchInterval });
  const rows = requests.data?.rows ?? [];
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <Table aria-label="Latest requests" aria-busy={requests.isPending || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Received</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead>Event</TableHead>
            <TableHead className="hidden sm:table-cell">Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {requests.isPending ? (
            <TableLoadingRows columns={COLUMNS} rows={2} label="Loading requests" />
          ) : requests.isError ? (
            <TableErrorRow
              columns={COLUMNS}
              message={`Could not load the requests: ${errorMessage(requests.error)}`}
              onRetry={() => void requests.refetch()}
            />
          ) : rows.length === 0 ? (
            <TableEmptyRow
              columns={COLUMNS}
              title="No requests yet"
              description="Requests sent to the webhook's URL show up here, with how each was answered."
            />
          ) : (
            rows.map((request) => (
              <TableRow key={request.id} data-request-outcome={request.outcome}>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <RelativeTime value={request.receivedAt} />
                </TableCell>
                <TableCell>
                  <span className="grid gap-1">
                    <StatusBadge
                      tone={request.outcome === 'ACCEPTED' ? 'green' : 'red'}
                      className="justify-self-start"
                    >
                      {request.outcome === 'ACCEPTED' ? 'Accepted' : 'Refused'}
                    </StatusBadge>
                    {request.reason ? (
                      <span className="text-xs break-words text-muted-foreground">
                        {request.reason}
                      </span>
                    ) : null}
                  </span>
                </TableCell>
                <TableCell>
                  {request.eventId ? (
                    <Link
                      to={eventsHref(tenantId, { eventId: request.eventId })}
                      className="rounded-sm font-mono text-xs hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      title={request.eventId}
                    >
                      {request.eventId.slice(0, 8)}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
                <TableCell className="hidden font-mono text-xs text-muted-foreground sm:table-cell">
                  {request.statusCode}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
