import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import type { User } from '@/types/api';
import { useRegister } from '../api/register';
import {
  PASSWORD_RULE_MESSAGE,
  validateEmail,
  validateName,
  validateNewPassword,
} from '../utils/validation';

/** Name, email and password sign-up, with the server's password rule checked first. */
export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = useRegister();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = Object.fromEntries(
      Object.entries({
        name: validateName(name),
        email: validateEmail(email),
        password: validateNewPassword(password),
      }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    register.mutate(
      { name: name.trim(), email: email.trim(), password },
      {
        onSuccess,
        onError: (error) => reportApiError(error, { onFieldErrors: setErrors }),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Name" error={errors.name}>
        <Input
          name="name"
          autoComplete="name"
          placeholder="Ada Lovelace"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => withoutField(current, 'name'));
          }}
          autoFocus
        />
      </Field>
      <Field label="Email" error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => withoutField(current, 'email'));
          }}
        />
      </Field>
      <Field label="Password" error={errors.password} hint={PASSWORD_RULE_MESSAGE}>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => withoutField(current, 'password'));
          }}
        />
      </Field>
      <Button type="submit" className="mt-1 w-full" loading={register.isPending}>
        Create account
      </Button>
    </form>
  );
}
