import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { roleLabel } from '@/lib/roles';
import type { TenantMemberRole } from '@/types/api';
import { useCreateTenantInvite } from '../api/create-tenant-invite';
import { RoleField } from './role-field';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateInviteEmail(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'Email is required';
  if (!EMAIL_PATTERN.test(trimmed)) return 'Invalid email address';
  return undefined;
}

/** Email and role of a new invite. Server field errors appear under the fields. */
export function InviteMemberDialog({
  tenantId,
  roles,
  open,
  onOpenChange,
}: {
  tenantId: string;
  roles: readonly TenantMemberRole[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TenantMemberRole>('MEMBER');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTenantInvite(tenantId);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setEmail('');
      setRole('MEMBER');
      setErrors({});
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailError = validateInviteEmail(email);
    if (emailError) {
      setErrors({ email: emailError });
      return;
    }
    const address = email.trim();
    create.mutate(
      { email: address, role },
      {
        onSuccess: (invite) => {
          changeOpen(false);
          toast({
            title: 'Invite created',
            description: `${invite.email} can join as ${roleLabel(invite.role)} after signing in.`,
            variant: 'success',
          });
        },
        onError: (error) =>
          reportApiError(error, {
            onFieldErrors: setErrors,
            fields: ['email', 'role'],
            title: 'Could not create the invite',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending ? undefined : changeOpen(next))}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader
            title="Invite a member"
            description="They see the invite when they sign in to Trellis with this email address. Invites expire after 7 days."
          />
          <div className="grid gap-4">
            <Field label="Email" error={errors.email}>
              <Input
                name="email"
                type="email"
                placeholder="name@example.com"
                autoComplete="off"
                autoFocus
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setErrors((current) => withoutField(current, 'email'));
                }}
              />
            </Field>
            <RoleField
              value={role}
              roles={roles}
              error={errors.role}
              onChange={(next) => {
                setRole(next);
                setErrors((current) => withoutField(current, 'role'));
              }}
            />
          </div>
          <DialogFooter>
            <Button variant="ghost" onClick={() => changeOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create invite
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
