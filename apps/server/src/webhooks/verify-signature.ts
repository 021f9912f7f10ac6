/**
 * Proving that a request comes from whoever holds the webhook's credentials: one function per
 * auth type (GENERIC webhooks) and per provider (the others, which sign as their own
 * documentation says; for them only the signing secret of the HMAC credentials is used).
 *
 * Refusals: a missing or wrong credential or signature is 403; a header present but not in the
 * provider's format, or a missing companion header (timestamp, message id), is 400. Where the
 * signed content carries a time, the signature is checked first and the time after, so
 * "stale" is only ever said of a genuine request replayed late.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type {
  V1WebhookHmacAlgorithm,
  V1WebhookHmacEncoding,
  V1WebhookSourceName,
} from '@trellis/api-contract';
import { badRequest, forbidden } from '../http/api-error';
import type { WebhookCredentials } from './webhook-credentials';

export interface SignedRequest {
  /** Node's header map: names are lower-case. */
  headers: IncomingHttpHeaders;
  /** The body exactly as received: signatures are computed over these bytes. */
  rawBody: Buffer;
  /** The server's time, in milliseconds since the epoch. */
  now: number;
}

type ProviderSource = Exclude<V1WebhookSourceName, 'GENERIC'>;

/** How far a signed time may be from the server's clock, as each provider advises. */
const STRIPE_TOLERANCE_MS = 10 * 60_000;
const SLACK_TOLERANCE_MS = 5 * 60_000;
const SVIX_TOLERANCE_MS = 5 * 60_000;
/** Linear: "within a minute", against replays of a captured delivery. */
const LINEAR_TOLERANCE_MS = 60_000;

/** Throws the refusal when `request` does not prove the webhook's credentials. */
export function verifyWebhookRequest(
  source: V1WebhookSourceName,
  credentials: WebhookCredentials,
  request: SignedRequest,
): void {
  if (source === 'GENERIC') {
    switch (credentials.authType) {
      case 'BASIC':
        return verifyBasicAuth(credentials.auth, request);
      case 'API_KEY':
        return verifyApiKey(credentials.auth, request);
      case 'HMAC':
        return verifyHmac(credentials.auth, request);
    }
  }
  // Creating a provider's webhook requires HMAC credentials (checkCredentialsFitSource).
  if (credentials.authType !== 'HMAC')
    throw new Error(`${source} webhook stored without a signing secret`);
  PROVIDER_VERIFIERS[source](credentials.auth.signingSecret, request);
}

const PROVIDER_VERIFIERS: Record<
  ProviderSource,
  (signingSecret: string, request: SignedRequest) => void
> = {
  GITHUB: verifyGithub,
  STRIPE: verifyStripe,
  SLACK: verifySlack,
  LINEAR: verifyLinear,
  SVIX: verifySvix,
};

// ---------------------------------------------------------------------------------------------
// GENERIC webhooks, by auth type

function verifyBasicAuth(auth: { username: string; password: string }, request: SignedRequest) {
  const header = signatureHeader(request, 'Authorization');
  const malformed = 'malformed Authorization header: expected Basic <base64 of username:password>';
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!match) throw badRequest(malformed);
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest(malformed);
  // Both compared in full, so a right username answers no faster than a wrong one.
  const usernameMatches = sameSecret(decoded.slice(0, colon), auth.username);
  const passwordMatches = sameSecret(decoded.slice(colon + 1), auth.password);
  if (!(usernameMatches && passwordMatches))
    throw forbidden('invalid credentials in Authorization header');
}

function verifyApiKey(auth: { headerName: string; apiKey: string }, request: SignedRequest) {
  const given = signatureHeader(request, auth.headerName);
  if (!sameSecret(given, auth.apiKey))
    throw forbidden(`invalid API key in ${auth.headerName} header`);
}

const HMAC_ALGORITHMS: Record<V1WebhookHmacAlgorithm, string> = {
  SHA1: 'sha1',
  SHA256: 'sha256',
  SHA512: 'sha512',
  MD5: 'md5',
};

/** Senders often name the algorithm before the signature (`sha256=<hex>`). */
const ALGORITHM_PREFIX = /^(sha1|sha256|sha512|md5)=/i;

function verifyHmac(
  auth: {
    algorithm: V1WebhookHmacAlgorithm;
    encoding: V1WebhookHmacEncoding;
    signatureHeaderName: string;
    signingSecret: string;
  },
  request: SignedRequest,
) {
  const given = signatureHeader(request, auth.signatureHeaderName)
    .trim()
    .replace(ALGORITHM_PREFIX, '');
  const expected = hmac(HMAC_ALGORITHMS[auth.algorithm], auth.signingSecret, request.rawBody);
  if (!matchesEncoded(given, auth.encoding, expected))
    throw forbidden(`invalid signature in ${auth.signatureHeaderName} header`);
}

// ---------------------------------------------------------------------------------------------
// Providers

/** GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body>`. */
function verifyGithub(secret: string, request: SignedRequest) {
  const header = signatureHeader(request, 'X-Hub-Signature-256');
  const match = /^sha256=(.*)$/.exec(header.trim());
  if (!match) throw badRequest('malformed X-Hub-Signature-256 header: expected sha256=<hex>');
  if (!matchesEncoded(match[1]!, 'HEX', hmac('sha256', secret, request.rawBody)))
    throw forbidden('invalid signature in X-Hub-Signature-256 header');
}

/**
 * Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, HMAC-SHA256 of
 * `<t>.<body>`. Several v1 signatures appear while a secret is being rolled; one must match.
 */
function verifyStripe(secret: string, request: SignedRequest) {
  const header = signatureHeader(request, 'Stripe-Signature');
  const fields = header.split(',').map((part) => {
    const equals = part.indexOf('=');
    return equals < 0 ? ['', ''] : [part.slice(0, equals).trim(), part.slice(equals + 1).trim()];
  });
  const timestamp = fields.find(([name]) => name === 't')?.[1];
  const signatures = fields.filter(([name]) => name === 'v1').map(([, value]) => value!);
  if (!timestamp || !UNIX_SECONDS.test(timestamp) || signatures.length === 0) {
    throw badRequest(
      'malformed Stripe-Signature header: expected t=<unix timestamp>,v1=<hex signature>',
    );
  }
  const expected = hmac('sha256', secret, `${timestamp}.`, request.rawBody);
  if (!signatures.some((signature) => matchesEncoded(signature, 'HEX', expected)))
    throw forbidden('invalid signature in Stripe-Signature header');
  assertFresh(Number(timestamp) * 1000, request.now, STRIPE_TOLERANCE_MS, 'Stripe-Signature');
}

/**
 * Slack: `X-Slack-Signature: v0=<hex>`, HMAC-SHA256 of `v0:<X-Slack-Request-Timestamp>:<body>`.
 * Slack signs its url_verification requests too, so the challenge is answered only after this.
 */
function verifySlack(secret: string, request: SignedRequest) {
  const header = signatureHeader(request, 'X-Slack-Signature');
  const timestamp = timestampHeader(request, 'X-Slack-Request-Timestamp');
  const match = /^v0=(.*)$/.exec(header.trim());
  if (!match) throw badRequest('malformed X-Slack-Signature header: expected v0=<hex>');
  const expected = hmac('sha256', secret, `v0:${timestamp}:`, request.rawBody);
  if (!matchesEncoded(match[1]!, 'HEX', expected))
    throw forbidden('invalid signature in X-Slack-Signature header');
  assertFresh(
    Number(timestamp) * 1000,
    request.now,
    SLACK_TOLERANCE_MS,
    'X-Slack-Request-Timestamp',
  );
}

/**
 * Linear: `Linear-Signature: <hex HMAC-SHA256 of the body>`. The time Linear signs is inside
 * the body (webhookTimestamp), checked by assertFreshLinearDelivery once the body is parsed.
 */
function verifyLinear(secret: string, request: SignedRequest) {
  const header = signatureHeader(request, 'Linear-Signature');
  if (!matchesEncoded(header.trim(), 'HEX', hmac('sha256', secret, request.rawBody)))
    throw forbidden('invalid signature in Linear-Signature header');
}

/** Refuses a Linear delivery whose signed webhookTimestamp (ms) is over a minute off. */
export function assertFreshLinearDelivery(body: Record<string, unknown>, now: number): void {
  const timestamp = body.webhookTimestamp;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
    throw badRequest(
      'a Linear delivery carries webhookTimestamp (milliseconds since the epoch) in its body',
    );
  }
  assertFresh(timestamp, now, LINEAR_TOLERANCE_MS, 'webhookTimestamp');
}

/** A Svix signing secret: `whsec_` and the base64 of the key (the prefix may be left out). */
const SVIX_SECRET = /^(whsec_)?([A-Za-z0-9+/]+={0,2})$/;

export function isSvixSecret(secret: string): boolean {
  return SVIX_SECRET.test(secret);
}

/**
 * Svix (and the Standard Webhooks headers it also sends as `webhook-*`): `svix-signature` is a
 * space-separated list of `v1,<base64>`, HMAC-SHA256 under the decoded secret of
 * `<svix-id>.<svix-timestamp>.<body>`; one must match.
 */
function verifySvix(secret: string, request: SignedRequest) {
  const prefix = ['svix', 'webhook'].find((name) => request.headers[`${name}-signature`]);
  if (!prefix) throw forbidden('missing svix-signature (or webhook-signature) header');
  const header = signatureHeader(request, `${prefix}-signature`);
  const id = requiredHeader(request, `${prefix}-id`);
  const timestamp = timestampHeader(request, `${prefix}-timestamp`);
  const signatures = header
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice('v1,'.length));
  if (signatures.length === 0)
    throw badRequest(`malformed ${prefix}-signature header: expected v1,<base64 signature>`);
  const key = Buffer.from(SVIX_SECRET.exec(secret)?.[2] ?? '', 'base64');
  const expected = hmac('sha256', key, `${id}.${timestamp}.`, request.rawBody);
  if (!signatures.some((signature) => matchesEncoded(signature, 'BASE64', expected)))
    throw forbidden(`invalid signature in ${prefix}-signature header`);
  assertFresh(Number(timestamp) * 1000, request.now, SVIX_TOLERANCE_MS, `${prefix}-timestamp`);
}

// ---------------------------------------------------------------------------------------------
// Shared steps

/** The header carrying the credential or signature: without it the request is unauthenticated. */
function signatureHeader(request: SignedRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  if (typeof value !== 'string' || value === '') throw forbidden(`missing ${name} header`);
  return value;
}

/** A header the signature scheme needs besides the signature: its absence is malformed. */
function requiredHeader(request: SignedRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  if (typeof value !== 'string' || value === '') throw badRequest(`missing ${name} header`);
  return value;
}

const UNIX_SECONDS = /^\d{1,12}$/;

/** A timestamp header, as sent: the signed content holds its text. */
function timestampHeader(request: SignedRequest, name: string): string {
  const value = requiredHeader(request, name);
  if (!UNIX_SECONDS.test(value))
    throw badRequest(`malformed ${name} header: expected a Unix timestamp in seconds`);
  return value;
}

function assertFresh(signedAt: number, now: number, toleranceMs: number, what: string): void {
  const seconds = toleranceMs / 1000;
  if (now - signedAt > toleranceMs)
    throw forbidden(`stale ${what}: signed more than ${seconds} seconds ago`);
  if (signedAt - now > toleranceMs)
    throw forbidden(`${what} is more than ${seconds} seconds ahead of the server's clock`);
}

function hmac(algorithm: string, key: string | Buffer, ...parts: (string | Buffer)[]): Buffer {
  const mac = createHmac(algorithm, key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

const ENCODINGS: Record<V1WebhookHmacEncoding, { pattern: RegExp; encoding: BufferEncoding }> = {
  HEX: { pattern: /^[0-9a-f]+$/i, encoding: 'hex' },
  BASE64: { pattern: /^[A-Za-z0-9+/]+={0,2}$/, encoding: 'base64' },
  BASE64URL: { pattern: /^[A-Za-z0-9_-]+={0,2}$/, encoding: 'base64url' },
};

/** Whether `given`, text in `encoding`, is the digest `expected`; compared in constant time. */
function matchesEncoded(given: string, encoding: V1WebhookHmacEncoding, expected: Buffer): boolean {
  const { pattern, encoding: bufferEncoding } = ENCODINGS[encoding];
  if (!pattern.test(given)) return false;
  const bytes = Buffer.from(given, bufferEncoding);
  // A digest's length is no secret; timingSafeEqual needs equal lengths.
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

/** Compares secrets of any length in constant time, without revealing the expected length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
