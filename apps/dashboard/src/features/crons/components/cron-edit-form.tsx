import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CronExpressionField } from '@/components/ui/cron-expression-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { jsonObjectText } from '@/lib/json-object';
import type { CronWorkflows } from '@/types/api';
import { useUpdateCron } from '../api/update-cron';
import { CRON_FORM_FIELDS, PRIORITIES, cronFormBody, cronFormErrors } from '../utils/cron-form';
import type { CronFormField, CronFormValues } from '../utils/cron-form';

/**
 * Edits a cron created over REST in place: name, expression (what it does, or the spec's
 * message, shown as it is typed), input, metadata and priority. The server checks again and
 * its per-field messages show under the fields.
 */
export function CronEditForm({
  tenantId,
  cron,
  onDone,
}: {
  tenantId: string;
  cron: CronWorkflows;
  onDone: () => void;
}) {
  const [values, setValues] = useState<CronFormValues>({
    name: cron.name ?? '',
    expression: cron.cron,
    input: jsonObjectText(cron.input),
    metadata: jsonObjectText(cron.additionalMetadata),
    priority: cron.priority ? String(cron.priority) : '',
  });
  const [serverErrors, setServerErrors] = useState<Partial<Record<CronFormField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateCron(tenantId);
  const problems = cronFormErrors(values);
  // The expression is judged as it is typed; the other fields once a save was tried.
  const errorOf = (field: CronFormField) =>
    (field === 'cronExpression' || submitted ? problems[field] : undefined) ?? serverErrors[field];
  const set = (name: keyof CronFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      { cronId: cron.metadata.id, body: cronFormBody(values) },
      {
        onSuccess: () => {
          toast({ title: 'Cron job saved', variant: 'success' });
          onDone();
        },
        onError: (error) =>
          reportApiError(error, {
            onFieldErrors: setServerErrors,
            fields: CRON_FORM_FIELDS,
            title: 'Could not save the cron job',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Edit cron job">
      <Field label="Name" error={errorOf('cronName')}>
        <Input value={values.name} onChange={(event) => set('name')(event.target.value)} />
      </Field>
      <CronExpressionField
        value={values.expression}
        onChange={set('expression')}
        error={serverErrors.cronExpression}
      />
      <Field label="Input" error={errorOf('input')}>
        <Textarea
          rows={5}
          value={values.input}
          onChange={(event) => set('input')(event.target.value)}
        />
      </Field>
      <Field label="Additional Metadata" error={errorOf('additionalMetadata')}>
        <Textarea
          rows={3}
          value={values.metadata}
          onChange={(event) => set('metadata')(event.target.value)}
        />
      </Field>
      <Field label="Priority" error={errorOf('priority')}>
        <NativeSelect
          value={values.priority}
          onChange={(event) => set('priority')(event.target.value)}
        >
          {/* A PATCH keeps a field it is not sent: a chosen priority cannot go back to none. */}
          {cron.priority ? null : <option value="">The workflow&apos;s default</option>}
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {priority}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
