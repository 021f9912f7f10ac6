import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { ScheduledWorkflows } from '@/types/api';
import { useDeleteScheduledRun } from '../api/delete-scheduled-run';
import { hasFired, shortId } from '../utils/scheduled-run-info';

/**
 * "Delete scheduled run": before it fires, the run never happens; once it fired, only the
 * schedule goes and the run it created stays.
 */
export function DeleteScheduledRunDialog({
  tenantId,
  scheduled,
  onClose,
  onDeleted,
}: {
  tenantId: string;
  scheduled: ScheduledWorkflows;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteScheduledRun(tenantId);
  const id = <code className="font-mono text-foreground">{shortId(scheduled.metadata.id)}</code>;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete scheduled run"
      description={
        hasFired(scheduled) ? (
          <>
            Scheduled run {id} of {scheduled.workflowName} already fired. Deleting it removes only
            the schedule; the run it created is kept.
          </>
        ) : (
          <>
            Delete scheduled run {id} of {scheduled.workflowName}? It will not run. This cannot be
            undone.
          </>
        )
      }
      confirmLabel="Delete scheduled run"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(scheduled.metadata.id, {
          onSuccess: () => {
            toast({ title: 'Scheduled run deleted', variant: 'success' });
            onDeleted();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the scheduled run' });
          },
        })
      }
    />
  );
}
