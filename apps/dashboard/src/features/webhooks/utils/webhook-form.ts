/**
 * The create-webhook form: its values, the checks made before sending (the server's rules,
 * so messages show at once under the fields), and the request body, whose `auth` follows the
 * source (a signing secret for GitHub, Stripe, Slack and Linear) or the chosen type.
 */
import type { FieldErrors } from '@/lib/api-error';
import type {
  V1CreateWebhookRequest,
  V1WebhookAuthType,
  V1WebhookHmacAlgorithm,
  V1WebhookHmacEncoding,
  V1WebhookSourceName,
} from '@/types/api';
import { WEBHOOK_SOURCES } from './webhook-sources';

/** Names go in the receive URL: letters, digits, `-`, `_` and `.` (as the server checks). */
const NAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

export interface WebhookFormValues {
  name: string;
  sourceName: V1WebhookSourceName;
  eventKeyExpression: string;
  /** Chosen for GENERIC; the other sources are always HMAC. */
  authType: V1WebhookAuthType;
  username: string;
  password: string;
  headerName: string;
  apiKey: string;
  signingSecret: string;
  algorithm: V1WebhookHmacAlgorithm;
  encoding: V1WebhookHmacEncoding;
  signatureHeaderName: string;
}

export const INITIAL_WEBHOOK_FORM: WebhookFormValues = {
  name: '',
  sourceName: 'GENERIC',
  eventKeyExpression: WEBHOOK_SOURCES.GENERIC.defaultExpression,
  authType: 'BASIC',
  username: '',
  password: '',
  headerName: 'X-API-Key',
  apiKey: '',
  signingSecret: '',
  algorithm: 'SHA256',
  encoding: 'HEX',
  signatureHeaderName: 'X-Signature',
};

/** The authentication a webhook of this source gets: a service's scheme, or the choice. */
export function effectiveAuthType(values: WebhookFormValues): V1WebhookAuthType {
  return WEBHOOK_SOURCES[values.sourceName].signed ? 'HMAC' : values.authType;
}

/** The fields the chosen authentication asks for (server field names, under `auth.`). */
export function authFields(values: WebhookFormValues): (keyof WebhookFormValues)[] {
  if (WEBHOOK_SOURCES[values.sourceName].signed) return ['signingSecret'];
  switch (values.authType) {
    case 'BASIC':
      return ['username', 'password'];
    case 'API_KEY':
      return ['headerName', 'apiKey'];
    case 'HMAC':
      return ['signingSecret', 'signatureHeaderName'];
  }
}

/** A new source: Slack's events are keyed by type; the others keep a typed expression. */
export function withSource(
  values: WebhookFormValues,
  sourceName: V1WebhookSourceName,
): WebhookFormValues {
  const previousDefault = WEBHOOK_SOURCES[values.sourceName].defaultExpression;
  const untouched =
    values.eventKeyExpression.trim() === '' || values.eventKeyExpression === previousDefault;
  return {
    ...values,
    sourceName,
    eventKeyExpression: untouched
      ? WEBHOOK_SOURCES[sourceName].defaultExpression
      : values.eventKeyExpression,
  };
}

const LABELS: Partial<Record<keyof WebhookFormValues, string>> = {
  username: 'Username',
  password: 'Password',
  headerName: 'Header name',
  apiKey: 'API key',
  signingSecret: 'Signing secret',
  signatureHeaderName: 'Signature header name',
};

/** Messages per field (keys as the server names them); empty when the form can be sent. */
export function validateWebhookForm(values: WebhookFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required';
  else if (!NAME_PATTERN.test(name)) {
    errors.name = 'Use only letters, digits, "-", "_" and "."';
  }
  if (values.eventKeyExpression.trim() === '') {
    errors.eventKeyExpression = 'Event key expression is required';
  }
  for (const field of authFields(values)) {
    if (String(values[field]).trim() === '')
      errors[`auth.${field}`] = `${LABELS[field]} is required`;
  }
  return errors;
}

/** The POST body; call after validating. */
export function createWebhookRequest(values: WebhookFormValues): V1CreateWebhookRequest {
  const common = {
    name: values.name.trim(),
    sourceName: values.sourceName,
    eventKeyExpression: values.eventKeyExpression.trim(),
  };
  const signed = WEBHOOK_SOURCES[values.sourceName].signed;
  if (signed) {
    return {
      ...common,
      authType: 'HMAC',
      auth: {
        algorithm: 'SHA256',
        encoding: 'HEX',
        signatureHeaderName: signed.header,
        signingSecret: values.signingSecret,
      },
    };
  }
  switch (values.authType) {
    case 'BASIC':
      return {
        ...common,
        authType: 'BASIC',
        auth: { username: values.username, password: values.password },
      };
    case 'API_KEY':
      return {
        ...common,
        authType: 'API_KEY',
        auth: { headerName: values.headerName.trim(), apiKey: values.apiKey },
      };
    case 'HMAC':
      return {
        ...common,
        authType: 'HMAC',
        auth: {
          algorithm: values.algorithm,
          encoding: values.encoding,
          signatureHeaderName: values.signatureHeaderName.trim(),
          signingSecret: values.signingSecret,
        },
      };
  }
}
