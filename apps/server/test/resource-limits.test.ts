/**
 * Tenant resource limits with small limits configured: refusals over REST (the reference's
 * statuses and messages) and over gRPC through the SDK's own client stack (RESOURCE_EXHAUSTED),
 * nothing stored by a refused request, windows that refill (on a clock the test moves), places
 * freed by deletes, the resource policy, alerts, and tenants kept apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DispatcherDefinition } from '@hatchet-dev/typescript-sdk/protoc/dispatcher/dispatcher.js';
import { EventsServiceDefinition } from '@hatchet-dev/typescript-sdk/protoc/events/events.js';
import { AdminServiceDefinition } from '@hatchet-dev/typescript-sdk/protoc/v1/workflows.js';
import { WorkflowServiceDefinition } from '@hatchet-dev/typescript-sdk/protoc/workflows/workflows.js';
import { createGrpcClient } from '@hatchet-dev/typescript-sdk/util/grpc-helpers.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import type { ResourceLimitAlert } from '../src/alerting/resource-limit-alert';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { startGrpcServer, type GrpcServer } from '../src/grpc/grpc-server';
import { Status } from '../src/grpc/transport/status';
import { ResourceLimits, TASK_RUN_OR_EVENT_LIMIT } from '../src/resource-limits/resource-limits';
import {
  addTenantMember,
  createApiToken,
  databaseSnapshot,
  registerOwner,
  TEST_PUBLIC_URL,
  type TestClient,
} from './test-app';

const DAY_MS = 86_400_000;
const LIMITS = {
  TRELLIS_RESOURCE_LIMITS: 'on',
  TRELLIS_RESOURCE_LIMIT_ALARM_PERCENT: '50',
  TRELLIS_RESOURCE_LIMIT_EVENT: '4',
  TRELLIS_RESOURCE_LIMIT_TASK_RUN: '4',
  TRELLIS_RESOURCE_LIMIT_CRON: '2',
  TRELLIS_RESOURCE_LIMIT_SCHEDULE: '2',
  TRELLIS_RESOURCE_LIMIT_INCOMING_WEBHOOK: '2',
  TRELLIS_RESOURCE_LIMIT_WORKER: '2',
  TRELLIS_RESOURCE_LIMIT_WORKER_SLOT: '150',
};

let db: Database;
let drop: () => Promise<void>;
let dataDir: string;
let engine: Engine;
let limits: ResourceLimits;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let grpc: GrpcServer;
let now = Date.parse('2026-11-01T00:00:00Z');
const alerts: ResourceLimitAlert[] = [];
const channels: { close(): void }[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  dataDir = mkdtempSync(join(tmpdir(), 'trellis-limits-'));
  const config = loadConfig({
    TRELLIS_DATA_DIR: dataDir,
    TRELLIS_PUBLIC_URL: TEST_PUBLIC_URL,
    TRELLIS_DASHBOARD_DIR: '/nonexistent-dashboard',
    TRELLIS_TRUST_PROXY: 'true',
    ...LIMITS,
  });
  engine = new Engine({ db });
  await engine.start();
  limits = new ResourceLimits({
    db,
    config: config.resourceLimits,
    runsCreated: () => engine.activityByTenant(),
    onAlert: (alert) => alerts.push(alert),
    now: () => now,
  });
  const built = await buildApp({
    db,
    config,
    engine,
    validateResponses: true,
    resourceLimits: limits,
  });
  app = built.app;
  grpc = await startGrpcServer({
    db,
    engine,
    signer: built.context.signer,
    host: '127.0.0.1',
    port: 0,
    log: (message, error) => console.error(message, error),
    resourceLimits: limits,
  });
});

afterAll(async () => {
  for (const channel of channels) channel.close();
  await grpc?.close();
  await app?.close();
  await engine?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The SDK's own gRPC client for `definition`, authenticated with the tenant's token. */
function sdkClient<T>(definition: T, token: string) {
  const config = {
    host_port: `127.0.0.1:${grpc.port}`,
    token,
    tls_config: { tls_strategy: 'none' },
  } as unknown as Parameters<typeof createGrpcClient>[0];
  const { client, channel } = createGrpcClient(config, definition as never);
  channels.push(channel);
  // nice-grpc's typed client, by method name.
  return client as unknown as Record<
    string,
    (request: unknown) => Promise<Record<string, unknown>>
  >;
}

async function refusal(call: Promise<unknown>): Promise<{ code: number; details: string }> {
  const error = (await call.then(
    () => {
      throw new Error('the call was not refused');
    },
    (e: unknown) => e,
  )) as { code: number; details: string };
  return { code: error.code, details: error.details };
}

async function tenantWithToken() {
  const owner = await registerOwner(app);
  return { ...owner, token: await createApiToken(owner) };
}

const policyOf = async (client: TestClient, tenantId: string) =>
  (
    await client.get<{
      limits: {
        resource: string;
        value: number;
        limitValue: number;
        alarmValue: number;
        window?: string;
        lastRefill?: string;
      }[];
    }>(`/api/v1/tenants/${tenantId}/resource-policy`)
  ).body.limits;

const limitOf = async (client: TestClient, tenantId: string, resource: string) =>
  (await policyOf(client, tenantId)).find((limit) => limit.resource === resource)!;

const pushEvent = (owner: { client: TestClient; tenantId: string }, key = 'limits:event') =>
  owner.client.post(`/api/v1/tenants/${owner.tenantId}/events`, { key, data: {} });

describe('events', () => {
  it('refuses the event past the limit with 429 over REST and RESOURCE_EXHAUSTED over gRPC', async () => {
    const owner = await tenantWithToken();
    const events = sdkClient(EventsServiceDefinition, owner.token);
    for (let i = 0; i < 3; i++) expect((await pushEvent(owner)).status).toBe(200);
    await events['push']!({ key: 'limits:grpc', payload: '{}', eventTimestamp: new Date() });

    const before = await databaseSnapshot(db);
    const refused = await pushEvent(owner);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ errors: [{ description: TASK_RUN_OR_EVENT_LIMIT }] });
    const bulk = await owner.client.post(`/api/v1/tenants/${owner.tenantId}/events/bulk`, {
      events: [{ key: 'limits:bulk', data: {} }],
    });
    expect(bulk.status).toBe(429);
    expect(
      await refusal(events['push']!({ key: 'x', payload: '{}', eventTimestamp: new Date() })),
    ).toEqual({ code: Status.RESOURCE_EXHAUSTED, details: TASK_RUN_OR_EVENT_LIMIT });
    expect(
      await refusal(
        events['bulkPush']!({ events: [{ key: 'x', payload: '{}', eventTimestamp: new Date() }] }),
      ),
    ).toMatchObject({ code: Status.RESOURCE_EXHAUSTED });
    expect(await databaseSnapshot(db)).toEqual(before);

    expect(await limitOf(owner.client, owner.tenantId, 'EVENT')).toMatchObject({
      value: 4,
      limitValue: 4,
      alarmValue: 2,
      window: '24h',
    });
  });

  it('refuses a bulk push that does not fit whole, and takes one that does', async () => {
    const owner = await tenantWithToken();
    const events = sdkClient(EventsServiceDefinition, owner.token);
    const event = { key: 'limits:bulk', payload: '{}', eventTimestamp: new Date() };
    await events['bulkPush']!({ events: [event, event, event] });
    expect(await refusal(events['bulkPush']!({ events: [event, event] }))).toMatchObject({
      code: Status.RESOURCE_EXHAUSTED,
    });
    await events['bulkPush']!({ events: [event] });
    expect((await limitOf(owner.client, owner.tenantId, 'EVENT')).value).toBe(4);
  });

  it('refills the window once it has passed', async () => {
    const owner = await tenantWithToken();
    for (let i = 0; i < 4; i++) expect((await pushEvent(owner)).status).toBe(200);
    expect((await pushEvent(owner)).status).toBe(429);
    const { lastRefill } = await limitOf(owner.client, owner.tenantId, 'EVENT');

    now += DAY_MS - 1;
    expect((await pushEvent(owner)).status).toBe(429);
    now += 1;
    expect((await pushEvent(owner)).status).toBe(200);
    const refilled = await limitOf(owner.client, owner.tenantId, 'EVENT');
    expect(refilled.value).toBe(1);
    expect(Date.parse(refilled.lastRefill!)).toBe(Date.parse(lastRefill!) + DAY_MS);
  });

  it('are written and forgotten when the tenant moves to another process, and read back when it returns', async () => {
    const owner = await tenantWithToken();
    for (let i = 0; i < 2; i++) expect((await pushEvent(owner)).status).toBe(200);
    await limits.forget((tenantId) => tenantId === owner.tenantId);
    // Meanwhile the process that schedules the tenant now meters one more event.
    await db.query(
      `UPDATE tenant_resource_limits SET value = value + 1
        WHERE tenant_id = $1 AND resource = 'EVENT'`,
      [owner.tenantId],
    );
    expect((await pushEvent(owner)).status).toBe(200);
    expect((await pushEvent(owner)).status).toBe(429);
    expect((await limitOf(owner.client, owner.tenantId, 'EVENT')).value).toBe(4);
  });

  it('counts the incoming webhook events against the same limit', async () => {
    const owner = await tenantWithToken();
    const created = await owner.client.post(`/api/v1/stable/tenants/${owner.tenantId}/webhooks`, {
      name: 'limited',
      sourceName: 'GENERIC',
      eventKeyExpression: "'webhook:event'",
      authType: 'API_KEY',
      auth: { headerName: 'x-api-key', apiKey: 'limits-key' },
    });
    expect(created.status).toBe(200);
    const receive = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/stable/tenants/${owner.tenantId}/webhooks/limited`,
        headers: { 'x-api-key': 'limits-key', 'content-type': 'application/json' },
        payload: '{}',
      });
    for (let i = 0; i < 4; i++) expect((await receive()).statusCode).toBe(200);
    const refused = await receive();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [{ description: TASK_RUN_OR_EVENT_LIMIT }] });
  });
});

describe('task runs', () => {
  it('refuses the run past the limit on every trigger path, storing nothing', async () => {
    const owner = await tenantWithToken();
    const { workflowId } = await engine.putWorkflow(owner.tenantId, {
      name: 'limited',
      tasks: [{ readableId: 'step', actionId: 'limited:step' }],
    });
    const workflows = sdkClient(WorkflowServiceDefinition, owner.token);
    const admin = sdkClient(AdminServiceDefinition, owner.token);
    const v1Trigger = () =>
      owner.client.post(`/api/v1/stable/tenants/${owner.tenantId}/workflow-runs/trigger`, {
        workflowName: 'limited',
        input: {},
      });
    expect((await v1Trigger()).status).toBe(200);
    await workflows['triggerWorkflow']!({ name: 'limited', input: '{}' });
    await admin['triggerWorkflowRun']!({
      workflowName: 'limited',
      input: Buffer.from('{}'),
      additionalMetadata: Buffer.from('{}'),
    });
    // A bulk trigger that does not fit whole is refused whole.
    expect(
      await refusal(
        workflows['bulkTriggerWorkflow']!({
          workflows: [
            { name: 'limited', input: '{}' },
            { name: 'limited', input: '{}' },
          ],
        }),
      ),
    ).toMatchObject({ code: Status.RESOURCE_EXHAUSTED });
    const legacy = await owner.client.post(`/api/v1/workflows/${workflowId}/trigger`, {
      input: {},
    });
    expect(legacy.status).toBe(200);

    const before = await databaseSnapshot(db);
    // The v1 trigger answers the reference's 400; the legacy one its 429.
    const v1 = await v1Trigger();
    expect(v1.status).toBe(400);
    expect(v1.body).toEqual({ errors: [{ description: TASK_RUN_OR_EVENT_LIMIT }] });
    const again = await owner.client.post(`/api/v1/workflows/${workflowId}/trigger`, {
      input: {},
    });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ errors: [{ description: TASK_RUN_OR_EVENT_LIMIT }] });
    expect(await refusal(workflows['triggerWorkflow']!({ name: 'limited', input: '{}' }))).toEqual({
      code: Status.RESOURCE_EXHAUSTED,
      details: TASK_RUN_OR_EVENT_LIMIT,
    });
    expect(
      await refusal(
        admin['triggerWorkflowRun']!({
          workflowName: 'limited',
          input: Buffer.from('{}'),
          additionalMetadata: Buffer.from('{}'),
        }),
      ),
    ).toEqual({ code: Status.RESOURCE_EXHAUSTED, details: TASK_RUN_OR_EVENT_LIMIT });
    // With its task runs spent, the tenant's events are refused too (they would start runs).
    expect((await pushEvent(owner)).status).toBe(429);
    expect(await databaseSnapshot(db)).toEqual(before);

    expect(await limitOf(owner.client, owner.tenantId, 'TASK_RUN')).toMatchObject({
      value: 4,
      limitValue: 4,
    });
  });

  it('counts the runs events start', async () => {
    const owner = await tenantWithToken();
    await engine.putWorkflow(owner.tenantId, {
      name: 'on-event',
      eventTriggers: ['limits:starts'],
      tasks: [{ readableId: 'step', actionId: 'on-event:step' }],
    });
    for (let i = 0; i < 2; i++) expect((await pushEvent(owner, 'limits:starts')).status).toBe(200);
    expect(await limitOf(owner.client, owner.tenantId, 'TASK_RUN')).toMatchObject({ value: 2 });
    expect(await limitOf(owner.client, owner.tenantId, 'EVENT')).toMatchObject({ value: 2 });
  });
});

describe('crons and schedules', () => {
  const cronBody = (name: string) => ({
    cronName: name,
    cronExpression: '0 0 1 1 *',
    input: {},
    additionalMetadata: {},
  });

  it('refuses the cron past the limit with 429; deleting one frees its place', async () => {
    const owner = await tenantWithToken();
    await engine.putWorkflow(owner.tenantId, {
      name: 'cronned',
      tasks: [{ readableId: 'step', actionId: 'cronned:step' }],
    });
    const create = (name: string) =>
      owner.client.post<{ metadata: { id: string } }>(
        `/api/v1/tenants/${owner.tenantId}/workflows/cronned/crons`,
        cronBody(name),
      );
    const first = await create('one');
    expect(first.status).toBe(200);
    expect((await create('two')).status).toBe(200);
    const before = await databaseSnapshot(db);
    const refused = await create('three');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      errors: [{ description: 'resource limit exceeded: cron limit reached for tenant' }],
    });
    expect(await databaseSnapshot(db)).toEqual(before);
    expect(await limitOf(owner.client, owner.tenantId, 'CRON')).toMatchObject({ value: 2 });

    const deleted = await owner.client.delete(
      `/api/v1/tenants/${owner.tenantId}/workflows/crons/${first.body.metadata.id}`,
    );
    expect(deleted.status).toBe(204);
    expect((await create('three')).status).toBe(200);
  });

  it('counts crons declared in code, a new version replacing its own', async () => {
    const owner = await tenantWithToken();
    const admin = sdkClient(AdminServiceDefinition, owner.token);
    const put = (name: string, crons: string[]) =>
      admin['putWorkflow']!({
        name,
        cronTriggers: crons,
        tasks: [{ readableId: 'step', action: `${name}:step`, timeout: '60s', inputs: '{}' }],
      });
    await put('coded', ['0 0 1 1 *', '0 0 2 1 *']);
    // The same crons again, and then others in their place: still two.
    await put('coded', ['0 0 1 1 *', '0 0 2 1 *']);
    await put('coded', ['0 0 3 1 *', '0 0 4 1 *']);
    const before = await databaseSnapshot(db);
    expect(await refusal(put('other', ['0 0 5 1 *']))).toEqual({
      code: Status.RESOURCE_EXHAUSTED,
      details: 'resource limit exceeded: cron limit reached for tenant',
    });
    expect(await databaseSnapshot(db)).toEqual(before);
  });

  it('refuses the schedule past the limit with 429; a deleted one frees its place', async () => {
    const owner = await tenantWithToken();
    await engine.putWorkflow(owner.tenantId, {
      name: 'timed',
      tasks: [{ readableId: 'step', actionId: 'timed:step' }],
    });
    const schedule = () =>
      owner.client.post<{ metadata: { id: string } }>(
        `/api/v1/tenants/${owner.tenantId}/workflows/timed/scheduled`,
        { triggerAt: '2099-01-01T00:00:00Z', input: {}, additionalMetadata: {} },
      );
    const first = await schedule();
    expect(first.status).toBe(200);
    expect((await schedule()).status).toBe(200);
    const before = await databaseSnapshot(db);
    const refused = await schedule();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      errors: [{ description: 'resource limit exceeded: schedule limit reached for tenant' }],
    });
    expect(await databaseSnapshot(db)).toEqual(before);
    await owner.client.delete(
      `/api/v1/tenants/${owner.tenantId}/workflows/scheduled/${first.body.metadata.id}`,
    );
    expect((await schedule()).status).toBe(200);
  });
});

describe('incoming webhooks and workers', () => {
  it('refuses the incoming webhook past the limit with the reference’s 400', async () => {
    const owner = await tenantWithToken();
    const create = (name: string) =>
      owner.client.post(`/api/v1/stable/tenants/${owner.tenantId}/webhooks`, {
        name,
        sourceName: 'GENERIC',
        eventKeyExpression: "'hook'",
        authType: 'API_KEY',
        auth: { headerName: 'x-api-key', apiKey: 'key' },
      });
    expect((await create('one')).status).toBe(200);
    expect((await create('two')).status).toBe(200);
    const before = await databaseSnapshot(db);
    const refused = await create('three');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: [{ description: 'incoming webhook limit reached' }] });
    expect(await databaseSnapshot(db)).toEqual(before);
    expect(await limitOf(owner.client, owner.tenantId, 'INCOMING_WEBHOOK')).toMatchObject({
      value: 2,
    });
  });

  it('refuses a worker past the worker limit and past the slot limit', async () => {
    const owner = await tenantWithToken();
    const dispatcher = sdkClient(DispatcherDefinition, owner.token);
    const register = (name: string, slots: number) =>
      dispatcher['register']!({ workerName: name, actions: [], slotConfig: { default: slots } });
    await register('one', 100);
    // 100 + 100 slots would pass 150.
    expect(await refusal(register('too-many-slots', 100))).toEqual({
      code: Status.RESOURCE_EXHAUSTED,
      details: 'resource limit exceeded: worker slot limit reached for tenant',
    });
    await register('two', 50);
    const before = await databaseSnapshot(db);
    expect(await refusal(register('three', 1))).toEqual({
      code: Status.RESOURCE_EXHAUSTED,
      details: 'resource limit exceeded: worker limit reached for tenant',
    });
    expect(await databaseSnapshot(db)).toEqual(before);
    const policy = await policyOf(owner.client, owner.tenantId);
    expect(policy.find((l) => l.resource === 'WORKER')).toMatchObject({ value: 2 });
    expect(policy.find((l) => l.resource === 'WORKER_SLOT')).toMatchObject({ value: 150 });
  });
});

describe('resource policy, alerts and tenants', () => {
  it('lists every limit with its use, to a viewer too, and no window for counts', async () => {
    const owner = await tenantWithToken();
    await pushEvent(owner);
    const viewer = await addTenantMember(app, owner, 'VIEWER');
    const policy = await policyOf(viewer.client, owner.tenantId);
    expect(policy.map((limit) => limit.resource)).toEqual([
      'WORKER',
      'WORKER_SLOT',
      'EVENT',
      'TASK_RUN',
      'CRON',
      'SCHEDULE',
      'INCOMING_WEBHOOK',
    ]);
    const cron = policy.find((limit) => limit.resource === 'CRON')!;
    expect(cron).toMatchObject({ value: 0, limitValue: 2, alarmValue: 1 });
    expect(cron.window).toBeUndefined();
    expect(cron.lastRefill).toBeUndefined();
    expect(policy.find((limit) => limit.resource === 'EVENT')).toMatchObject({
      value: 1,
      window: '24h',
      lastRefill: new Date(now).toISOString(),
    });
  });

  it('alerts once when the alarm value is reached and once when a request is refused', async () => {
    const owner = await tenantWithToken();
    const mine = () =>
      alerts.filter((a) => a.tenantId === owner.tenantId && a.resource === 'EVENT');
    for (let i = 0; i < 4; i++) await pushEvent(owner);
    for (let i = 0; i < 3; i++) expect((await pushEvent(owner)).status).toBe(429);
    expect(mine()).toEqual([
      {
        tenantId: owner.tenantId,
        resource: 'EVENT',
        kind: 'alarm',
        value: 2,
        limitValue: 4,
        alarmValue: 2,
        window: '24h',
      },
      {
        tenantId: owner.tenantId,
        resource: 'EVENT',
        kind: 'exhausted',
        value: 4,
        limitValue: 4,
        alarmValue: 2,
        window: '24h',
      },
    ]);
  });

  it('keeps tenants apart: one’s use never counts against another, nor is its policy readable', async () => {
    const first = await tenantWithToken();
    const second = await tenantWithToken();
    for (let i = 0; i < 4; i++) await pushEvent(first);
    expect((await pushEvent(first)).status).toBe(429);
    expect((await pushEvent(second)).status).toBe(200);
    expect((await limitOf(second.client, second.tenantId, 'EVENT')).value).toBe(1);
    const foreign = await second.client.get(`/api/v1/tenants/${first.tenantId}/resource-policy`);
    expect(foreign.status).toBe(401);
    expect(foreign.body).toEqual({
      errors: [{ description: 'Not authorized to view this resource' }],
    });
  });

  it('keeps the meters across a restart: they are written in batches and read back', async () => {
    const owner = await tenantWithToken();
    for (let i = 0; i < 3; i++) await pushEvent(owner);
    await limits.flush();
    // A process taking over reads the meters the last one wrote.
    const next = new ResourceLimits({
      db,
      config: loadConfig({ TRELLIS_DATA_DIR: dataDir, ...LIMITS }).resourceLimits,
      runsCreated: () => new Map(),
      now: () => now,
    });
    const policy = await next.policy(owner.tenantId);
    expect(policy.find((limit) => limit.resource === 'EVENT')).toMatchObject({ value: 3 });
    await next.close();
  });
});

describe('without enforcement (the default)', () => {
  it('answers an empty policy and refuses nothing', async () => {
    const off = new ResourceLimits({
      db,
      config: loadConfig({ TRELLIS_DATA_DIR: dataDir }).resourceLimits,
      runsCreated: () => engine.activityByTenant(),
    });
    const owner = await tenantWithToken();
    expect(await off.policy(owner.tenantId)).toEqual([]);
    const pushed = await off.admitEvents(owner.tenantId, 100, async () => 'pushed');
    expect(pushed).toBe('pushed');
    await off.close();
  });

  it('leaves a resource configured as unlimited out of the policy', async () => {
    const some = new ResourceLimits({
      db,
      config: loadConfig({
        TRELLIS_DATA_DIR: dataDir,
        TRELLIS_RESOURCE_LIMITS: 'on',
        TRELLIS_RESOURCE_LIMIT_WORKER: 'unlimited',
      }).resourceLimits,
      runsCreated: () => engine.activityByTenant(),
    });
    const owner = await tenantWithToken();
    const policy = await some.policy(owner.tenantId);
    expect(policy.map((limit) => limit.resource)).not.toContain('WORKER');
    expect(policy.find((limit) => limit.resource === 'EVENT')).toMatchObject({
      limitValue: 10_000_000,
      alarmValue: 8_000_000,
    });
    await some.close();
  });
});
