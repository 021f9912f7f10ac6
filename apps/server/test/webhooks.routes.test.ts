import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorsSchema,
  v1WebhookListSchema,
  v1WebhookRequestListSchema,
  v1WebhookSchema,
  ZERO_UUID,
} from '@trellis/api-contract';
import { findWebhook } from '../src/read-models/webhook.queries';
import { recordWebhookRequest } from '../src/webhooks/request-log';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

/** Creating, reading, changing and deleting webhooks, and reading what they received. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(async () => t.close());

const webhooksUrl = (tenantId = owner.tenantId) => `/api/v1/stable/tenants/${tenantId}/webhooks`;
const webhookUrl = (name: string) => `${webhooksUrl()}/${name}`;

const apiKeyWebhook = (name: string, apiKey = 'the-api-key') => ({
  name,
  sourceName: 'GENERIC',
  eventKeyExpression: 'input.type',
  authType: 'API_KEY',
  auth: { headerName: 'x-api-key', apiKey },
});

const receive = (name: string, apiKey: string) =>
  t.app.inject({
    method: 'POST',
    url: webhookUrl(name),
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    payload: '{"type":"ping"}',
  });

/** A 400 naming `field`, that changed nothing. */
async function expectFieldRefused(
  request: () => Promise<{ status: number; body: unknown }>,
  field: string,
  description: RegExp,
) {
  const before = await databaseSnapshot(t.db);
  const response = await request();
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(apiErrorsSchema.parse(response.body).errors).toEqual([
    { field, description: expect.stringMatching(description) },
  ]);
  expect(await databaseSnapshot(t.db)).toEqual(before);
}

describe('creating a webhook', () => {
  it('answers the webhook without its credentials, with the reference defaults', async () => {
    const response = await owner.client.post(webhooksUrl(), {
      name: 'orders.v2_in-bound',
      sourceName: 'GENERIC',
      eventKeyExpression: 'input.type',
      authType: 'BASIC',
      auth: { username: 'sender', password: 'never-shown' },
    });
    expect(response.status).toBe(200);
    const webhook = v1WebhookSchema.strict().parse(response.body);
    expect(webhook).toEqual({
      metadata: { id: ZERO_UUID, createdAt: expect.any(String), updatedAt: expect.any(String) },
      tenantId: owner.tenantId,
      name: 'orders.v2_in-bound',
      sourceName: 'GENERIC',
      eventKeyExpression: 'input.type',
      authType: 'BASIC',
      returnEventAsResponsePayload: true,
    });
    expect(JSON.stringify(response.body)).not.toContain('never-shown');
  });

  it('stores the credentials sealed, bound to the webhook they belong to', async () => {
    await owner.client.post(webhooksUrl(), apiKeyWebhook('sealed-a', 'secret-of-a'));
    await owner.client.post(webhooksUrl(), apiKeyWebhook('sealed-b', 'secret-of-b'));
    const { rows } = await t.db.query<{ auth: string }>(
      'SELECT auth::text AS auth FROM incoming_webhooks WHERE tenant_id = $1',
      [owner.tenantId],
    );
    for (const row of rows) expect(row.auth).not.toMatch(/secret-of|x-api-key|API_KEY/);
    expect((await receive('sealed-a', 'secret-of-a')).statusCode).toBe(200);

    // Sealed credentials copied onto another webhook's row do not open there.
    await t.db.query(
      `UPDATE incoming_webhooks SET auth = (SELECT auth FROM incoming_webhooks
         WHERE tenant_id = $1 AND name = 'sealed-a')
       WHERE tenant_id = $1 AND name = 'sealed-b'`,
      [owner.tenantId],
    );
    const events = await t.db.query('SELECT id FROM events WHERE tenant_id = $1', [owner.tenantId]);
    const copied = await receive('sealed-b', 'secret-of-a');
    expect(copied.statusCode).toBe(500);
    const after = await t.db.query('SELECT id FROM events WHERE tenant_id = $1', [owner.tenantId]);
    expect(after.rows).toEqual(events.rows);
  });

  it('refuses a name the tenant already uses, naming the field; another tenant may use it', async () => {
    await owner.client.post(webhooksUrl(), apiKeyWebhook('taken'));
    await expectFieldRefused(
      () => owner.client.post(webhooksUrl(), apiKeyWebhook('taken', 'another-key')),
      'name',
      /^a webhook named taken already exists/,
    );
    const other = await registerOwner(t.app);
    const elsewhere = await other.client.post(webhooksUrl(other.tenantId), apiKeyWebhook('taken'));
    expect(elsewhere.status).toBe(200);
  });

  it('refuses expressions that do not compile, with the evaluator message', async () => {
    await expectFieldRefused(
      () =>
        owner.client.post(webhooksUrl(), {
          ...apiKeyWebhook('bad-key'),
          eventKeyExpression: 'input.type +',
        }),
      'eventKeyExpression',
      /^eventKeyExpression does not compile: /,
    );
    await expectFieldRefused(
      () =>
        owner.client.post(webhooksUrl(), {
          ...apiKeyWebhook('bad-scope'),
          scopeExpression: 'body.team',
        }),
      'scopeExpression',
      /^scopeExpression does not compile: undeclared reference to 'body'/,
    );
  });

  it('requires HMAC credentials (the signing secret) for provider sources', async () => {
    for (const sourceName of ['GITHUB', 'STRIPE', 'SLACK', 'LINEAR', 'SVIX']) {
      await expectFieldRefused(
        () => owner.client.post(webhooksUrl(), { ...apiKeyWebhook('provider'), sourceName }),
        'authType',
        new RegExp(`^${sourceName} webhooks are verified with the provider's signing secret`),
      );
    }
  });

  it('refuses a Svix secret that is not whsec_ and base64', async () => {
    await expectFieldRefused(
      () =>
        owner.client.post(webhooksUrl(), {
          name: 'svix',
          sourceName: 'SVIX',
          eventKeyExpression: 'input.type',
          authType: 'HMAC',
          auth: {
            algorithm: 'SHA256',
            encoding: 'BASE64',
            signatureHeaderName: 'svix-signature',
            signingSecret: 'whsec_not base64!',
          },
        }),
      'auth.signingSecret',
      /^a Svix signing secret is whsec_/,
    );
  });
});

describe('listing and reading webhooks', () => {
  let tenant: Awaited<ReturnType<typeof registerOwner>>;
  beforeAll(async () => {
    tenant = await registerOwner(t.app);
    await tenant.client.post(webhooksUrl(tenant.tenantId), apiKeyWebhook('generic-1'));
    for (const [name, sourceName] of [
      ['github-1', 'GITHUB'],
      ['stripe-1', 'STRIPE'],
    ]) {
      await tenant.client.post(webhooksUrl(tenant.tenantId), {
        name,
        sourceName,
        eventKeyExpression: 'input.type',
        authType: 'HMAC',
        auth: {
          algorithm: 'SHA256',
          encoding: 'HEX',
          signatureHeaderName: 'x-signature',
          signingSecret: 'secret',
        },
      });
    }
  });

  const names = async (query: string) => {
    const response = await tenant.client.get(`${webhooksUrl(tenant.tenantId)}${query}`);
    expect(response.status).toBe(200);
    return v1WebhookListSchema
      .parse(response.body)
      .rows.map((row) => row.name)
      .sort();
  };

  it('lists the tenant’s webhooks, filtered by source and name', async () => {
    expect(await names('')).toEqual(['generic-1', 'github-1', 'stripe-1']);
    expect(await names('?sourceNames=GITHUB&sourceNames=STRIPE')).toEqual(['github-1', 'stripe-1']);
    expect(await names('?webhookNames=generic-1&webhookNames=stripe-1')).toEqual([
      'generic-1',
      'stripe-1',
    ]);
    expect(await names('?sourceNames=GITHUB&webhookNames=stripe-1')).toEqual([]);
  });

  it('reads one webhook by name; an unknown name is 404', async () => {
    const found = await tenant.client.get(`${webhooksUrl(tenant.tenantId)}/github-1`);
    expect(found.status).toBe(200);
    expect(v1WebhookSchema.parse(found.body)).toMatchObject({
      name: 'github-1',
      sourceName: 'GITHUB',
      authType: 'HMAC',
    });
    const missing = await tenant.client.get(`${webhooksUrl(tenant.tenantId)}/nope`);
    expect(missing.status).toBe(404);
    expect(apiErrorsSchema.parse(missing.body).errors[0]!.description).toBe(
      'webhook nope not found',
    );
  });
});

describe('updating a webhook', () => {
  it('changes only the fields given; a blank scope expression removes the scope', async () => {
    await owner.client.post(webhooksUrl(), {
      ...apiKeyWebhook('partial'),
      scopeExpression: 'input.team',
      staticPayload: { a: 1 },
    });
    const renamed = await owner.client.patch(webhookUrl('partial'), {
      eventKeyExpression: "'changed:' + input.type",
    });
    expect(renamed.status).toBe(200);
    expect(v1WebhookSchema.parse(renamed.body)).toMatchObject({
      eventKeyExpression: "'changed:' + input.type",
      scopeExpression: 'input.team',
      staticPayload: { a: 1 },
      returnEventAsResponsePayload: true,
    });

    const cleared = await owner.client.patch(webhookUrl('partial'), {
      scopeExpression: '',
      staticPayload: { b: 2 },
      returnEventAsResponsePayload: false,
    });
    const webhook = v1WebhookSchema.parse(cleared.body);
    expect(webhook.scopeExpression).toBeUndefined();
    expect(webhook).toMatchObject({
      eventKeyExpression: "'changed:' + input.type",
      staticPayload: { b: 2 },
      returnEventAsResponsePayload: false,
    });

    // The credentials are untouched by updates.
    expect((await receive('partial', 'the-api-key')).statusCode).toBe(204);
  });

  it('refuses an expression that does not compile, changing nothing', async () => {
    await owner.client.post(webhooksUrl(), apiKeyWebhook('kept'));
    await expectFieldRefused(
      () => owner.client.patch(webhookUrl('kept'), { eventKeyExpression: '(' }),
      'eventKeyExpression',
      /^eventKeyExpression does not compile/,
    );
    await expectFieldRefused(
      () => owner.client.patch(webhookUrl('kept'), { scopeExpression: 'headers.' }),
      'scopeExpression',
      /^scopeExpression does not compile/,
    );
  });

  it('answers 404 for an unknown webhook', async () => {
    const response = await owner.client.patch(webhookUrl('nope'), { eventKeyExpression: "'k'" });
    expect(response.status).toBe(404);
  });
});

describe('deleting a webhook', () => {
  it('answers the deleted webhook and forgets its request log', async () => {
    await owner.client.post(webhooksUrl(), apiKeyWebhook('short-lived'));
    expect((await receive('short-lived', 'the-api-key')).statusCode).toBe(200);

    const deleted = await owner.client.delete(webhookUrl('short-lived'));
    expect(deleted.status).toBe(200);
    expect(v1WebhookSchema.parse(deleted.body).name).toBe('short-lived');
    expect((await owner.client.get(webhookUrl('short-lived'))).status).toBe(404);
    expect((await receive('short-lived', 'the-api-key')).statusCode).toBe(400);
    expect((await owner.client.delete(webhookUrl('short-lived'))).status).toBe(404);

    // A new webhook of the same name starts with an empty log.
    await owner.client.post(webhooksUrl(), apiKeyWebhook('short-lived'));
    const requests = await owner.client.get(`${webhookUrl('short-lived')}/requests`);
    expect(v1WebhookRequestListSchema.parse(requests.body).rows).toEqual([]);
  });
});

describe('the request log', () => {
  it('keeps the newest 100 requests of a webhook and lists the latest 50, newest first', async () => {
    await owner.client.post(webhooksUrl(), apiKeyWebhook('busy'));
    const webhook = (await findWebhook(t.db, owner.tenantId, 'busy'))!;
    for (let index = 1; index <= 105; index++) {
      await recordWebhookRequest(
        t.db,
        { webhook, note: `request ${index}` },
        { statusCode: 200, body: undefined },
      );
    }
    const { rows } = await t.db.query<{ reason: string }>(
      `SELECT reason FROM incoming_webhook_requests
       WHERE tenant_id = $1 AND webhook_name = 'busy' ORDER BY id`,
      [owner.tenantId],
    );
    expect(rows.map((row) => row.reason)).toEqual(
      Array.from({ length: 100 }, (_, index) => `request ${index + 6}`),
    );

    const response = await owner.client.get(`${webhookUrl('busy')}/requests`);
    expect(response.status).toBe(200);
    const listed = v1WebhookRequestListSchema.parse(response.body).rows;
    expect(listed.map((row) => row.reason)).toEqual(
      Array.from({ length: 50 }, (_, index) => `request ${105 - index}`),
    );
  });

  it('answers 404 for an unknown webhook', async () => {
    expect((await owner.client.get(`${webhookUrl('nope')}/requests`)).status).toBe(404);
  });
});
