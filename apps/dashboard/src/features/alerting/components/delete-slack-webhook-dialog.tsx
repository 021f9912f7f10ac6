import type { SlackWebhook } from '@trellis/api-contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useDeleteSlackWebhook } from '../api/delete-slack-webhook';

/** "Delete webhook" (reference 5.16.5), naming the channel and team. Loaded when first opened. */
export default function DeleteSlackWebhookDialog({
  tenantId,
  webhook,
  onClose,
}: {
  tenantId: string;
  webhook: SlackWebhook;
  onClose: () => void;
}) {
  const remove = useDeleteSlackWebhook(tenantId);
  const where = `${webhook.channelName} in ${webhook.teamName}`;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete webhook"
      description={
        <>
          Stop posting alerts to <span className="break-all text-foreground">{where}</span>? The app
          stays installed in the Slack workspace until removed there. This cannot be undone.
        </>
      }
      confirmLabel="Delete webhook"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(webhook.metadata.id, {
          onSuccess: () => {
            toast({ title: 'Slack webhook deleted', description: where, variant: 'success' });
            onClose();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the webhook' });
          },
        })
      }
    />
  );
}
