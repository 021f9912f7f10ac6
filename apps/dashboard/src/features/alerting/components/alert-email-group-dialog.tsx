import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TenantAlertEmailGroup } from '@trellis/api-contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import type { FieldErrors } from '@/lib/api-error';
import { useCreateAlertEmailGroup } from '../api/create-alert-email-group';
import { useUpdateAlertEmailGroup } from '../api/update-alert-email-group';
import { MAX_GROUP_EMAILS, parseAlertEmails } from '../utils/alert-emails';

/**
 * "Create an email group" (reference 5.16.5), or, given a group, "Edit email group": the
 * addresses one a line or comma separated, checked before they are sent. Loaded when first
 * opened.
 */
export default function AlertEmailGroupDialog({
  tenantId,
  group,
  onClose,
}: {
  tenantId: string;
  group?: TenantAlertEmailGroup | undefined;
  onClose: () => void;
}) {
  const [text, setText] = useState(group ? group.emails.join('\n') : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateAlertEmailGroup(tenantId);
  const update = useUpdateAlertEmailGroup(tenantId);
  const pending = create.isPending || update.isPending;

  const close = () => {
    // The answer of a pending request would have nowhere to go.
    if (!pending) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseAlertEmails(text);
    if ('error' in parsed) {
      setErrors({ emails: parsed.error });
      return;
    }
    const done = {
      onSuccess: () => {
        toast({
          title: group ? 'Email group saved' : 'Email group created',
          description: parsed.emails.join(', '),
          variant: 'success',
        });
        onClose();
      },
      onError: (error: unknown) =>
        reportApiError(error, {
          // The server names a bad address by its index (emails.2): shown on the one field.
          onFieldErrors: (fieldErrors) =>
            setErrors({ emails: Object.values(fieldErrors).find(Boolean) ?? 'Invalid email' }),
          fields: ['emails', ...parsed.emails.map((_, index) => `emails.${index}`)],
          title: group ? 'Could not save the email group' : 'Could not create the email group',
        }),
    };
    if (group) update.mutate({ groupId: group.metadata.id, emails: parsed.emails }, done);
    else create.mutate(parsed.emails, done);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-xl">
        <form noValidate onSubmit={submit} className="grid gap-5">
          <DialogHeader
            title={group ? 'Edit email group' : 'Create an email group'}
            description="Everyone in the group receives the tenant's alerts: failed runs and API tokens about to expire."
          />
          <Field
            label="Emails"
            error={errors.emails}
            hint={`One address a line, or separated by commas. Up to ${MAX_GROUP_EMAILS}.`}
          >
            <Textarea
              name="emails"
              rows={5}
              placeholder={'ops@example.com\noncall@example.com'}
              value={text}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              onChange={(event) => {
                setText(event.target.value);
                setErrors({});
              }}
            />
          </Field>
          <DialogFooter>
            <Button variant="ghost" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {group ? 'Save changes' : 'Create email group'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
