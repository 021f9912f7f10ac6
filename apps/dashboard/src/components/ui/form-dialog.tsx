import type { FormEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from './dialog';

/**
 * A dialog holding one form: title and description, the fields, then Cancel and the submit
 * button. While the form is being sent it cannot be closed (the answer would have nowhere
 * to go). The browser's own validation is off: the fields say what is wrong themselves.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  pending,
  submitDisabled = false,
  onSubmit,
  onClose,
  className,
  children,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** The dialog's width (`max-w-*`). */
  className?: string;
  children: ReactNode;
}) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className={cn('max-w-xl', className)}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogHeader title={title} description={description} />
          <div className="grid gap-4">{children}</div>
          <DialogFooter>
            <Button variant="ghost" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
