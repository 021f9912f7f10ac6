import type { WebhookWorkerRequest } from '@trellis/api-contract';
import { RelativeTime } from '@/components/ui/relative-time';
import { StatusBadge } from '@/components/ui/status-badge';
import { healthCheckStyle } from '../utils/health-check';

/** A log of requests the server sent to a webhook worker: status badge, method, message, time. */
export function WebhookWorkerRequests({
  requests,
  label,
}: {
  requests: readonly WebhookWorkerRequest[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-2.5">
      {requests.map((request, index) => {
        const style = healthCheckStyle(request.statusCode);
        return (
          <li key={`${request.created_at}-${index}`} className="grid gap-1 text-xs">
            <div className="flex items-center gap-2">
              <StatusBadge tone={style.tone}>{style.label}</StatusBadge>
              <span className="font-mono text-muted-foreground">{request.method}</span>
              <RelativeTime value={request.created_at} className="ml-auto text-muted-foreground" />
            </div>
            <span className="text-foreground">{style.message}</span>
          </li>
        );
      })}
    </ul>
  );
}
