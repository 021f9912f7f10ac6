import { Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { WebhookWorker } from '@trellis/api-contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useWebhookWorkers } from '../api/webhook-workers';
import { WebhookWorkerCard } from './webhook-worker-card';

// Opened on demand, so their code stays off the screen's first load.
const CreateWebhookWorkerDialog = lazy(() => import('./create-webhook-worker-dialog'));
const DeleteWebhookWorkerDialog = lazy(() => import('./delete-webhook-worker-dialog'));

/**
 * Webhook workers (reference 5.14): HTTP endpoints the server sends tasks to. The header with
 * its BETA badge and Create Webhook Endpoint, a grid of cards, and the create and delete
 * dialogs.
 */
export function WebhookWorkersPage({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const workers = useWebhookWorkers(tenantId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookWorker | undefined>(undefined);

  return (
    <>
      <header className="mb-6 grid gap-3 border-b border-border pb-6">
        <title>Webhook Workers · Trellis</title>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight text-foreground">
            Webhook Workers
            <Badge className="border-transparent bg-yellow-500/20 text-yellow-800 dark:text-yellow-300">
              BETA
            </Badge>
          </h1>
          {canEdit ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Create Webhook Endpoint
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          Register an HTTP endpoint that receives task assignments: Trellis sends each task it
          serves as a signed POST and takes the answer as the task&rsquo;s result.
        </p>
      </header>

      {workers.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : workers.isError ? (
        <p className="text-sm text-destructive">Error</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {(workers.data?.rows ?? []).map((worker) => (
            <WebhookWorkerCard
              key={worker.metadata.id}
              worker={worker}
              canEdit={canEdit}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}

      <Suspense fallback={null}>
        {creating ? (
          <CreateWebhookWorkerDialog tenantId={tenantId} onClose={() => setCreating(false)} />
        ) : null}
        {deleting ? (
          <DeleteWebhookWorkerDialog
            tenantId={tenantId}
            worker={deleting}
            onClose={() => setDeleting(undefined)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
