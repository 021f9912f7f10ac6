/**
 * Slack webhooks over real HTTP: the OAuth install through a local server in Slack's place
 * (start, Slack's authorize page, the callback and the code exchanged), the list and delete
 * routes, the refusals of the install (an unknown, replayed or another user's state, a
 * cancelled install, a code Slack refuses), and a server without a Slack app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackWebhook } from '@trellis/api-contract';
import {
  authorizeAtSlack,
  installSlackWebhook,
  SLACK_CLIENT_ID,
  startSlackTestServer,
} from './slack-test-server';
import {
  addTenantMember,
  createApiToken,
  registerOwner,
  startTestApp,
  TEST_PUBLIC_URL,
  TestClient,
  type TestApp,
} from './test-app';

type List = { pagination: object; rows: SlackWebhook[] };

let slack: Awaited<ReturnType<typeof startSlackTestServer>>;
let t: TestApp;

beforeAll(async () => {
  slack = await startSlackTestServer();
  t = await startTestApp(slack.env());
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

const list = (client: TestClient, tenantId: string) =>
  client.get<List>(`/api/v1/tenants/${tenantId}/slack`);
const slackRows = async (tenantId: string) =>
  (
    await t.db.query<{ channel_id: string; webhook_url: string }>(
      'SELECT channel_id, webhook_url FROM slack_webhooks WHERE tenant_id = $1',
      [tenantId],
    )
  ).rows;
const location = (response: { raw: { headers: Record<string, unknown> } }) =>
  response.raw.headers.location as string;
const errorOf = (to: string) => new URL(to, TEST_PUBLIC_URL).searchParams.get('error');

describe('the Slack install', () => {
  it('sends the member to Slack, stores the webhook it comes back with and lists it', async () => {
    const owner = await registerOwner(t.app);
    slack.nextInstall = {
      teamId: 'T0ACME',
      teamName: 'Acme',
      channelId: 'C0OPS',
      channelName: '#ops-alerts',
    };
    const start = await owner.client.get(`/api/v1/tenants/${owner.tenantId}/slack/start`);
    expect(start.status).toBe(302);
    const authorize = new URL(location(start));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${slack.url}/oauth/v2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: SLACK_CLIENT_ID,
      scope: 'incoming-webhook',
      redirect_uri: `${TEST_PUBLIC_URL}/api/v1/users/slack/callback`,
      state: expect.stringMatching(/^[\w-]{43}$/),
    });

    const callbackPath = await authorizeAtSlack(authorize.href);
    expect(callbackPath).toMatch(/^\/api\/v1\/users\/slack\/callback\?code=\w+&state=/);
    const callback = await owner.client.get(callbackPath);
    expect(callback.status).toBe(302);
    expect(location(callback)).toBe(`/tenants/${owner.tenantId}/tenant-settings/alerting`);

    const listed = await list(owner.client, owner.tenantId);
    expect(listed.status).toBe(200);
    expect(listed.body.pagination).toEqual({});
    expect(listed.body.rows).toEqual([
      {
        metadata: {
          id: expect.any(String),
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        tenantId: owner.tenantId,
        teamName: 'Acme',
        teamId: 'T0ACME',
        channelName: '#ops-alerts',
        channelId: 'C0OPS',
      },
    ]);
    // The webhook's URL is a credential: stored, never answered.
    const [stored] = await slackRows(owner.tenantId);
    expect(stored!.webhook_url).toMatch(new RegExp(`^${slack.url}/services/T0ACME/`));
    expect(listed.raw.body).not.toContain('/services/');

    // The state was good for one callback.
    const replayed = await owner.client.get(callbackPath);
    expect(errorOf(location(replayed))).toMatch(/expired or was started elsewhere/);
    expect(await slackRows(owner.tenantId)).toHaveLength(1);
  });

  it('replaces the webhook of a channel installed again, and adds another channel', async () => {
    const owner = await registerOwner(t.app);
    slack.nextInstall = { teamId: 'T1', teamName: 'One', channelId: 'C1', channelName: '#one' };
    const first = await installSlackWebhook(owner.client, owner.tenantId);
    const [before] = await slackRows(owner.tenantId);
    const again = await installSlackWebhook(owner.client, owner.tenantId);
    expect(again.metadata.id).toBe(first.metadata.id);
    const [after] = await slackRows(owner.tenantId);
    expect(after!.webhook_url).not.toBe(before!.webhook_url);
    slack.nextInstall = { teamId: 'T1', teamName: 'One', channelId: 'C2', channelName: '#two' };
    await installSlackWebhook(owner.client, owner.tenantId);
    const rows = (await list(owner.client, owner.tenantId)).body.rows;
    expect(rows.map((row) => row.channelName)).toEqual(['#one', '#two']);
  });

  it('stores nothing for an unknown state, another user’s state, a cancel or a refused code', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app);
    slack.nextInstall = { teamId: 'T2', teamName: 'Two', channelId: 'C3', channelName: '#x' };

    const unknown = await owner.client.get('/api/v1/users/slack/callback?code=abc&state=forged');
    expect(unknown.status).toBe(302);
    expect(location(unknown)).toMatch(/^\/tenant-settings\/alerting\?error=/);
    const noState = await owner.client.get('/api/v1/users/slack/callback?code=abc');
    expect(errorOf(location(noState))).toMatch(/^Could not add the Slack webhook/);

    // A state is bound to the user who started the install.
    const start = await owner.client.get(`/api/v1/tenants/${owner.tenantId}/slack/start`);
    const stolen = await other.client.get(await authorizeAtSlack(location(start)));
    expect(errorOf(location(stolen))).toMatch(/expired or was started elsewhere/);

    slack.nextInstall = { ...slack.nextInstall, deny: true };
    const denyStart = await owner.client.get(`/api/v1/tenants/${owner.tenantId}/slack/start`);
    const denied = await owner.client.get(await authorizeAtSlack(location(denyStart)));
    expect(location(denied)).toMatch(
      new RegExp(`^/tenants/${owner.tenantId}/tenant-settings/alerting\\?error=`),
    );
    expect(errorOf(location(denied))).toBe(
      'Could not add the Slack webhook: the installation was cancelled in Slack.',
    );

    // A code Slack does not know (ok: false) is refused, not stored.
    slack.nextInstall = { ...slack.nextInstall, deny: false };
    const badStart = await owner.client.get(`/api/v1/tenants/${owner.tenantId}/slack/start`);
    const callback = new URL(await authorizeAtSlack(location(badStart)), TEST_PUBLIC_URL);
    callback.searchParams.set('code', 'not-a-code-slack-gave');
    const refused = await owner.client.get(`${callback.pathname}${callback.search}`);
    expect(errorOf(location(refused))).toBe(
      'Could not add the Slack webhook: Slack did not confirm the installation. Please try again.',
    );

    expect(await slackRows(owner.tenantId)).toEqual([]);
    expect(await slackRows(other.tenantId)).toEqual([]);
  });

  it('needs a signed-in member: viewers, API tokens and strangers cannot start it', async () => {
    const owner = await registerOwner(t.app);
    const path = `/api/v1/tenants/${owner.tenantId}/slack/start`;
    const viewer = await addTenantMember(t.app, owner, 'VIEWER');
    expect((await viewer.client.get(path)).status).toBe(401);
    const stranger = await registerOwner(t.app);
    expect((await stranger.client.get(path)).status).toBe(401);
    const tokenClient = new TestClient(t.app);
    tokenClient.bearer = await createApiToken(owner);
    expect((await tokenClient.get(path)).status).toBe(401);
    expect((await new TestClient(t.app).get(path)).status).toBe(403);
    expect((await new TestClient(t.app).get('/api/v1/users/slack/callback')).status).toBe(403);
    const member = await addTenantMember(t.app, owner, 'MEMBER');
    expect((await member.client.get(path)).status).toBe(302);
  });

  it('reports Slack among the integrations', async () => {
    const owner = await registerOwner(t.app);
    expect((await owner.client.get('/api/v1/meta/integrations')).body).toEqual([
      { name: 'slack', enabled: true },
    ]);
  });
});

describe('Slack webhooks over REST', () => {
  it('lists for viewers, deletes for members, and keeps tenants apart', async () => {
    const owner = await registerOwner(t.app);
    slack.nextInstall = { teamId: 'T3', teamName: 'Three', channelId: 'C4', channelName: '#d' };
    const webhook = await installSlackWebhook(owner.client, owner.tenantId);
    const id = webhook.metadata.id;

    const viewer = await addTenantMember(t.app, owner, 'VIEWER');
    expect((await list(viewer.client, owner.tenantId)).body.rows).toHaveLength(1);
    expect((await viewer.client.delete(`/api/v1/slack/${id}`)).status).toBe(401);

    // Another tenant's owner: refused by the webhook's tenant, and sees none of it in theirs.
    const intruder = await registerOwner(t.app);
    expect((await intruder.client.delete(`/api/v1/slack/${id}`)).status).toBe(401);
    expect((await list(intruder.client, intruder.tenantId)).body.rows).toEqual([]);
    expect((await list(intruder.client, owner.tenantId)).status).toBe(401);
    const intruderToken = new TestClient(t.app);
    intruderToken.bearer = await createApiToken(intruder);
    expect((await intruderToken.delete(`/api/v1/slack/${id}`)).status).toBe(403);
    expect(await slackRows(owner.tenantId)).toHaveLength(1);

    // Bad ids.
    const malformed = await owner.client.delete<{ errors: { field?: string }[] }>(
      '/api/v1/slack/not-a-uuid',
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]?.field).toBe('slack');
    expect(
      (await owner.client.delete('/api/v1/slack/0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d')).status,
    ).toBe(404);
    expect((await owner.client.get('/api/v1/tenants/not-a-uuid/slack')).status).toBe(400);

    const deleted = await owner.client.delete(`/api/v1/slack/${id}`);
    expect(deleted.status).toBe(204);
    expect((await list(owner.client, owner.tenantId)).body.rows).toEqual([]);
    expect((await owner.client.delete(`/api/v1/slack/${id}`)).status).toBe(404);
  });
});

describe('a server without a Slack app', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain.close());

  it('sends the install to the sign-in page with the reference’s sentence', async () => {
    const owner = await registerOwner(plain.app);
    const start = await owner.client.get(`/api/v1/tenants/${owner.tenantId}/slack/start`);
    expect(start.status).toBe(302);
    const to = location(start);
    expect(to.startsWith('/auth/login?error=')).toBe(true);
    expect(errorOf(to)).toBe('Slack OAuth is not configured on this Hatchet instance.');
    const callback = await owner.client.get('/api/v1/users/slack/callback?code=x&state=y');
    expect(errorOf(location(callback))).toBe(
      'Slack OAuth is not configured on this Hatchet instance.',
    );
    expect((await owner.client.get('/api/v1/meta/integrations')).body).toEqual([]);
    expect((await list(owner.client, owner.tenantId)).body).toEqual({ pagination: {}, rows: [] });
  });
});
