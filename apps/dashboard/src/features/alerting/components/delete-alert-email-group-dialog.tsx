import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { useDeleteAlertEmailGroup } from '../api/delete-alert-email-group';

/** "Delete email group" (reference 5.16.5), naming its addresses. Loaded when first opened. */
export default function DeleteAlertEmailGroupDialog({
  tenantId,
  group,
  onClose,
}: {
  tenantId: string;
  group: TenantAlertEmailGroup;
  onClose: () => void;
}) {
  const remove = useDeleteAlertEmailGroup(tenantId);
  const emails = group.emails.join(', ');
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete email group"
      description={
        <>
          Stop sending alerts to <span className="break-all text-foreground">{emails}</span>? This
          cannot be undone.
        </>
      }
      confirmLabel="Delete email group"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(group.metadata.id, {
          onSuccess: () => {
            toast({ title: 'Email group deleted', description: emails, variant: 'success' });
            onClose();
          },
          onError: (error) => {
            onClose();
            reportApiError(error, { title: 'Could not delete the email group' });
          },
        })
      }
    />
  );
}
