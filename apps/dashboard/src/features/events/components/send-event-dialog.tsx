import { useId, useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { JsonField } from '@/components/ui/json-field';
import { reportApiError } from '@/hooks/report-api-error';
import { useJsonText } from '@/hooks/use-json-text';
import { toast } from '@/hooks/use-toast';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import { useSendEvent } from '../api/send-event';

/**
 * Send event (a Trellis addition): push an event by hand, as an SDK would, to try out event
 * triggers and filters. Payload and metadata are checked as JSON while they are typed; the
 * key suggests the keys seen so far. On success the new event opens.
 */
export default function SendEventDialog({
  tenantId,
  eventKeys,
  onClose,
  onSent,
}: {
  tenantId: string;
  eventKeys: string[];
  onClose: () => void;
  onSent: (eventId: string) => void;
}) {
  const ids = useId();
  const [key, setKey] = useState('');
  const [scope, setScope] = useState('');
  const payload = useJsonText();
  const metadata = useJsonText();
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendEvent(tenantId);

  const submit = () => {
    if (key.trim() === '') {
      setErrors({ key: 'Key is required' });
      return;
    }
    if (!payload.parsed.ok || !metadata.parsed.ok) return;
    send.mutate(
      {
        key: key.trim(),
        data: payload.parsed.value,
        additionalMetadata: metadata.parsed.value,
        ...(scope.trim() ? { scope: scope.trim() } : {}),
      },
      {
        onSuccess: (created) => {
          toast({ title: 'Event sent', description: created.key, variant: 'success' });
          onSent(created.metadata.id);
        },
        onError: (error) =>
          reportApiError(error, {
            onFieldErrors: setErrors,
            fields: ['key', 'data', 'additionalMetadata', 'scope'],
            title: 'Could not send the event',
          }),
      },
    );
  };

  return (
    <FormDialog
      title="Send event"
      description="Push an event to this tenant. It triggers every workflow with an event trigger on its key whose filters let it through."
      submitLabel="Send event"
      pending={send.isPending}
      submitDisabled={!payload.parsed.ok || !metadata.parsed.ok}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="Key"
        error={errors.key}
        hint="Workflows listen for a key in their event triggers."
      >
        <Input
          name="key"
          placeholder="order.created"
          value={key}
          autoComplete="off"
          autoFocus
          list={`${ids}-keys`}
          className="font-mono"
          onChange={(event) => {
            setKey(event.target.value);
            setErrors((current) => withoutField(current, 'key'));
          }}
        />
      </Field>
      <datalist id={`${ids}-keys`}>
        {eventKeys.map((known) => (
          <option key={known} value={known} />
        ))}
      </datalist>
      <JsonField
        label="Payload"
        field={payload}
        rows={7}
        error={errors.data}
        hint={
          <>
            A JSON object: the input of the runs it triggers, and{' '}
            <code className="font-mono">input</code> in filter expressions.
          </>
        }
      />
      <JsonField
        label="Additional metadata"
        field={metadata}
        rows={3}
        error={errors.additionalMetadata}
        hint="Key-value pairs copied to the runs it triggers, to find them by."
      />
      <Field
        label="Scope"
        error={errors.scope}
        hint="Optional. Only the filters with this scope are evaluated for the event."
      >
        <Input
          name="scope"
          placeholder="customer-42"
          value={scope}
          autoComplete="off"
          className="font-mono"
          onChange={(event) => {
            setScope(event.target.value);
            setErrors((current) => withoutField(current, 'scope'));
          }}
        />
      </Field>
    </FormDialog>
  );
}
