import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { reportApiError } from '@/hooks/report-api-error';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { useCreateApiToken } from '../api/create-api-token';
import {
  DEFAULT_TOKEN_EXPIRES_IN,
  TOKEN_EXPIRY_OPTIONS,
  TOKEN_NAME_MAX,
  validateTokenName,
} from '../utils/token-options';
import type { TokenExpiresIn } from '../utils/token-options';
import { TokenReveal } from './token-reveal';

interface CreateApiTokenDialogProps {
  tenantId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Name and lifetime of a new token, then the token itself, once. Closing the dialog forgets
 * the token; while it is shown, a click outside does not close the dialog by accident.
 */
export function CreateApiTokenDialog({ tenantId, open, onOpenChange }: CreateApiTokenDialogProps) {
  const [name, setName] = useState('');
  const [expiresIn, setExpiresIn] = useState<TokenExpiresIn>(DEFAULT_TOKEN_EXPIRES_IN);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [token, setToken] = useState<string | undefined>(undefined);
  const create = useCreateApiToken(tenantId);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setName('');
      setExpiresIn(DEFAULT_TOKEN_EXPIRES_IN);
      setErrors({});
      setToken(undefined);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nameError = validateTokenName(name);
    if (nameError) {
      setErrors({ name: nameError });
      return;
    }
    create.mutate(
      { name: name.trim(), expiresIn },
      {
        onSuccess: (result) => setToken(result.token),
        onError: (error) =>
          reportApiError(error, {
            onFieldErrors: setErrors,
            fields: ['name', 'expiresIn'],
            title: 'Could not create the token',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className={token ? 'max-w-xl' : undefined}
        onInteractOutside={(event) => {
          if (token) event.preventDefault();
        }}
      >
        {token ? (
          <>
            <DialogHeader
              title="Your new API token"
              description={`"${name.trim()}" is ready. Workers and clients use it to reach this tenant.`}
            />
            <TokenReveal token={token} />
            <DialogFooter>
              <Button onClick={() => changeOpen(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-5">
            <DialogHeader
              title="Create an API token"
              description="Workers and clients use API tokens to reach this tenant's API and engine."
            />
            <div className="grid gap-4">
              <Field label="Name" error={errors.name}>
                <Input
                  name="name"
                  placeholder="My token"
                  value={name}
                  maxLength={TOKEN_NAME_MAX}
                  autoComplete="off"
                  autoFocus
                  onChange={(event) => {
                    setName(event.target.value);
                    setErrors((current) => withoutField(current, 'name'));
                  }}
                />
              </Field>
              <Field label="Expires in" error={errors.expiresIn}>
                <NativeSelect
                  name="expiresIn"
                  value={expiresIn}
                  onChange={(event) => {
                    setExpiresIn(event.target.value as TokenExpiresIn);
                    setErrors((current) => withoutField(current, 'expiresIn'));
                  }}
                >
                  {TOKEN_EXPIRY_OPTIONS.map((option) => (
                    <option key={option.expiresIn} value={option.expiresIn}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <DialogFooter>
              <Button variant="ghost" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Generate token
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
