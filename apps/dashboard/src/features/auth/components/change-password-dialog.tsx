import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { useChangePassword } from '../api/change-password';
import { PASSWORD_RULE_MESSAGE, validateNewPassword } from '../utils/validation';

const FIELDS = ['password', 'newPassword', 'confirm'] as const;
type FieldName = (typeof FIELDS)[number];

/** The server's answer to a wrong current password (Hatchet's wording), said for this form. */
const WRONG_CURRENT = 'invalid credentials';

export function validateChangePassword(values: Record<FieldName, string>): FieldErrors {
  const found: Record<FieldName, string | undefined> = {
    password: values.password === '' ? 'Enter your current password.' : undefined,
    newPassword: validateNewPassword(values.newPassword),
    confirm:
      values.confirm === ''
        ? 'Enter the new password again.'
        : values.confirm !== values.newPassword
          ? 'The passwords do not match.'
          : undefined,
  };
  return Object.fromEntries(
    Object.entries(found).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * Current password, new password and its confirmation. On success every other session of the
 * user is signed out (this one stays), which the toast says.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Record<FieldName, string>>({
    password: '',
    newPassword: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();

  const submit = () => {
    const found = validateChangePassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { password: values.password, newPassword: values.newPassword },
      {
        onSuccess: () => {
          onClose();
          toast({
            title: 'Password changed',
            description: 'You were signed out everywhere else.',
            variant: 'success',
          });
        },
        onError: (error) =>
          reportApiError(error, {
            fields: FIELDS,
            title: 'Could not change the password',
            onFieldErrors: (fieldErrors) =>
              setErrors({
                ...fieldErrors,
                ...(fieldErrors.password === WRONG_CURRENT
                  ? { password: 'This is not your current password.' }
                  : {}),
              }),
          }),
      },
    );
  };

  const input = (name: FieldName, autoComplete: string) => (
    <Input
      type="password"
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      autoFocus={name === 'password'}
      onChange={(event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => withoutField(current, name));
      }}
    />
  );

  return (
    <FormDialog
      title="Change password"
      description="You stay signed in here; every other session is signed out."
      submitLabel="Change password"
      pending={change.isPending}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-md"
    >
      <Field label="Current password" error={errors.password}>
        {input('password', 'current-password')}
      </Field>
      <Field label="New password" error={errors.newPassword} hint={PASSWORD_RULE_MESSAGE}>
        {input('newPassword', 'new-password')}
      </Field>
      <Field label="Confirm new password" error={errors.confirm}>
        {input('confirm', 'new-password')}
      </Field>
    </FormDialog>
  );
}
