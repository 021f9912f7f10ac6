import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Section } from '@/components/layout/section';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { errorMessage, withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import type { Tenant } from '@/types/api';
import { useTenant } from '../api/get-tenant';
import { useUpdateTenant } from '../api/update-tenant';
import { validateTenantName } from '../utils/slug';

const ENVIRONMENT_LABELS: Record<string, string> = {
  local: 'Local development',
  development: 'Development',
  production: 'Production',
};

/** The tenant's name (with a rename form) and its identifiers. */
export function TenantOverview({ tenantId, canRename }: { tenantId: string; canRename: boolean }) {
  const tenant = useTenant(tenantId);

  if (tenant.isPending) {
    return (
      <div className="grid gap-8" aria-busy="true">
        <span className="sr-only" role="status">
          Loading tenant
        </span>
        <Card className="grid gap-3 p-5">
          <Skeleton className="w-24" />
          <Skeleton className="h-9 w-full max-w-md" />
        </Card>
        <Card className="grid gap-3 p-5">
          <Skeleton className="w-40" />
          <Skeleton className="w-64" />
          <Skeleton className="w-56" />
        </Card>
      </div>
    );
  }

  if (tenant.isError) {
    return (
      <Callout variant="destructive" title="Could not load this tenant">
        <p>{errorMessage(tenant.error)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void tenant.refetch()}>
          Try again
        </Button>
      </Callout>
    );
  }

  return (
    <div className="grid gap-8">
      <Section
        title="Name"
        description="How this tenant appears in the tenant switcher and to members."
      >
        <Card className="p-5">
          <RenameForm tenant={tenant.data} canRename={canRename} />
        </Card>
      </Section>
      <Section
        title="Details"
        description="Identifiers to use in API calls, tokens and support requests."
      >
        <Card>
          <dl className="divide-y divide-border">
            <DetailRow
              label="Tenant ID"
              copy={{ value: tenant.data.metadata.id, label: 'tenant ID' }}
            >
              <code className="font-mono text-xs break-all sm:text-[13px]">
                {tenant.data.metadata.id}
              </code>
            </DetailRow>
            <DetailRow label="Slug" copy={{ value: tenant.data.slug, label: 'slug' }}>
              <code className="font-mono text-xs break-all sm:text-[13px]">{tenant.data.slug}</code>
            </DetailRow>
            {tenant.data.environment ? (
              <DetailRow label="Environment">
                {ENVIRONMENT_LABELS[tenant.data.environment] ?? tenant.data.environment}
              </DetailRow>
            ) : null}
            <DetailRow label="Engine version">{tenant.data.version}</DetailRow>
            <DetailRow label="Created">
              <RelativeTime value={tenant.data.metadata.createdAt} />
            </DetailRow>
          </dl>
        </Card>
      </Section>
    </div>
  );
}

function DetailRow({
  label,
  copy,
  children,
}: {
  label: string;
  copy?: { value: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:items-center sm:gap-4 sm:px-5">
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="flex min-h-8 min-w-0 items-center gap-1 text-sm text-foreground">
        <span className="min-w-0">{children}</span>
        {copy ? <CopyButton value={copy.value} label={copy.label} className="shrink-0" /> : null}
      </dd>
    </div>
  );
}

function RenameForm({ tenant, canRename }: { tenant: Tenant; canRename: boolean }) {
  const [name, setName] = useState(tenant.name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateTenant(tenant.metadata.id);
  const unchanged = name.trim() === tenant.name;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateTenantName(name);
    if (problem) {
      setErrors({ name: problem });
      return;
    }
    const next = name.trim();
    update.mutate(
      { name: next },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          toast({
            title: 'Tenant renamed',
            description: `The tenant is now called "${saved.name}".`,
            variant: 'success',
          });
        },
        onError: (error) =>
          reportApiError(error, {
            onFieldErrors: setErrors,
            fields: ['name'],
            title: 'Could not rename the tenant',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label="Tenant name"
        error={errors.name}
        hint={canRename ? undefined : 'Viewers cannot rename the tenant.'}
        className="min-w-0 flex-1 sm:max-w-md"
      >
        <Input
          name="name"
          value={name}
          maxLength={255}
          placeholder="My tenant"
          autoComplete="off"
          disabled={!canRename}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => withoutField(current, 'name'));
          }}
        />
      </Field>
      {canRename ? (
        <Button
          type="submit"
          className="sm:mt-[26px]"
          loading={update.isPending}
          disabled={unchanged}
        >
          Save name
        </Button>
      ) : null}
    </form>
  );
}
