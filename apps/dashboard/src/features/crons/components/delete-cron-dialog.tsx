import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { CronWorkflows } from '@/types/api';
import { useDeleteCron } from '../api/delete-cron';
import { cronLabel } from '../utils/cron-info';

/** "Delete cron job": its future runs stop; runs it already started stay. */
export function DeleteCronDialog({
  tenantId,
  cron,
  onClose,
  onDeleted,
}: {
  tenantId: string;
  cron: CronWorkflows;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteCron(tenantId);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete cron job"
      description={
        <>
          Delete <span className="font-medium text-foreground">{cronLabel(cron)}</span> (
          <code className="font-mono text-foreground">{cron.cron}</code>) of{' '}
          <span className="font-medium text-foreground">{cron.workflowName}</span>? Its future runs
          stop; runs it already started are kept. This cannot be undone.
        </>
      }
      confirmLabel="Delete cron job"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(cron.metadata.id, {
          onSuccess: () => {
            toast({ title: 'Cron job deleted', variant: 'success' });
            onDeleted();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the cron job' });
          },
        })
      }
    />
  );
}
