import type { WebhookWorker } from '@trellis/api-contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useDeleteWebhookWorker } from '../api/webhook-workers';

/** "Delete Webhook Worker?" (reference 5.14). Loaded when first opened. */
export default function DeleteWebhookWorkerDialog({
  tenantId,
  worker,
  onClose,
}: {
  tenantId: string;
  worker: WebhookWorker;
  onClose: () => void;
}) {
  const remove = useDeleteWebhookWorker(tenantId);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete Webhook Worker?"
      description={
        <>
          Tasks are no longer sent to{' '}
          <code className="font-mono break-all text-foreground">{worker.url}</code>. This is
          permanent and cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(worker.metadata.id, {
          onSuccess: () => {
            toast({
              title: 'Webhook worker deleted',
              description: worker.name,
              variant: 'success',
            });
            onClose();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the webhook worker' });
          },
        })
      }
    />
  );
}
