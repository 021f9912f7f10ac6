import type { WebhookWorker } from '@trellis/api-contract';
import { Card } from '@/components/ui/card';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { RowMenu } from '@/components/ui/row-menu';
import { useWebhookWorkerRequests } from '../api/webhook-workers';
import { WebhookWorkerRequests } from './webhook-worker-requests';

/** How many of the latest requests a card shows. */
const RECENT_REQUESTS = 5;

/** One webhook worker: name with its menu, id and URL, and its latest HTTP requests. */
export function WebhookWorkerCard({
  worker,
  canEdit,
  onDelete,
}: {
  worker: WebhookWorker;
  canEdit: boolean;
  onDelete: (worker: WebhookWorker) => void;
}) {
  const requests = useWebhookWorkerRequests(worker.metadata.id);
  const recent = (requests.data?.requests ?? []).slice(0, RECENT_REQUESTS);
  return (
    <Card className="grid min-w-0 content-start gap-3 p-4" data-webhook-worker={worker.name}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 truncate text-sm font-semibold text-foreground">{worker.name}</h2>
        {canEdit ? (
          <RowMenu label={`Actions for ${worker.name}`}>
            <DropdownMenuItem onClick={() => onDelete(worker)}>Delete</DropdownMenuItem>
          </RowMenu>
        ) : null}
      </div>
      <div className="grid gap-1 text-xs text-muted-foreground">
        <span className="font-mono break-all">{worker.metadata.id}</span>
        <span className="break-all">{worker.url}</span>
      </div>
      <div className="grid gap-2 border-t border-border pt-3">
        <h3 className="text-xs font-medium text-foreground">Recent HTTP Health Checks</h3>
        {requests.isLoading ? (
          <p className="text-xs text-muted-foreground">Loading...</p>
        ) : requests.isError ? (
          <p className="text-xs text-destructive">Error</p>
        ) : recent.length === 0 ? (
          <p className="text-xs text-muted-foreground">No requests sent yet.</p>
        ) : (
          <WebhookWorkerRequests requests={recent} label={`Recent requests to ${worker.name}`} />
        )}
      </div>
    </Card>
  );
}
