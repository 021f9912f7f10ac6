/**
 * Turning a verified request body into the event's payload. Senders label JSON in many ways
 * (application/json, text/plain, a vendor type, none at all), so only a form content type is
 * read as a form and everything else must be a JSON object.
 */
import type { V1WebhookSourceName } from '@trellis/api-contract';
import { badRequest } from '../http/api-error';

type JsonObject = Record<string, unknown>;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
const UNREADABLE = 'failed to unmarshal request body';

/**
 * The body as an object. Form bodies: a GENERIC webhook takes every field (a repeated field
 * becomes the list of its values); Slack posts interactions as a form whose `payload` field
 * holds the JSON; other providers only send JSON.
 */
export function parseWebhookBody(
  source: V1WebhookSourceName,
  contentType: string | undefined,
  rawBody: Buffer,
): JsonObject {
  const text = rawBody.toString('utf8');
  if (contentType?.split(';')[0]?.trim().toLowerCase() !== FORM_CONTENT_TYPE)
    return parseJsonObject(text);
  const form = new URLSearchParams(text);
  switch (source) {
    case 'GENERIC':
      return Object.fromEntries(
        [...new Set(form.keys())].map((name) => {
          const values = form.getAll(name);
          return [name, values.length === 1 ? values[0] : values];
        }),
      );
    case 'SLACK': {
      const payload = form.get('payload');
      if (payload === null)
        throw badRequest('a form-encoded Slack request carries its JSON in the payload field');
      return parseJsonObject(payload);
    }
    default:
      throw badRequest(`${source} webhooks take JSON bodies, not form-encoded ones`);
  }
}

function parseJsonObject(text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(UNREADABLE);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(UNREADABLE);
  return value as JsonObject;
}

/**
 * The reference's request binding mixes the path parameters into the body and then removes
 * them by these names; removing them too keeps payloads (and the expressions written against
 * them) the same on both servers.
 */
const PATH_PARAMETER_KEYS = ['tenant', 'v1-webhook'];

/** The event's payload: the body without those keys, with the webhook's static payload over it. */
export function eventPayloadOf(body: JsonObject, staticPayload: JsonObject | null): JsonObject {
  const payload = { ...body };
  for (const key of PATH_PARAMETER_KEYS) delete payload[key];
  return { ...payload, ...staticPayload };
}
