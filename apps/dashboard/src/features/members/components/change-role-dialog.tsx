import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { roleLabel } from '@/lib/roles';
import type { FieldErrors } from '@/lib/api-error';
import type { TenantMemberRole } from '@/types/api';
import { RoleField } from './role-field';

interface ChangeRoleDialogProps {
  /** Who the role belongs to; `undefined` closes the dialog. */
  subject:
    { title: string; name?: string | undefined; email: string; role: TenantMemberRole } | undefined;
  roles: readonly TenantMemberRole[];
  submitLabel: string;
  pending: boolean;
  errors: FieldErrors;
  onSubmit: (role: TenantMemberRole) => void;
  onClose: () => void;
}

/** Shows who is changed (read only) and a role picker. Used for members and for invites. */
export function ChangeRoleDialog(props: ChangeRoleDialogProps) {
  const { subject, onClose, pending } = props;
  return (
    <Dialog
      open={subject !== undefined}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <DialogContent>
        {subject ? <ChangeRoleForm key={subject.email} {...props} subject={subject} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangeRoleForm({
  subject,
  roles,
  submitLabel,
  pending,
  errors,
  onSubmit,
  onClose,
}: ChangeRoleDialogProps & { subject: NonNullable<ChangeRoleDialogProps['subject']> }) {
  const [role, setRole] = useState<TenantMemberRole>(subject.role);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(role);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader title={subject.title} description={`Currently ${roleLabel(subject.role)}.`} />
      <dl className="grid gap-3 rounded-lg border border-border bg-muted/30 p-3 text-sm">
        {subject.name ? (
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">Name</dt>
            <dd className="truncate font-medium text-foreground">{subject.name}</dd>
          </div>
        ) : null}
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Email</dt>
          <dd className="truncate text-foreground">{subject.email}</dd>
        </div>
      </dl>
      <RoleField value={role} onChange={setRole} roles={roles} error={errors.role} />
      <DialogFooter>
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={role === subject.role}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
