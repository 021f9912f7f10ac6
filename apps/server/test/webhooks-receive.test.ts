import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorsSchema,
  v1WebhookRequestListSchema,
  v1WebhookResponseSchema,
} from '@trellis/api-contract';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * Requests to a webhook's receive URL, signed in the test the way each provider signs: every
 * source and auth type accepts a correct request as exactly one event, and every way of being
 * wrong is refused with its status, stores no event and is recorded in the request log.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(async () => t.close());

// ---------------------------------------------------------------------------------------------
// Signing, as the providers do

const hmac = (algorithm: string, key: string | Buffer, ...parts: string[]) => {
  const mac = createHmac(algorithm, key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};
const unixNow = () => Math.floor(Date.now() / 1000);
const MINUTE = 60;

const signGithub = (secret: string, body: string) => ({
  'x-hub-signature-256': `sha256=${hmac('sha256', secret, body).toString('hex')}`,
});
const signStripe = (secret: string, body: string, timestamp = unixNow()) => ({
  'stripe-signature': `t=${timestamp},v1=${hmac('sha256', secret, `${timestamp}.${body}`).toString('hex')}`,
});
const signSlack = (secret: string, body: string, timestamp = unixNow()) => ({
  'x-slack-request-timestamp': String(timestamp),
  'x-slack-signature': `v0=${hmac('sha256', secret, `v0:${timestamp}:${body}`).toString('hex')}`,
});
const signLinear = (secret: string, body: string) => ({
  'linear-signature': hmac('sha256', secret, body).toString('hex'),
});
const signSvix = (
  secret: string,
  body: string,
  { timestamp = unixNow(), prefix = 'svix', id = `msg_${randomUUID()}` } = {},
) => ({
  [`${prefix}-id`]: id,
  [`${prefix}-timestamp`]: String(timestamp),
  [`${prefix}-signature`]: `v1,${hmac(
    'sha256',
    Buffer.from(secret.replace(/^whsec_/, ''), 'base64'),
    `${id}.${timestamp}.${body}`,
  ).toString('base64')}`,
});

// ---------------------------------------------------------------------------------------------
// Webhooks and requests

const webhooksUrl = (tenantId = owner.tenantId) => `/api/v1/stable/tenants/${tenantId}/webhooks`;
let webhookCounter = 0;

/** Creates a webhook with a fresh name and answers that name. */
async function createWebhook(definition: Record<string, unknown>): Promise<string> {
  const name = `hook-${++webhookCounter}`;
  const response = await owner.client.post(webhooksUrl(), {
    eventKeyExpression: 'input.type',
    ...definition,
    name,
  });
  if (response.status !== 200)
    throw new Error(`webhook create failed: ${JSON.stringify(response.body)}`);
  return name;
}

const providerWebhook = (sourceName: string, signingSecret: string) => ({
  sourceName,
  authType: 'HMAC',
  // Providers sign their own way: only the secret is used.
  auth: { algorithm: 'SHA256', encoding: 'HEX', signatureHeaderName: 'unused', signingSecret },
});

/** A GENERIC webhook that takes an API key in the X-Api-Key header. */
const apiKeyWebhook = (apiKey: string, definition: Record<string, unknown> = {}) => ({
  sourceName: 'GENERIC',
  authType: 'API_KEY',
  auth: { headerName: 'X-Api-Key', apiKey },
  ...definition,
});

interface Delivery {
  body: string | Buffer;
  headers?: Record<string, string>;
  contentType?: string;
}

async function deliver(name: string, delivery: Delivery, tenantId = owner.tenantId) {
  const raw = await t.app.inject({
    method: 'POST',
    url: `${webhooksUrl(tenantId)}/${name}`,
    headers: { 'content-type': delivery.contentType ?? 'application/json', ...delivery.headers },
    payload: delivery.body,
  });
  return { status: raw.statusCode, body: raw.body ? (JSON.parse(raw.body) as unknown) : undefined };
}

interface StoredEvent {
  id: string;
  key: string;
  payload: unknown;
  scope: string | null;
  webhook: string | null;
}

async function eventsOf(name: string): Promise<StoredEvent[]> {
  const { rows } = await t.db.query<StoredEvent>(
    `SELECT id, key, payload, scope, triggering_webhook_name AS webhook FROM events
     WHERE tenant_id = $1 AND triggering_webhook_name = $2 ORDER BY created_at, id`,
    [owner.tenantId, name],
  );
  return rows;
}

async function eventCount(): Promise<number> {
  const { rows } = await t.db.query<{ count: string }>(
    'SELECT count(*) AS count FROM events WHERE tenant_id = $1',
    [owner.tenantId],
  );
  return Number(rows[0]!.count);
}

async function requestLog(name: string) {
  const response = await owner.client.get(`${webhooksUrl()}/${name}/requests`);
  expect(response.status).toBe(200);
  return v1WebhookRequestListSchema.parse(response.body).rows;
}

/** A correct delivery: one event, answered and logged with its id. */
async function expectAccepted(
  name: string,
  delivery: Delivery,
  expected: { key: string; payload: unknown; scope?: string },
) {
  const before = await eventCount();
  const response = await deliver(name, delivery);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const { message, event } = v1WebhookResponseSchema.parse(response.body);
  expect(message).toBe('ok');
  expect(event).toMatchObject({
    key: expected.key,
    payload: expected.payload,
    triggeringWebhookName: name,
    tenantId: owner.tenantId,
  });

  const stored = await eventsOf(name);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toEqual({
    id: event!.metadata.id,
    key: expected.key,
    payload: expected.payload,
    scope: expected.scope ?? null,
    webhook: name,
  });
  expect(await eventCount()).toBe(before + 1);
  expect((await requestLog(name))[0]).toMatchObject({
    statusCode: 200,
    outcome: 'ACCEPTED',
    eventId: event!.metadata.id,
  });
}

/** A refused delivery: its status and reason, in the error shape; no event; logged as refused. */
async function expectRefused(
  name: string,
  delivery: Delivery,
  status: number,
  description: RegExp | string,
) {
  const before = await eventCount();
  const logged = (await requestLog(name)).length;
  const response = await deliver(name, delivery);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const errors = apiErrorsSchema.parse(response.body).errors;
  expect(errors[0]!.description).toMatch(description);

  expect(await eventCount()).toBe(before);
  const log = await requestLog(name);
  expect(log).toHaveLength(logged + 1);
  expect(log[0]).toMatchObject({ statusCode: status, outcome: 'REFUSED' });
  expect(log[0]!.reason).toMatch(description);
  expect(log[0]!.eventId).toBeUndefined();
}

const PING = JSON.stringify({ type: 'ping', n: 1 });

// ---------------------------------------------------------------------------------------------

describe('a correctly authenticated request', () => {
  it('GENERIC with BASIC auth', async () => {
    const name = await createWebhook({
      sourceName: 'GENERIC',
      authType: 'BASIC',
      auth: { username: 'sender', password: 'pa:ss word' },
    });
    const credentials = Buffer.from('sender:pa:ss word').toString('base64');
    await expectAccepted(
      name,
      { body: PING, headers: { authorization: `Basic ${credentials}` } },
      { key: 'ping', payload: { type: 'ping', n: 1 } },
    );
  });

  it('GENERIC with an API key header', async () => {
    const name = await createWebhook(apiKeyWebhook('key-123'));
    await expectAccepted(
      name,
      { body: PING, headers: { 'x-api-key': 'key-123' } },
      { key: 'ping', payload: { type: 'ping', n: 1 } },
    );
  });

  it.each([
    ['SHA256', 'HEX', 'sha256', (digest: Buffer) => `sha256=${digest.toString('hex')}`],
    ['SHA1', 'HEX', 'sha1', (digest: Buffer) => digest.toString('hex').toUpperCase()],
    ['SHA512', 'BASE64', 'sha512', (digest: Buffer) => digest.toString('base64')],
    ['MD5', 'BASE64URL', 'md5', (digest: Buffer) => digest.toString('base64url')],
  ] as const)('GENERIC with HMAC %s in %s', async (algorithm, encoding, nodeName, encode) => {
    const name = await createWebhook({
      sourceName: 'GENERIC',
      authType: 'HMAC',
      auth: { algorithm, encoding, signatureHeaderName: 'X-Signature', signingSecret: 's3cret' },
    });
    await expectAccepted(
      name,
      { body: PING, headers: { 'x-signature': encode(hmac(nodeName, 's3cret', PING)) } },
      { key: 'ping', payload: { type: 'ping', n: 1 } },
    );
  });

  it('GITHUB, with the event name taken from a header', async () => {
    const name = await createWebhook({
      ...providerWebhook('GITHUB', 'gh-secret'),
      eventKeyExpression: "'github:' + headers['x-github-event']",
    });
    const body = JSON.stringify({ action: 'opened', number: 7 });
    await expectAccepted(
      name,
      { body, headers: { ...signGithub('gh-secret', body), 'X-GitHub-Event': 'pull_request' } },
      { key: 'github:pull_request', payload: { action: 'opened', number: 7 } },
    );
  });

  it('STRIPE, where one of several v1 signatures matches (a secret being rolled)', async () => {
    const name = await createWebhook(providerWebhook('STRIPE', 'whsec_stripe'));
    const body = JSON.stringify({ type: 'charge.succeeded', id: 'evt_1' });
    const timestamp = unixNow();
    const signed = signStripe('whsec_stripe', body, timestamp)['stripe-signature'];
    const oldSecret = hmac('sha256', 'whsec_old', `${timestamp}.${body}`).toString('hex');
    await expectAccepted(
      name,
      { body, headers: { 'stripe-signature': `${signed},v1=${oldSecret},v0=abc` } },
      { key: 'charge.succeeded', payload: { type: 'charge.succeeded', id: 'evt_1' } },
    );
  });

  it('SLACK, JSON', async () => {
    const name = await createWebhook({
      ...providerWebhook('SLACK', 'slack-secret'),
      eventKeyExpression: "'slack:' + input.event.type",
    });
    const body = JSON.stringify({ type: 'event_callback', event: { type: 'app_mention' } });
    await expectAccepted(
      name,
      { body, headers: signSlack('slack-secret', body) },
      {
        key: 'slack:app_mention',
        payload: { type: 'event_callback', event: { type: 'app_mention' } },
      },
    );
  });

  it('SLACK, form-encoded, with the JSON in its payload field', async () => {
    const name = await createWebhook(providerWebhook('SLACK', 'slack-secret'));
    const interaction = { type: 'block_actions', user: { id: 'U1' } };
    const body = `payload=${encodeURIComponent(JSON.stringify(interaction))}`;
    await expectAccepted(
      name,
      {
        body,
        contentType: 'application/x-www-form-urlencoded',
        headers: signSlack('slack-secret', body),
      },
      { key: 'block_actions', payload: interaction },
    );
  });

  it('LINEAR, with a fresh webhookTimestamp', async () => {
    const name = await createWebhook({
      ...providerWebhook('LINEAR', 'lin-secret'),
      eventKeyExpression: "'linear:' + input.type + ':' + input.action",
    });
    const delivery = { type: 'Issue', action: 'create', webhookTimestamp: Date.now() };
    const body = JSON.stringify(delivery);
    await expectAccepted(
      name,
      { body, headers: signLinear('lin-secret', body) },
      { key: 'linear:Issue:create', payload: delivery },
    );
  });

  it.each(['svix', 'webhook'])('SVIX, with %s-* headers', async (prefix) => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const name = await createWebhook(providerWebhook('SVIX', secret));
    const body = JSON.stringify({ type: 'user.created', data: { id: 1 } });
    await expectAccepted(
      name,
      { body, headers: signSvix(secret, body, { prefix }) },
      { key: 'user.created', payload: { type: 'user.created', data: { id: 1 } } },
    );
  });

  it('GENERIC, form-encoded: every field, a repeated one as the list of its values', async () => {
    const name = await createWebhook(apiKeyWebhook('form-key'));
    await expectAccepted(
      name,
      {
        body: 'type=signup&tag=a&tag=b+c',
        contentType: 'application/x-www-form-urlencoded',
        headers: { 'x-api-key': 'form-key' },
      },
      { key: 'signup', payload: { type: 'signup', tag: ['a', 'b c'] } },
    );
  });
});

describe('the event made of a request', () => {
  it('drops the keys tenant and v1-webhook, merges the static payload over the body and evaluates the scope', async () => {
    const name = await createWebhook(
      apiKeyWebhook('k', {
        eventKeyExpression: "input.kind + ':' + headers['x-source']",
        scopeExpression: 'input.team',
        staticPayload: { team: 'platform', added: true },
      }),
    );
    await expectAccepted(
      name,
      {
        body: JSON.stringify({ kind: 'deploy', team: 'web', tenant: 'x', 'v1-webhook': 'y' }),
        headers: { 'x-api-key': 'k', 'X-Source': 'ci' },
      },
      {
        key: 'deploy:ci',
        payload: { kind: 'deploy', team: 'platform', added: true },
        scope: 'platform',
      },
    );
  });

  it('triggers the workflows listening for its key, and the response shows the run', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'on-github-push',
      eventTriggers: ['github:push'],
      tasks: [{ readableId: 'step', actionId: 'on-github-push:step' }],
    });
    const name = await createWebhook({
      ...providerWebhook('GITHUB', 'gh'),
      eventKeyExpression: "'github:' + headers['x-github-event']",
    });
    const body = JSON.stringify({ ref: 'refs/heads/main' });
    const response = await deliver(name, {
      body,
      headers: { ...signGithub('gh', body), 'x-github-event': 'push' },
    });
    expect(response.status).toBe(200);
    const { event } = v1WebhookResponseSchema.parse(response.body);
    expect(event!.triggeredRuns).toHaveLength(1);
    const run = await t.engine.getRunDetails(
      owner.tenantId,
      event!.triggeredRuns![0]!.workflowRunId,
    );
    expect(run).toMatchObject({
      workflowName: 'on-github-push',
      input: { ref: 'refs/heads/main' },
    });
  });

  it('is stored without being echoed when the webhook answers 204', async () => {
    const name = await createWebhook(
      apiKeyWebhook('quiet', { returnEventAsResponsePayload: false }),
    );
    const response = await deliver(name, { body: PING, headers: { 'x-api-key': 'quiet' } });
    expect(response).toEqual({ status: 204, body: undefined });
    const stored = await eventsOf(name);
    expect(stored).toHaveLength(1);
    expect((await requestLog(name))[0]).toMatchObject({
      statusCode: 204,
      outcome: 'ACCEPTED',
      eventId: stored[0]!.id,
    });
  });
});

describe('Slack url_verification', () => {
  const challenge = JSON.stringify({
    token: 'legacy',
    challenge: 'c-123',
    type: 'url_verification',
  });

  it('answers the challenge of a signed request, creating no event', async () => {
    const name = await createWebhook(providerWebhook('SLACK', 'slack-secret'));
    const before = await eventCount();
    const response = await deliver(name, {
      body: challenge,
      headers: signSlack('slack-secret', challenge),
    });
    expect(response).toEqual({ status: 200, body: { challenge: 'c-123' } });
    expect(await eventCount()).toBe(before);
    expect((await requestLog(name))[0]).toMatchObject({ statusCode: 200, outcome: 'ACCEPTED' });
  });

  it('does not echo the challenge of an unsigned or wrongly signed request', async () => {
    const name = await createWebhook(providerWebhook('SLACK', 'slack-secret'));
    await expectRefused(name, { body: challenge }, 403, 'missing X-Slack-Signature header');
    await expectRefused(
      name,
      { body: challenge, headers: signSlack('another-secret', challenge) },
      403,
      'invalid signature in X-Slack-Signature header',
    );
  });
});

describe('a request that fails authentication', () => {
  const basic = (credentials: string) => ({ authorization: `Basic ${credentials}` });
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it('GENERIC BASIC: missing, wrong or malformed Authorization', async () => {
    const name = await createWebhook({
      sourceName: 'GENERIC',
      authType: 'BASIC',
      auth: { username: 'u', password: 'p' },
    });
    await expectRefused(name, { body: PING }, 403, 'missing Authorization header');
    await expectRefused(name, { body: PING, headers: basic(b64('u:wrong')) }, 403, /^invalid/);
    await expectRefused(name, { body: PING, headers: basic(b64('x:p')) }, 403, /^invalid/);
    await expectRefused(name, { body: PING, headers: basic(b64('no-colon')) }, 400, /malformed/);
    await expectRefused(
      name,
      { body: PING, headers: { authorization: 'Bearer abc' } },
      400,
      /^malformed Authorization header/,
    );
  });

  it('GENERIC API_KEY: missing or wrong key', async () => {
    const name = await createWebhook(apiKeyWebhook('right'));
    await expectRefused(name, { body: PING }, 403, 'missing X-Api-Key header');
    await expectRefused(
      name,
      { body: PING, headers: { 'x-api-key': 'wrong' } },
      403,
      'invalid API key in X-Api-Key header',
    );
  });

  it('GENERIC HMAC: missing signature, wrong secret, a signature of another body', async () => {
    const name = await createWebhook({
      sourceName: 'GENERIC',
      authType: 'HMAC',
      auth: {
        algorithm: 'SHA256',
        encoding: 'HEX',
        signatureHeaderName: 'X-Signature',
        signingSecret: 'right',
      },
    });
    const invalid = 'invalid signature in X-Signature header';
    const signature = (secret: string, body: string) => ({
      'x-signature': hmac('sha256', secret, body).toString('hex'),
    });
    await expectRefused(name, { body: PING }, 403, 'missing X-Signature header');
    await expectRefused(name, { body: PING, headers: signature('wrong', PING) }, 403, invalid);
    await expectRefused(name, { body: PING, headers: signature('right', '{}') }, 403, invalid);
    await expectRefused(name, { body: PING, headers: { 'x-signature': 'not hex!' } }, 403, invalid);
  });

  it('GITHUB: missing, wrong or malformed X-Hub-Signature-256', async () => {
    const name = await createWebhook(providerWebhook('GITHUB', 'gh-secret'));
    await expectRefused(name, { body: PING }, 403, 'missing X-Hub-Signature-256 header');
    await expectRefused(
      name,
      { body: PING, headers: signGithub('other', PING) },
      403,
      'invalid signature in X-Hub-Signature-256 header',
    );
    const bare = signGithub('gh-secret', PING)['x-hub-signature-256'].slice('sha256='.length);
    await expectRefused(
      name,
      { body: PING, headers: { 'x-hub-signature-256': bare } },
      400,
      /^malformed X-Hub-Signature-256 header/,
    );
  });

  it('STRIPE: wrong secret, malformed header, a timestamp older than 10 minutes', async () => {
    const name = await createWebhook(providerWebhook('STRIPE', 'whsec_stripe'));
    await expectRefused(name, { body: PING }, 403, 'missing Stripe-Signature header');
    await expectRefused(
      name,
      { body: PING, headers: signStripe('whsec_other', PING) },
      403,
      'invalid signature in Stripe-Signature header',
    );
    await expectRefused(
      name,
      { body: PING, headers: { 'stripe-signature': 'v1=abc' } },
      400,
      /^malformed Stripe-Signature header/,
    );
    await expectRefused(
      name,
      { body: PING, headers: signStripe('whsec_stripe', PING, unixNow() - 11 * MINUTE) },
      403,
      /^stale Stripe-Signature/,
    );
  });

  it('SLACK: wrong secret, missing timestamp, a timestamp older than 5 minutes', async () => {
    const name = await createWebhook(providerWebhook('SLACK', 'slack-secret'));
    await expectRefused(
      name,
      { body: PING, headers: signSlack('other', PING) },
      403,
      'invalid signature in X-Slack-Signature header',
    );
    const { 'x-slack-signature': signature } = signSlack('slack-secret', PING);
    await expectRefused(
      name,
      { body: PING, headers: { 'x-slack-signature': signature } },
      400,
      'missing X-Slack-Request-Timestamp header',
    );
    await expectRefused(
      name,
      { body: PING, headers: signSlack('slack-secret', PING, unixNow() - 6 * MINUTE) },
      403,
      /^stale X-Slack-Request-Timestamp/,
    );
    await expectRefused(
      name,
      { body: PING, headers: signSlack('slack-secret', PING, unixNow() + 6 * MINUTE) },
      403,
      /ahead of the server's clock/,
    );
  });

  it('LINEAR: wrong secret, a webhookTimestamp older than a minute or missing', async () => {
    const name = await createWebhook(providerWebhook('LINEAR', 'lin-secret'));
    const fresh = JSON.stringify({ type: 'Issue', webhookTimestamp: Date.now() });
    await expectRefused(
      name,
      { body: fresh, headers: signLinear('other', fresh) },
      403,
      'invalid signature in Linear-Signature header',
    );
    const stale = JSON.stringify({ type: 'Issue', webhookTimestamp: Date.now() - 2 * 60_000 });
    await expectRefused(
      name,
      { body: stale, headers: signLinear('lin-secret', stale) },
      403,
      /^stale webhookTimestamp/,
    );
    await expectRefused(
      name,
      { body: PING, headers: signLinear('lin-secret', PING) },
      400,
      /carries webhookTimestamp/,
    );
  });

  it('SVIX: wrong secret, missing headers, a timestamp older than 5 minutes', async () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const name = await createWebhook(providerWebhook('SVIX', secret));
    await expectRefused(name, { body: PING }, 403, /^missing svix-signature/);
    await expectRefused(
      name,
      { body: PING, headers: signSvix(`whsec_${randomBytes(24).toString('base64')}`, PING) },
      403,
      'invalid signature in svix-signature header',
    );
    const { 'svix-id': _id, ...withoutId } = signSvix(secret, PING);
    await expectRefused(name, { body: PING, headers: withoutId }, 400, 'missing svix-id header');
    await expectRefused(
      name,
      { body: PING, headers: signSvix(secret, PING, { timestamp: unixNow() - 6 * MINUTE }) },
      403,
      /^stale svix-timestamp/,
    );
  });
});

describe('a request whose body cannot become an event', () => {
  let name: string;
  const key = { 'x-api-key': 'body-key' };
  beforeAll(async () => {
    name = await createWebhook(apiKeyWebhook('body-key'));
  });

  it('is refused with 413 when larger than 1 MiB', async () => {
    const body = JSON.stringify({ type: 'big', data: 'x'.repeat(1024 * 1024) });
    await expectRefused(name, { body, headers: key }, 413, 'Request body is too large');
  });

  it('is refused when not a JSON object', async () => {
    for (const body of ['{"type": ', '[1, 2]', '"text"', ''])
      await expectRefused(name, { body, headers: key }, 400, 'failed to unmarshal request body');
  });

  it('is refused when form-encoded for a provider that only sends JSON', async () => {
    const github = await createWebhook(providerWebhook('GITHUB', 'gh'));
    const body = 'payload=%7B%7D';
    await expectRefused(
      github,
      { body, contentType: 'application/x-www-form-urlencoded', headers: signGithub('gh', body) },
      400,
      'GITHUB webhooks take JSON bodies, not form-encoded ones',
    );
  });

  it('is refused when a Slack form has no payload field, or a payload that is not JSON', async () => {
    const slack = await createWebhook(providerWebhook('SLACK', 'slack-secret'));
    const form = 'application/x-www-form-urlencoded';
    for (const [body, description] of [
      ['command=%2Fdeploy', /carries its JSON in the payload field/],
      ['payload=not-json', 'failed to unmarshal request body'],
    ] as const) {
      await expectRefused(
        slack,
        { body, contentType: form, headers: signSlack('slack-secret', body) },
        400,
        description,
      );
    }
  });

  it('is refused when the event key expression fails, is not a string or is empty', async () => {
    for (const [expression, body, description] of [
      ['input.missing', PING, /^Failed to evaluate event key expression/],
      ['input.n', PING, 'Event key expression must evaluate to a string'],
      ["''", PING, 'Event key evaluated to an empty string'],
    ] as const) {
      const failing = await createWebhook(
        apiKeyWebhook('body-key', { eventKeyExpression: expression }),
      );
      await expectRefused(failing, { body, headers: key }, 400, description);
    }
  });

  it('is refused when the scope expression is not a string', async () => {
    const failing = await createWebhook(apiKeyWebhook('body-key', { scopeExpression: 'input.n' }));
    await expectRefused(
      failing,
      { body: PING, headers: key },
      400,
      'Scope expression must evaluate to a string',
    );
  });
});

describe('a request to a webhook that does not exist', () => {
  it('is refused with the reference messages and logged nowhere', async () => {
    const before = await eventCount();
    const unknownTenant = randomUUID();
    for (const [tenantId, description] of [
      [unknownTenant, 'tenant not found'],
      ['not-a-uuid', 'tenant not found'],
      [owner.tenantId, `webhook nope not found for tenant ${owner.tenantId}`],
    ]) {
      const response = await deliver('nope', { body: PING }, tenantId);
      expect(response.status).toBe(400);
      expect(apiErrorsSchema.parse(response.body).errors[0]!.description).toBe(description);
    }
    expect(await eventCount()).toBe(before);
    const { rows } = await t.db.query(
      "SELECT 1 FROM incoming_webhook_requests WHERE webhook_name = 'nope'",
    );
    expect(rows).toEqual([]);
  });
});

describe('receive rate limit', () => {
  it('refuses a flood to one webhook with 429, unlogged, while its neighbours still receive', async () => {
    const flooded = await createWebhook(apiKeyWebhook('flood'));
    const neighbour = await createWebhook(apiKeyWebhook('calm'));
    const before = await eventCount();

    // Three times the burst of 100, without the key: each one that passes the limiter is a 403.
    const statuses = await Promise.all(
      Array.from({ length: 300 }, () => deliver(flooded, { body: PING })),
    ).then((responses) => responses.map((response) => response.status));
    const refusedByLimit = statuses.filter((status) => status === 429).length;
    const refusedByKey = statuses.filter((status) => status === 403).length;
    expect(refusedByLimit).toBeGreaterThan(0);
    expect(refusedByKey).toBeGreaterThanOrEqual(100);
    expect(refusedByLimit + refusedByKey).toBe(300);

    const log = await requestLog(flooded);
    expect(log.every((row) => row.statusCode === 403)).toBe(true);
    expect(await eventCount()).toBe(before);

    const calm = await deliver(neighbour, { body: PING, headers: { 'x-api-key': 'calm' } });
    expect(calm.status).toBe(200);
  });
});
