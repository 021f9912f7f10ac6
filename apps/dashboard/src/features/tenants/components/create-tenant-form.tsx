import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { reportApiError } from '@/hooks/report-api-error';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import type { Tenant } from '@/types/api';
import { useCreateTenant } from '../api/create-tenant';
import { slugFromName, validateSlug, validateTenantName } from '../utils/slug';

/**
 * Name and slug of a new tenant. The slug follows the name until the user edits it;
 * clearing the slug field hands it back to the name.
 */
export function CreateTenantForm({ onCreated }: { onCreated: (tenant: Tenant) => void }) {
  const [name, setName] = useState('');
  const [customSlug, setCustomSlug] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const createTenant = useCreateTenant();
  const slug = customSlug ?? slugFromName(name);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = Object.fromEntries(
      Object.entries({ name: validateTenantName(name), slug: validateSlug(slug) }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createTenant.mutate(
      { name: name.trim(), slug },
      {
        onSuccess: onCreated,
        onError: (error) => reportApiError(error, { onFieldErrors: setErrors }),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Name" error={errors.name}>
        <Input
          name="name"
          placeholder="Acme Production"
          value={name}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => withoutField(withoutField(current, 'name'), 'slug'));
          }}
          autoFocus
        />
      </Field>
      <Field
        label="Slug"
        error={errors.slug}
        hint="A short unique identifier: letters, numbers, dots, dashes and underscores."
      >
        <Input
          name="slug"
          placeholder="acme-production"
          value={slug}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-[13px]"
          onChange={(event) => {
            setCustomSlug(event.target.value === '' ? undefined : event.target.value);
            setErrors((current) => withoutField(current, 'slug'));
          }}
        />
      </Field>
      <Button type="submit" className="mt-1 w-full" loading={createTenant.isPending}>
        Create tenant
      </Button>
    </form>
  );
}
