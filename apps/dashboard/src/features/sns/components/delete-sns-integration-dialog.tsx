import type { SnsIntegration } from '@trellis/api-contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useDeleteSnsIntegration } from '../api/delete-sns-integration';

/**
 * "Delete integration" (reference 5.16.7), naming the topic: its messages are refused from
 * then on. Loaded when first opened.
 */
export default function DeleteSnsIntegrationDialog({
  tenantId,
  integration,
  onClose,
}: {
  tenantId: string;
  integration: SnsIntegration;
  onClose: () => void;
}) {
  const remove = useDeleteSnsIntegration(tenantId);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete integration"
      description={
        <>
          Delete the integration of{' '}
          <code className="font-mono break-all text-foreground">{integration.topicArn}</code>?
          Messages of the topic are refused from then on; remove its subscription in Amazon SNS too.
          This cannot be undone.
        </>
      }
      confirmLabel="Delete integration"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(integration.metadata.id, {
          onSuccess: () => {
            toast({
              title: 'SNS integration deleted',
              description: integration.topicArn,
              variant: 'success',
            });
            onClose();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the integration' });
          },
        })
      }
    />
  );
}
