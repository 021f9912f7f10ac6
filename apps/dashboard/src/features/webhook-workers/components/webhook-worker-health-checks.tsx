import { Section } from '@/components/layout/section';
import { useWebhookWorkerRequests } from '../api/webhook-workers';
import { WebhookWorkerRequests } from './webhook-worker-requests';

/** The requests the server sent a webhook worker, for the detail of the worker acting for it. */
export function WebhookWorkerHealthChecks({ webhookWorkerId }: { webhookWorkerId: string }) {
  const requests = useWebhookWorkerRequests(webhookWorkerId);
  const rows = requests.data?.requests ?? [];
  return (
    <Section
      title="Recent HTTP Health Checks"
      description="The requests the server sent to this webhook worker, newest first."
    >
      {requests.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : requests.isError ? (
        <p className="text-sm text-destructive">The requests could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No requests sent yet.</p>
      ) : (
        <WebhookWorkerRequests requests={rows} label="Recent HTTP health checks" />
      )}
    </Section>
  );
}
