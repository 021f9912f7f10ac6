import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { FieldErrors } from '@/lib/api-error';
import type { V1WebhookAuthType } from '@/types/api';
import type { WebhookFormValues } from '../utils/webhook-form';
import {
  AUTH_TYPES,
  HMAC_ALGORITHMS,
  HMAC_ENCODINGS,
  WEBHOOK_SOURCES,
} from '../utils/webhook-sources';

type Set = <K extends keyof WebhookFormValues>(field: K, value: WebhookFormValues[K]) => void;

/**
 * How requests to the webhook prove where they come from. A generic webhook chooses Basic,
 * an API key header or an HMAC signature; a service's webhook takes only the signing secret
 * the service signs with.
 */
export function WebhookAuthFields({
  values,
  set,
  errors,
}: {
  values: WebhookFormValues;
  set: Set;
  errors: FieldErrors;
}) {
  const source = WEBHOOK_SOURCES[values.sourceName];
  const text = (field: keyof WebhookFormValues, label: string, placeholder?: string) => (
    <Field label={label} error={errors[`auth.${field}`]}>
      <Input
        name={field}
        value={String(values[field])}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set(field, event.target.value)}
      />
    </Field>
  );

  if (source.signed) {
    return (
      <div className="grid gap-4 border-l-2 border-border pl-4">
        <Field
          label="Signing secret"
          error={errors['auth.signingSecret']}
          hint={`The secret ${source.label} signs its requests with; each request's ${source.signed.header} header is checked against it.`}
        >
          <Input
            name="signingSecret"
            value={values.signingSecret}
            placeholder={source.signed.secretPlaceholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set('signingSecret', event.target.value)}
          />
        </Field>
      </div>
    );
  }

  return (
    <div className="grid gap-4 border-l-2 border-border pl-4">
      <Field label="Authentication type" error={errors.authType}>
        <NativeSelect
          name="authType"
          value={values.authType}
          onChange={(event) => set('authType', event.target.value as V1WebhookAuthType)}
        >
          {(Object.keys(AUTH_TYPES) as V1WebhookAuthType[]).map((type) => (
            <option key={type} value={type}>
              {AUTH_TYPES[type].label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {values.authType === 'BASIC' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('username', 'Username')}
          {text('password', 'Password')}
        </div>
      ) : values.authType === 'API_KEY' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('headerName', 'Header name', 'X-API-Key')}
          {text('apiKey', 'API key')}
        </div>
      ) : (
        <>
          {text('signingSecret', 'Signing secret')}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Algorithm">
              <NativeSelect
                name="algorithm"
                value={values.algorithm}
                onChange={(event) =>
                  set('algorithm', event.target.value as WebhookFormValues['algorithm'])
                }
              >
                {HMAC_ALGORITHMS.map((algorithm) => (
                  <option key={algorithm}>{algorithm}</option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Encoding">
              <NativeSelect
                name="encoding"
                value={values.encoding}
                onChange={(event) =>
                  set('encoding', event.target.value as WebhookFormValues['encoding'])
                }
              >
                {HMAC_ENCODINGS.map((encoding) => (
                  <option key={encoding}>{encoding}</option>
                ))}
              </NativeSelect>
            </Field>
            {text('signatureHeaderName', 'Signature header', 'X-Signature')}
          </div>
        </>
      )}
    </div>
  );
}
