import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, pathParamNames } from '@trellis/api-contract';
import {
  createTenantFixture,
  databaseSnapshot,
  isNamePathParam,
  pathWith,
  PASSWORD,
  startTestApp,
  TestClient,
  type TestApp,
} from './test-app';

/**
 * Walks every tenant-scoped endpoint of the contract with another tenant's credentials. New
 * endpoints are covered as soon as they are added to the contract.
 */
const tenantEndpoints = allEndpoints.filter((endpoint) => endpoint.auth === 'tenant');

let t: TestApp;
let victim: Awaited<ReturnType<typeof createTenantFixture>>;
let intruder: Awaited<ReturnType<typeof createTenantFixture>>;
let intruderToken: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  victim = await createTenantFixture(t.app, t.engine);
  intruder = await createTenantFixture(t.app, t.engine);
  intruderToken = new TestClient(t.app);
  intruderToken.bearer = intruder.token;
});
afterAll(async () => t.close());

describe('tenant isolation', () => {
  it('covers the tenant-scoped endpoints', () => {
    expect(tenantEndpoints.length).toBeGreaterThanOrEqual(14);
  });

  it.each(tenantEndpoints.map((endpoint) => [endpoint.operationId, endpoint] as const))(
    '%s refuses a member of another tenant and its API token',
    async (_name, endpoint) => {
      const before = await databaseSnapshot(t.db);
      const path = pathWith(endpoint.path, victim.ids);
      const body = endpoint.body ? {} : undefined;

      const asMember = await intruder.owner.client.request(endpoint.method, path, body);
      expect(asMember.status, `${endpoint.method} ${path} as another tenant's owner`).toBe(401);

      const asToken = await intruderToken.request(endpoint.method, path, body);
      expect(asToken.status, `${endpoint.method} ${path} with another tenant's token`).toBe(403);

      // A resource of the victim addressed under the intruder's own tenant is refused too; a
      // name (a webhook's) is looked up within the intruder's tenant, which has none of it.
      const params = pathParamNames(endpoint.path);
      if (params.length > 1 && endpoint.path.includes('{tenant}')) {
        const mixed = pathWith(endpoint.path, { ...victim.ids, tenant: intruder.ids.tenant! });
        const response = await intruder.owner.client.request(endpoint.method, mixed, body);
        expect(response.status, `${endpoint.method} ${mixed} mixing tenants`).toBe(
          isNamePathParam(endpoint, params.at(-1)!) ? 404 : 403,
        );
      }

      expect(await databaseSnapshot(t.db)).toEqual(before);
    },
  );
});

describe('ids of another tenant in queries and bodies', () => {
  let victimEvent: string;
  let victimRun: string;
  const intruderPath = (path: string) => path.replace('{tenant}', intruder.ids.tenant!);

  beforeAll(async () => {
    await t.engine.putWorkflow(victim.ids.tenant!, {
      name: 'victim-listener',
      eventTriggers: ['victim:*'],
      tasks: [{ readableId: 'listen', actionId: 'victim-listener:listen' }],
    });
    const [id] = await t.engine.pushEvents(victim.ids.tenant!, [
      { key: 'victim:signup', payload: { secret: true } },
    ]);
    victimEvent = id!;
    const { rows } = await t.db.query<{ id: string }>(
      'SELECT id FROM workflow_runs WHERE triggering_event_id = $1',
      [victimEvent],
    );
    victimRun = rows[0]!.id;
  });

  it('lists none of the victim’s events or filters when asked for them by id', async () => {
    const client = intruder.owner.client;
    for (const query of [
      `eventIds=${victimEvent}`,
      `workflowIds=${victim.ids.workflow}`,
      'keys=victim:signup',
    ]) {
      const v1 = await client.get<{ rows: unknown[] }>(
        intruderPath(`/api/v1/stable/tenants/{tenant}/events?${query}`),
      );
      expect(v1.body.rows, query).toEqual([]);
    }
    const legacy = await client.get<{ rows: unknown[] }>(
      intruderPath(`/api/v1/tenants/{tenant}/events?eventIds=${victimEvent}`),
    );
    expect(legacy.body.rows).toEqual([]);
    const keys = await client.get<{ rows: string[] }>(
      intruderPath('/api/v1/stable/tenants/{tenant}/events/keys'),
    );
    expect(keys.body.rows).not.toContain('victim:signup');
    const filters = await client.get<{ rows: unknown[] }>(
      intruderPath(`/api/v1/stable/tenants/{tenant}/filters?workflowIds=${victim.ids.workflow}`),
    );
    expect(filters.body.rows).toEqual([]);
  });

  it('replays and cancels nothing of the victim’s, and makes no filter on its workflow', async () => {
    const client = intruder.owner.client;
    const before = await databaseSnapshot(t.db);
    const replayed = await client.post<{ rows: unknown[] }>(
      intruderPath('/api/v1/tenants/{tenant}/events/replay'),
      { eventIds: [victimEvent] },
    );
    expect(replayed.status).toBe(200);
    expect(replayed.body.rows).toEqual([]);
    const cancelled = await client.post<{ workflowRunIds: string[] }>(
      intruderPath('/api/v1/tenants/{tenant}/events/cancel'),
      { eventIds: [victimEvent] },
    );
    expect(cancelled.body.workflowRunIds).toEqual([]);
    const filter = await client.post<{ errors: { field?: string }[] }>(
      intruderPath('/api/v1/stable/tenants/{tenant}/filters'),
      { workflowId: victim.ids.workflow, scope: 'stolen', expression: 'true' },
    );
    expect(filter.status).toBe(400);
    expect(filter.body.errors[0]?.field).toBe('workflowId');
    expect(await databaseSnapshot(t.db)).toEqual(before);
    const run = await victim.owner.client.get<string>(
      `/api/v1/stable/workflow-runs/${victimRun}/status`,
    );
    expect(run.body).toBe('QUEUED');
  });

  it('lists, counts, replays and cancels none of the victim’s runs in the older run routes', async () => {
    const client = intruder.owner.client;
    for (const query of [
      `eventId=${victimEvent}`,
      `parentWorkflowRunId=${victimRun}`,
      `workflowId=${victim.ids.workflow}`,
    ]) {
      const runs = await client.get<{ rows: unknown[] }>(
        intruderPath(`/api/v1/tenants/{tenant}/workflows/runs?${query}`),
      );
      expect(runs.body.rows, query).toEqual([]);
      const metrics = await client.get<{ counts: Record<string, number> }>(
        intruderPath(`/api/v1/tenants/{tenant}/workflows/runs/metrics?${query}`),
      );
      expect(Object.values(metrics.body.counts), query).toEqual([0, 0, 0, 0, 0, 0]);
    }
    const before = await databaseSnapshot(t.db);
    const replayed = await client.post<{ workflowRuns: unknown[] }>(
      intruderPath('/api/v1/tenants/{tenant}/workflow-runs/replay'),
      { workflowRunIds: [victimRun] },
    );
    expect(replayed.body.workflowRuns).toEqual([]);
    const cancelled = await client.post<{ workflowRunIds: string[] }>(
      intruderPath('/api/v1/tenants/{tenant}/workflows/cancel'),
      { workflowRunIds: [victimRun] },
    );
    expect(cancelled.body.workflowRunIds).toEqual([]);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it('lists, moves and deletes none of the victim’s crons and scheduled runs by id', async () => {
    const client = intruder.owner.client;
    for (const list of ['crons', 'scheduled']) {
      const rows = await client.get<{ rows: unknown[] }>(
        intruderPath(
          `/api/v1/tenants/{tenant}/workflows/${list}?workflowId=${victim.ids.workflow}`,
        ),
      );
      expect(rows.body.rows, list).toEqual([]);
    }
    const before = await databaseSnapshot(t.db);
    const scheduled = intruderPath('/api/v1/tenants/{tenant}/workflows/scheduled');
    const deleted = await client.post<{ deletedIds: string[] }>(`${scheduled}/bulk-delete`, {
      scheduledWorkflowRunIds: [victim.ids.scheduledRun],
    });
    expect(deleted.body.deletedIds).toEqual([]);
    const byFilter = await client.post<{ deletedIds: string[] }>(`${scheduled}/bulk-delete`, {
      filter: { workflowId: victim.ids.workflow },
    });
    expect(byFilter.body.deletedIds).toEqual([]);
    const moved = await client.post<{ updatedIds: string[] }>(`${scheduled}/bulk-update`, {
      updates: [{ id: victim.ids.scheduledRun, triggerAt: '2098-01-01T00:00:00Z' }],
    });
    expect(moved.body.updatedIds).toEqual([]);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });
});

describe('account endpoints act on the caller alone', () => {
  it("a password change signs out the caller's other sessions, no one else's", async () => {
    const { client, email } = intruder.owner;
    const second = new TestClient(t.app);
    await second.post('/api/v1/users/login', { email, password: PASSWORD });
    const changed = await client.post('/api/v1/users/password', {
      password: PASSWORD,
      newPassword: 'Intruder-passw0rd',
    });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/v1/users/current')).status).toBe(403);
    for (const other of [victim.owner.client, victim.colleague.client, intruder.colleague.client])
      expect((await other.get('/api/v1/users/current')).status).toBe(200);
  });
});
