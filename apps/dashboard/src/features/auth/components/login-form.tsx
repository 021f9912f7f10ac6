import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import type { User } from '@/types/api';
import { useLogin } from '../api/login';
import { validateEmail, validatePassword } from '../utils/validation';

/** Email and password sign-in. Server field errors appear under the fields; others toast. */
export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLogin();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = compact({ email: validateEmail(email), password: validatePassword(password) });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess,
        onError: (error) => reportApiError(error, { onFieldErrors: setErrors }),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Email" error={errors.email}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => withoutField(current, 'email'));
          }}
          autoFocus
        />
      </Field>
      <Field label="Password" error={errors.password}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => withoutField(current, 'password'));
          }}
        />
      </Field>
      <Button type="submit" className="mt-1 w-full" loading={login.isPending}>
        Sign in
      </Button>
    </form>
  );
}

function compact(errors: Record<string, string | undefined>): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
