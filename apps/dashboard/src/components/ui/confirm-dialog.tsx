import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; "Cancel" unless the action is itself a cancel. */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  pending?: boolean;
  destructive?: boolean;
}

/** "Are you sure?" before an action: a ghost Cancel and the action's own button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog">
        <DialogHeader title={title} description={description} />
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            onClick={onConfirm}
            loading={pending}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
