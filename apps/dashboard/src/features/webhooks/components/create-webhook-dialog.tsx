import { useState } from 'react';
import { Callout } from '@/components/ui/callout';
import { CodeBlock } from '@/components/ui/code-block';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { reportApiError } from '@/hooks/report-api-error';
import { toast } from '@/hooks/use-toast';
import { withoutField } from '@/lib/api-error';
import type { FieldErrors } from '@/lib/api-error';
import type { V1Webhook, V1WebhookSourceName } from '@/types/api';
import { useCreateWebhook } from '../api/create-webhook';
import { curlExample } from '../utils/curl-example';
import {
  INITIAL_WEBHOOK_FORM,
  authFields,
  createWebhookRequest,
  effectiveAuthType,
  validateWebhookForm,
  withSource,
} from '../utils/webhook-form';
import type { WebhookFormValues } from '../utils/webhook-form';
import { AUTH_TYPES, OFFERED_SOURCES, WEBHOOK_SOURCES } from '../utils/webhook-sources';
import { webhookReceiveUrl } from '../utils/webhook-url';
import { EXPRESSION_HINT } from './webhook-expression-hint';
import { ReceiveUrl } from './receive-url';
import { WebhookAuthFields } from './webhook-auth-fields';

/**
 * Create a webhook (reference 5.8, improved): the receive URL as the name is typed, port
 * included; authentication fields that follow the source; and a curl command, signed with
 * openssl where the source signs, to send a first request as soon as it exists.
 */
export default function CreateWebhookDialog({
  tenantId,
  origin,
  onClose,
  onCreated,
}: {
  tenantId: string;
  /** The dashboard's address: webhooks receive on the same host and port. */
  origin: string;
  onClose: () => void;
  onCreated: (webhook: V1Webhook) => void;
}) {
  const [values, setValues] = useState<WebhookFormValues>(INITIAL_WEBHOOK_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateWebhook(tenantId);
  const set = <K extends keyof WebhookFormValues>(field: K, value: WebhookFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(withoutField(current, field), `auth.${field}`));
  };

  const name = values.name.trim();
  // Until it has a name, the URL shows where the name goes (unescaped, unlike a real one).
  const url = name
    ? webhookReceiveUrl(origin, tenantId, name)
    : `${webhookReceiveUrl(origin, tenantId, '')}<name>`;
  const source = WEBHOOK_SOURCES[values.sourceName];

  const submit = () => {
    const found = validateWebhookForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(createWebhookRequest(values), {
      onSuccess: (webhook) => {
        toast({ title: 'Webhook created', description: webhook.name, variant: 'success' });
        onCreated(webhook);
      },
      onError: (error) =>
        reportApiError(error, {
          onFieldErrors: setErrors,
          fields: [
            'name',
            'sourceName',
            'eventKeyExpression',
            'authType',
            ...authFields(values).map((field) => `auth.${field}`),
          ],
          title: 'Could not create the webhook',
        }),
    });
  };

  return (
    <FormDialog
      title="Create a webhook"
      description="An address other services send HTTP requests to; each accepted request becomes an event."
      submitLabel="Create webhook"
      pending={create.isPending}
      className="max-w-2xl"
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Field label="Name" error={errors.name}>
          <Input
            name="name"
            placeholder="test-webhook"
            value={values.name}
            autoComplete="off"
            autoFocus
            spellCheck={false}
            onChange={(event) => set('name', event.target.value)}
          />
        </Field>
        <p className="text-xs text-muted-foreground">Send incoming webhook requests to:</p>
        <ReceiveUrl url={url} disabled={name === ''} />
      </div>
      <Field label="Source" error={errors.sourceName}>
        <NativeSelect
          name="sourceName"
          value={values.sourceName}
          onChange={(event) => {
            setValues((current) => withSource(current, event.target.value as V1WebhookSourceName));
            setErrors({});
          }}
        >
          {OFFERED_SOURCES.map((sourceName) => (
            <option key={sourceName} value={sourceName}>
              {WEBHOOK_SOURCES[sourceName].label}
              {sourceName === 'GENERIC' ? ' (requests from any service)' : ''}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {values.sourceName === 'GITHUB' ? (
        <Callout variant="warning" title="Choose application/json in GitHub">
          Set the webhook&apos;s content type to application/json in GitHub: form-encoded deliveries
          are refused.
        </Callout>
      ) : null}
      <Field
        label="Event key expression"
        error={errors.eventKeyExpression}
        hint={
          values.sourceName === 'SLACK' ? (
            <>
              {EXPRESSION_HINT} For Slack, <code className="font-mono">input.type</code> keys events
              by their type.
            </>
          ) : (
            EXPRESSION_HINT
          )
        }
      >
        <Input
          name="eventKeyExpression"
          value={values.eventKeyExpression}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => set('eventKeyExpression', event.target.value)}
        />
      </Field>
      <WebhookAuthFields values={values} set={set} errors={errors} />
      <CodeBlock
        caption={`Send a test request (${source.signed ? `${source.label} signature` : AUTH_TYPES[effectiveAuthType(values)].label})`}
        label="test request command"
        wrap
        code={curlExample({
          url,
          sourceName: values.sourceName,
          authType: effectiveAuthType(values),
          auth: values,
        })}
      />
    </FormDialog>
  );
}
