import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { EndpointDefinition } from '@trellis/api-contract';
import { type Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { RunsFinishedFanOut } from '../src/alerting/runs-finished-fan-out';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { upsertSlackWebhook } from '../src/slack/slack-webhook.queries';

export const TEST_PUBLIC_URL = 'http://trellis.test:8080';

/** Each test app's database, for fixtures that cannot be made over HTTP. */
const appDatabases = new WeakMap<FastifyInstance, Database>();

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  engine: Engine;
  /** The data folder the app was configured with (its email outbox is in `outbox/`). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The HTTP app on a fresh, migrated database (PGlite, or PostgreSQL when configured), with
 * `env` added to its configuration.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { db, drop } = await createTestDatabase({ migrate: true });
  // The email outbox (invites, verification links) is written under the data folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'trellis-test-'));
  const config = loadConfig({
    TRELLIS_DATA_DIR: dataDir,
    TRELLIS_PUBLIC_URL: TEST_PUBLIC_URL,
    TRELLIS_GRPC_BROADCAST_ADDRESS: 'trellis.test:7070',
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
    // Each TestClient is its own client address, as distinct browsers would be.
    TRELLIS_TRUST_PROXY: 'true',
    ...env,
  });
  // Background failures of the engine fail the test file when it closes.
  const engineErrors: string[] = [];
  // Failure alerts hear of finished runs as in main.ts.
  const runsFinished = new RunsFinishedFanOut();
  const engine = new Engine({
    db,
    onError: (message, error) => engineErrors.push(`${message}: ${String(error)}`),
    onRunsFinished: runsFinished.notify,
  });
  await engine.start();
  const { app } = await buildApp({ db, config, engine, validateResponses: true, runsFinished });
  appDatabases.set(app, db);
  return {
    app,
    db,
    engine,
    dataDir: config.dataDir,
    async close() {
      await app.close();
      await engine.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (engineErrors.length > 0) throw new Error(`engine errors:\n${engineErrors.join('\n')}`);
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  raw: LightMyRequestResponse;
}

let nextAddress = 1;

/**
 * A browser-like caller: keeps cookies between requests and echoes the XSRF-TOKEN cookie in
 * the X-XSRF-TOKEN header, as the dashboard does. A bearer token can be set instead.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  bearer: string | undefined;
  sendXsrf = true;
  readonly address = `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

  constructor(private readonly app: FastifyInstance) {}

  async request<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const raw = await this.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(xsrf && this.sendXsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-forwarded-for': this.address,
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    for (const set of raw.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        set.maxAge === 0 || (set.expires !== undefined && set.expires.getTime() < Date.now());
      if (expired || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    const text = raw.body;
    return { status: raw.statusCode, body: (text ? JSON.parse(text) : undefined) as T, raw };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }
  patch<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body);
  }
  delete<T = unknown>(url: string) {
    return this.request<T>('DELETE', url);
  }
}

let userCounter = 0;
export const PASSWORD = 'Passw0rd-for-tests';

/** Registers a new user (signed in on the returned client). */
export async function registerUser(app: FastifyInstance, name = `user${++userCounter}`) {
  const client = new TestClient(app);
  const email = `${name}-${Date.now()}-${userCounter}@example.com`;
  const response = await client.post<{ metadata: { id: string } }>('/api/v1/users/register', {
    name,
    email,
    password: PASSWORD,
  });
  if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return { client, email, userId: response.body.metadata.id };
}

/** Registers a user who owns a new tenant. */
export async function registerOwner(
  app: FastifyInstance,
  slug = `tenant-${++userCounter}-${Date.now()}`,
) {
  const user = await registerUser(app);
  const response = await user.client.post<{ metadata: { id: string } }>('/api/v1/tenants', {
    name: slug,
    slug,
  });
  if (response.status !== 200)
    throw new Error(`tenant create failed: ${JSON.stringify(response.body)}`);
  return { ...user, tenantId: response.body.metadata.id };
}

/** Invites a fresh user to the owner's tenant with `role` and has them accept. */
export async function addTenantMember(
  app: FastifyInstance,
  owner: { client: TestClient; tenantId: string },
  role: string,
) {
  const invitee = await registerUser(app);
  const invite = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/invites`,
    { email: invitee.email, role },
  );
  if (invite.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invite.body)}`);
  const accepted = await invitee.client.post('/api/v1/users/invites/accept', {
    invite: invite.body.metadata.id,
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  const members = await owner.client.get<{
    rows: { metadata: { id: string }; user: { email: string } }[];
  }>(`/api/v1/tenants/${owner.tenantId}/members`);
  const member = members.body.rows.find((row) => row.user.email === invitee.email)!;
  return { ...invitee, memberId: member.metadata.id };
}

/** Creates an API token for the owner's tenant. */
export async function createApiToken(
  owner: { client: TestClient; tenantId: string },
  name = 'test token',
) {
  const response = await owner.client.post<{ token: string }>(
    `/api/v1/tenants/${owner.tenantId}/api-tokens`,
    {
      name,
    },
  );
  if (response.status !== 200)
    throw new Error(`token create failed: ${JSON.stringify(response.body)}`);
  return response.body.token;
}

/**
 * What a request that must change nothing has to leave equal: every row of the account and
 * engine tables. Workers are compared on what users change (the engine keeps their liveness
 * up to date in the background).
 */
const SNAPSHOT_SOURCES: Record<string, string> = {
  users: 'users',
  user_sessions: 'user_sessions',
  user_oauth_identities: 'user_oauth_identities',
  email_verifications: 'email_verifications',
  tenants: 'tenants',
  tenant_alerting_settings: 'tenant_alerting_settings',
  tenant_alert_email_groups: 'tenant_alert_email_groups',
  tenant_members: 'tenant_members',
  tenant_invites: 'tenant_invites',
  api_tokens: 'api_tokens',
  workflows: 'workflows',
  workflow_versions: 'workflow_versions',
  workflow_runs: 'workflow_runs',
  tasks: 'tasks',
  task_queue: 'task_queue',
  task_runtimes: 'task_runtimes',
  task_events: 'task_events',
  events: 'events',
  event_filters: 'event_filters',
  incoming_webhooks: 'incoming_webhooks',
  incoming_webhook_requests: 'incoming_webhook_requests',
  cron_triggers: 'cron_triggers',
  scheduled_runs: 'scheduled_runs',
  saved_views: 'saved_views',
  sns_integrations: 'sns_integrations',
  slack_webhooks: 'slack_webhooks',
  webhook_workers: '(SELECT id, tenant_id, name, url FROM webhook_workers)',
  workers: '(SELECT id, tenant_id, name, actions, is_paused, labels FROM workers)',
};

export async function databaseSnapshot(db: Database): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  for (const [name, source] of Object.entries(SNAPSHOT_SOURCES)) {
    const { rows } = await db.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${source} t`,
    );
    snapshot[name] = rows[0]!.digest ?? 'empty';
  }
  return snapshot;
}

/**
 * A tenant with one of each resource a path can name, so route-walking tests can fill in every
 * path parameter with a real id of that tenant.
 */
export async function createTenantFixture(app: FastifyInstance, engine: Engine) {
  const owner = await registerOwner(app);
  const colleague = await registerUser(app);
  const invite = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/invites`,
    {
      email: colleague.email,
      role: 'MEMBER',
    },
  );
  await colleague.client.post('/api/v1/users/invites/accept', { invite: invite.body.metadata.id });
  const pending = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/invites`,
    {
      email: `pending-${Date.now()}@example.com`,
      role: 'MEMBER',
    },
  );
  const token = await createApiToken(owner);
  const members = await owner.client.get<{
    rows: { metadata: { id: string }; user: { email: string } }[];
  }>(`/api/v1/tenants/${owner.tenantId}/members`);
  const tokens = await owner.client.get<{ rows: { metadata: { id: string } }[] }>(
    `/api/v1/tenants/${owner.tenantId}/api-tokens`,
  );
  const { workflowId } = await engine.putWorkflow(owner.tenantId, {
    name: 'fixture-workflow',
    tasks: [{ readableId: 'step', actionId: 'fixture-workflow:step' }],
  });
  const [runId] = await engine.trigger(owner.tenantId, [
    { workflowName: 'fixture-workflow', input: {} },
  ]);
  const run = await engine.getRunDetails(owner.tenantId, runId!);
  const workerId = await engine.registerWorker(owner.tenantId, {
    name: 'fixture-worker',
    actions: ['other-workflow:step'],
    slotConfig: { default: 1 },
  });
  const [eventId] = await engine.pushEvents(owner.tenantId, [
    { key: 'fixture:event', payload: { fixture: true } },
  ]);
  const filter = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/stable/tenants/${owner.tenantId}/filters`,
    { workflowId, scope: 'fixture-scope', expression: 'true' },
  );
  // Webhooks are named within their tenant: a name of this tenant's own, so that it never
  // finds another fixture tenant's webhook.
  const webhookName = `fixture-webhook-${owner.tenantId}`;
  const webhook = await owner.client.post(`/api/v1/stable/tenants/${owner.tenantId}/webhooks`, {
    name: webhookName,
    sourceName: 'GENERIC',
    eventKeyExpression: "'fixture:webhook'",
    authType: 'API_KEY',
    auth: { headerName: 'x-api-key', apiKey: 'fixture-key' },
  });
  // Crons and scheduled runs are created for a workflow named in the path; a name of this
  // tenant's own, so that another fixture tenant never has it.
  const workflowName = `fixture-named-${owner.tenantId}`;
  await engine.putWorkflow(owner.tenantId, {
    name: workflowName,
    tasks: [{ readableId: 'step', actionId: `${workflowName}:step` }],
  });
  const cron = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/workflows/${workflowName}/crons`,
    { cronName: 'fixture-cron', cronExpression: '0 0 1 1 *', input: {}, additionalMetadata: {} },
  );
  const scheduled = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/workflows/${workflowName}/scheduled`,
    { triggerAt: '2099-01-01T00:00:00Z', input: {}, additionalMetadata: {} },
  );
  const savedView = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/stable/tenants/${owner.tenantId}/saved-views`,
    { list: 'runs', name: 'fixture view', state: 'a=1', shared: true },
  );
  const sns = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/sns`,
    { topicArn: 'arn:aws:sns:us-east-1:123456789012:fixture' },
  );
  // Nothing listens at the URL: the server's health checks fail, so no worker registers.
  const webhookWorker = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/webhook-workers`,
    { name: 'fixture-webhook-worker', url: `http://127.0.0.1:9/${owner.tenantId}` },
  );
  const alertEmailGroup = await owner.client.post<{ metadata: { id: string } }>(
    `/api/v1/tenants/${owner.tenantId}/alerting-email-groups`,
    { emails: ['fixture-alerts@example.com'] },
  );
  // A Slack webhook comes only from Slack's OAuth install (slack.routes.test.ts runs it): stored
  // here as its callback stores it.
  const slack = await upsertSlackWebhook(appDatabases.get(app)!, owner.tenantId, {
    teamId: 'T0FIXTURE',
    teamName: 'Fixture',
    channelId: 'C0FIXTURE',
    channelName: '#fixture',
    url: 'https://hooks.slack.com/services/T0FIXTURE/B0FIXTURE/fixture',
  });
  for (const [what, response] of [
    ['filter', filter],
    ['saved view', savedView],
    ['webhook', webhook],
    ['cron', cron],
    ['scheduled run', scheduled],
    ['SNS integration', sns],
    ['webhook worker', webhookWorker],
    ['alert email group', alertEmailGroup],
  ] as const) {
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`fixture ${what} create failed: ${JSON.stringify(response.body)}`);
  }
  const ids: Record<string, string> = {
    tenant: owner.tenantId,
    member: members.body.rows.find((row) => row.user.email === colleague.email)!.metadata.id,
    invite: pending.body.metadata.id,
    apiToken: tokens.body.rows[0]!.metadata.id,
    workflow: workflowId,
    worker: workerId,
    run: runId!,
    task: run.tasks[0]!.externalId,
    durableTask: run.tasks[0]!.externalId,
    event: eventId!,
    filter: filter.body.metadata.id,
    webhook: webhookName,
    workflowName,
    cron: cron.body.metadata.id,
    scheduledRun: scheduled.body.metadata.id,
    savedView: savedView.body.metadata.id,
    sns: sns.body.metadata.id,
    webhookWorker: webhookWorker.body.metadata.id,
    alertEmailGroup: alertEmailGroup.body.metadata.id,
    slack: slack.id,
  };
  return { owner, colleague, token, ids };
}

/**
 * A value a path parameter's schema refuses, if any: not a UUID or, for the parameters that are
 * names (unique within their tenant, like a webhook's), a character no name may have.
 */
export function malformedPathValue(
  endpoint: EndpointDefinition,
  param: string,
): string | undefined {
  const schema = (endpoint.params as z.ZodObject).shape[param] as z.ZodType;
  return ['not-a-uuid', 'bad!name'].find((value) => !schema.safeParse(value).success);
}

/** Whether a path parameter names its resource within the tenant rather than by a UUID. */
export function isNamePathParam(endpoint: EndpointDefinition, param: string): boolean {
  return malformedPathValue(endpoint, param) !== 'not-a-uuid';
}

/** Fills an endpoint path's `{param}` placeholders from `ids`. */
export function pathWith(path: string, ids: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const id = ids[name];
    if (!id)
      throw new Error(`no fixture id for path parameter {${name}}: add one to createTenantFixture`);
    return id;
  });
}
