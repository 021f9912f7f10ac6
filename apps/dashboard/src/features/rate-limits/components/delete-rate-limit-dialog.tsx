import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { RateLimit } from '@/types/api';
import { useDeleteRateLimit } from '../api/delete-rate-limit';

/** "Delete rate limit": tasks that consume the key wait until a worker declares it again. */
export function DeleteRateLimitDialog({
  tenantId,
  limit,
  onClose,
}: {
  tenantId: string;
  limit: RateLimit;
  onClose: () => void;
}) {
  const remove = useDeleteRateLimit(tenantId);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete rate limit"
      description={
        <>
          Delete <code className="font-mono text-foreground">{limit.key}</code>? Tasks that consume
          it wait until a worker declares it again. This cannot be undone.
        </>
      }
      confirmLabel="Delete rate limit"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(limit.key, {
          onSuccess: () => {
            toast({ title: 'Rate limit deleted', variant: 'success' });
            onClose();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the rate limit' });
          },
        })
      }
    />
  );
}
