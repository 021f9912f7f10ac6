import { Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ColumnsMenu } from '@/components/ui/columns-menu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PANEL_PARAM } from '@/config/screen-links';
import { reportApiError } from '@/hooks/report-api-error';
import { useColumnVisibility } from '@/hooks/use-column-visibility';
import { useSearchParam } from '@/hooks/use-search-param';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-error';
import type { V1Webhook } from '@/types/api';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/list-webhooks';
import { webhookReceiveUrl } from '../utils/webhook-url';
import { WEBHOOK_COLUMN_CHOICES, WebhooksTable } from './webhooks-table';

// Opened on demand, so their code stays off the first screen.
const CreateWebhookDialog = lazy(() => import('./create-webhook-dialog'));
const WebhookPanel = lazy(() => import('./webhook-panel'));

/**
 * Incoming webhooks (reference 5.8): the list, Create Webhook, the webhook panel with its
 * latest requests (deep-linked by `webhook`), and deleting with a confirmation.
 */
export function WebhooksPage({
  tenantId,
  canEdit,
  origin,
}: {
  tenantId: string;
  canEdit: boolean;
  /** The dashboard's address: webhooks receive on the same host and port. */
  origin: string;
}) {
  const webhooks = useWebhooks(tenantId);
  const [openName, setOpenName] = useSearchParam(PANEL_PARAM.webhook);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<V1Webhook | undefined>(undefined);
  const remove = useDeleteWebhook(tenantId);
  const columns = useColumnVisibility('webhooks');
  const rows = webhooks.data?.rows ?? [];
  const receiveUrl = (webhook: V1Webhook) => webhookReceiveUrl(origin, tenantId, webhook.name);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="@container flex justify-end gap-2">
        {canEdit ? (
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create webhook
          </Button>
        ) : null}
        <ColumnsMenu
          columns={WEBHOOK_COLUMN_CHOICES}
          hidden={columns.hidden}
          onChange={columns.setHidden}
        />
      </div>
      <Card className="overflow-hidden">
        <WebhooksTable
          tenantId={tenantId}
          columnVisibility={columns.visibility}
          rows={rows}
          isPending={webhooks.isPending}
          error={
            webhooks.isError
              ? `Could not load webhooks: ${errorMessage(webhooks.error)}`
              : undefined
          }
          onRetry={() => void webhooks.refetch()}
          canEdit={canEdit}
          receiveUrl={receiveUrl}
          onOpen={(webhook) => setOpenName(webhook.name)}
          onDelete={setDeleting}
          empty={{
            title: 'No webhooks found',
            description:
              'A webhook gives other services (GitHub, Stripe, Slack, Linear, or any that sends HTTP) an address whose requests become events.',
            action: canEdit ? (
              <Button variant="outline" onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                Create a webhook
              </Button>
            ) : undefined,
          }}
        />
      </Card>

      {creating ? (
        <Suspense fallback={null}>
          <CreateWebhookDialog
            tenantId={tenantId}
            origin={origin}
            onClose={() => setCreating(false)}
            onCreated={(webhook) => {
              setCreating(false);
              setOpenName(webhook.name);
            }}
          />
        </Suspense>
      ) : null}
      {openName && webhooks.isSuccess ? (
        <Suspense fallback={null}>
          <WebhookPanel
            tenantId={tenantId}
            name={openName}
            webhook={rows.find((webhook) => webhook.name === openName)}
            origin={origin}
            canEdit={canEdit}
            onDelete={setDeleting}
            onClose={() => setOpenName(undefined)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Delete webhook"
        description={
          <>
            Delete <span className="font-mono font-medium text-foreground">{deleting?.name}</span>?
            Its URL stops accepting requests at once, and the service sending them gets errors. This
            cannot be undone.
          </>
        }
        confirmLabel="Delete webhook"
        pending={remove.isPending}
        onConfirm={() => {
          const name = deleting?.name;
          if (!name) return;
          remove.mutate(name, {
            onSuccess: () => {
              setDeleting(undefined);
              if (openName === name) setOpenName(undefined);
              toast({ title: 'Webhook deleted', description: name, variant: 'success' });
            },
            onError: (error) => {
              setDeleting(undefined);
              reportApiError(error, { title: 'Could not delete the webhook' });
            },
          });
        }}
      />
    </div>
  );
}
