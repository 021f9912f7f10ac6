import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

/** Triggering runs over REST: the v1 route and the older workflows route. */

interface Errors {
  errors: { description: string; field?: string }[];
}
interface Details {
  run: {
    metadata: { id: string };
    status: string;
    input: Record<string, unknown>;
    additionalMetadata?: Record<string, unknown>;
    displayName: string;
  };
  tasks: { displayName: string; status: string }[];
  shape: { taskName: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let signupId: string;
let legacyVersionId: string;

/** The schema the SDK derives from a zod input type (draft 2020-12, no `$schema`). */
const signupSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    name: { type: 'string', minLength: 1 },
    address: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
  required: ['email', 'name'],
  additionalProperties: false,
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  ({ workflowId: signupId } = await t.engine.putWorkflow(owner.tenantId, {
    name: 'signup',
    tasks: [{ readableId: 'welcome', actionId: 'signup:welcome' }],
    inputJsonSchema: signupSchema,
  }));
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'report',
    tasks: [
      { readableId: 'gather', actionId: 'report:gather' },
      { readableId: 'render', actionId: 'report:render', parents: ['gather'] },
    ],
    // An older draft, named by `$schema`.
    inputJsonSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { days: { type: 'integer', maximum: 31 } },
    },
  });
  ({ versionId: legacyVersionId } = await t.engine.putWorkflow(owner.tenantId, {
    name: 'legacy',
    tasks: [{ readableId: 'legacy', actionId: 'legacy:run' }],
  }));
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'legacy',
    description: 'a second version',
    tasks: [{ readableId: 'legacy', actionId: 'legacy:run' }],
  });
});
afterAll(async () => t.close());

const triggerUrl = () => `/api/v1/stable/tenants/${owner.tenantId}/workflow-runs/trigger`;

describe('POST workflow-runs/trigger', () => {
  it('starts a run and answers its details', async () => {
    const response = await owner.client.post<Details>(triggerUrl(), {
      workflowName: 'Report',
      input: { days: 7 },
      additionalMetadata: { requestedBy: 'test' },
      priority: 3,
    });
    expect(response.status).toBe(200);
    expect(response.body.run).toMatchObject({
      status: 'QUEUED',
      input: { days: 7 },
      additionalMetadata: { requestedBy: 'test' },
      displayName: 'report',
    });
    expect(response.body.tasks.map((task) => task.displayName)).toEqual(['gather', 'render']);
    expect(response.body.shape.map((step) => step.taskName)).toEqual(['gather', 'render']);
    const { rows } = await t.db.query<{ priority: number }>(
      'SELECT priority FROM workflow_runs WHERE id = $1',
      [response.body.run.metadata.id],
    );
    expect(rows[0]!.priority).toBe(3);
  });

  it('answers with the id alone when asked', async () => {
    const response = await owner.client.post<Details>(triggerUrl(), {
      workflowName: 'report',
      input: {},
      return_only_id: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.tasks).toEqual([]);
    const status = await owner.client.get<string>(
      `/api/v1/stable/workflow-runs/${response.body.run.metadata.id}/status`,
    );
    expect(status.body).toBe('QUEUED');
  });

  it("accepts an input that matches the workflow's input schema", async () => {
    const response = await owner.client.post<Details>(triggerUrl(), {
      workflowName: 'signup',
      input: { email: 'ada@example.com', name: 'Ada', address: { city: 'London' } },
    });
    expect(response.status).toBe(200);
  });

  it('refuses an input that does not, with an error per field, and starts nothing', async () => {
    const before = await databaseSnapshot(t.db);
    const response = await owner.client.post<Errors>(triggerUrl(), {
      workflowName: 'signup',
      input: { email: 'not-an-email', address: {}, extra: 1 },
    });
    expect(response.status).toBe(400);
    const fields = response.body.errors.map((error) => error.field).sort();
    expect(fields).toEqual(['input.address.city', 'input.email', 'input.extra', 'input.name']);
    for (const error of response.body.errors) expect(error.description).toMatch(/^input/);

    const draft7 = await owner.client.post<Errors>(triggerUrl(), {
      workflowName: 'report',
      input: { days: 40 },
    });
    expect(draft7.status).toBe(400);
    expect(draft7.body.errors[0]?.field).toBe('input.days');
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it('refuses an unknown workflow and a priority out of range', async () => {
    const unknown = await owner.client.post<Errors>(triggerUrl(), {
      workflowName: 'nope',
      input: {},
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'workflowName' });
    const priority = await owner.client.post<Errors>(triggerUrl(), {
      workflowName: 'report',
      input: {},
      priority: 5,
    });
    expect(priority.status).toBe(400);
    expect(priority.body.errors[0]).toMatchObject({
      field: 'priority',
      description: expect.stringContaining('priority must be between 1 and 3, got 5'),
    });
  });
});

describe('POST workflows/{workflow}/trigger', () => {
  const legacyUrl = async () => {
    const { rows } = await t.db.query<{ id: string }>(
      "SELECT id FROM workflows WHERE tenant_id = $1 AND name = 'legacy'",
      [owner.tenantId],
    );
    return `/api/v1/workflows/${rows[0]!.id}/trigger`;
  };

  it('starts a run of the latest version and answers it in the older shape', async () => {
    const response = await owner.client.post<{
      metadata: { id: string };
      status: string;
      workflowVersionId: string;
      input: Record<string, unknown>;
      triggeredBy: { metadata: { id: string } };
    }>(await legacyUrl(), { input: { n: 1 }, additionalMetadata: { via: 'legacy' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'QUEUED', input: { n: 1 } });
    expect(response.body.workflowVersionId).not.toBe(legacyVersionId);
  });

  it('refuses an earlier version and an unknown one', async () => {
    const earlier = await owner.client.post<Errors>(
      `${await legacyUrl()}?version=${legacyVersionId}`,
      { input: {} },
    );
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors[0]?.field).toBe('version');
    const unknown = await owner.client.post<Errors>(
      `${await legacyUrl()}?version=0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d`,
      { input: {} },
    );
    expect(unknown.status).toBe(404);
  });

  it('checks the input against the schema too', async () => {
    const response = await owner.client.post<Errors>(`/api/v1/workflows/${signupId}/trigger`, {
      input: { name: 'Ada' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error) => error.field)).toEqual(['input.email']);
  });
});
