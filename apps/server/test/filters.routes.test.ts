import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseSnapshot,
  registerOwner,
  registerUser,
  startTestApp,
  type TestApp,
} from './test-app';

/**
 * Event filters over REST: what each write answers and refuses, the list's filters and pages,
 * and that the engine routes the next events with the filters as written.
 */

interface V1Filter {
  metadata: { id: string; createdAt: string; updatedAt: string };
  tenantId: string;
  workflowId: string;
  scope: string;
  expression: string;
  payload: Record<string, unknown>;
  isDeclarative?: boolean;
}
interface V1FilterList {
  rows: V1Filter[];
  pagination: { current_page: number; next_page: number; num_pages: number };
}
interface Errors {
  errors: { description: string; field?: string }[];
}
interface V1Event {
  triggeredRuns: { workflowRunId: string; filterId?: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
const workflows: Record<string, string> = {};
let otherWorkflow: string;

const base = () => `/api/v1/stable/tenants/${owner.tenantId}/filters`;
const create = (body: Record<string, unknown>) => owner.client.post<V1Filter>(base(), body);
const ids = (body: V1FilterList) => body.rows.map((row) => row.metadata.id);

/** Pushes an event and answers the runs it triggered. */
async function triggeredBy(key: string, scope: string, payload: Record<string, unknown>) {
  const [id] = await t.engine.pushEvents(owner.tenantId, [{ key, payload, scope }]);
  const event = await owner.client.get<V1Event>(
    `/api/v1/stable/tenants/${owner.tenantId}/events/${id}`,
  );
  return event.body.triggeredRuns;
}

/** Sends a write that must be refused with 400 and leave the database as it was. */
async function expectRefused(send: () => Promise<{ status: number; body: unknown }>) {
  const before = await databaseSnapshot(t.db);
  const response = await send();
  expect(response.status).toBe(400);
  expect(await databaseSnapshot(t.db)).toEqual(before);
  return (response.body as Errors).errors;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  for (const name of ['notify', 'digest', 'retired']) {
    const { workflowId } = await t.engine.putWorkflow(owner.tenantId, {
      name,
      eventTriggers: [`${name}:*`],
      tasks: [{ readableId: name, actionId: `${name}:run` }],
    });
    workflows[name] = workflowId;
  }
  await t.engine.deleteWorkflow(owner.tenantId, workflows.retired!);
  ({ workflowId: otherWorkflow } = await t.engine.putWorkflow(other.tenantId, {
    name: 'notify',
    tasks: [{ readableId: 'notify', actionId: 'notify:run' }],
  }));
});
afterAll(async () => t.close());

describe('filters', () => {
  let high: V1Filter;

  it('creates a filter, and the next events of its scope run only when it holds', async () => {
    const response = await create({
      workflowId: workflows.notify,
      scope: 'customer-1',
      expression: "input.level == 'high' && payload.channel == 'pager'",
      payload: { channel: 'pager' },
    });
    expect(response.status).toBe(200);
    high = response.body;
    expect(high).toMatchObject({
      tenantId: owner.tenantId,
      workflowId: workflows.notify,
      scope: 'customer-1',
      payload: { channel: 'pager' },
      isDeclarative: false,
    });

    expect(await triggeredBy('notify:alert', 'customer-1', { level: 'high' })).toEqual([
      { workflowRunId: expect.any(String), filterId: high.metadata.id },
    ]);
    expect(await triggeredBy('notify:alert', 'customer-1', { level: 'low' })).toEqual([]);
  });

  it('gives a payload of {} when none is sent', async () => {
    const response = await create({ workflowId: workflows.digest, scope: 's', expression: 'true' });
    expect(response.status).toBe(200);
    expect(response.body.payload).toEqual({});
  });

  it('refuses a workflow that is unknown, deleted or of another tenant on workflowId', async () => {
    for (const workflowId of [randomUUID(), workflows.retired, otherWorkflow]) {
      const errors = await expectRefused(() =>
        create({ workflowId, scope: 's', expression: 'true' }),
      );
      expect(errors).toEqual([
        { field: 'workflowId', description: `workflow ${workflowId} does not exist` },
      ]);
    }
  });

  it('refuses an expression that does not compile on expression, with the evaluator’s message', async () => {
    for (const [expression, message] of [
      ['input.level ==', /.+/],
      ['event.key == "x"', /undeclared reference to 'event'/],
    ] as const) {
      const errors = await expectRefused(() =>
        create({ workflowId: workflows.notify, scope: 's', expression }),
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]!.field).toBe('expression');
      expect(errors[0]!.description).toMatch(message);
    }
  });

  it('names every refused field at once', async () => {
    const errors = await expectRefused(() =>
      create({ workflowId: workflows.retired, scope: 's', expression: '((' }),
    );
    expect(errors.map((error) => error.field)).toEqual(['workflowId', 'expression']);
  });

  it('refuses a second filter with the same workflow, scope and expression', async () => {
    const errors = await expectRefused(() =>
      create({
        workflowId: workflows.notify,
        scope: high.scope,
        expression: high.expression,
        payload: { other: true },
      }),
    );
    expect(errors[0]!.description).toMatch(/already has a filter with this scope and expression/);
  });

  it('answers a filter, and 404 for an unknown one', async () => {
    const response = await owner.client.get<V1Filter>(`${base()}/${high.metadata.id}`);
    expect(response.body).toEqual(high);
    expect((await owner.client.get(`${base()}/${randomUUID()}`)).status).toBe(404);
  });

  it('changes only the fields sent, and the engine routes with the change', async () => {
    const payloadOnly = await owner.client.patch<V1Filter>(`${base()}/${high.metadata.id}`, {
      payload: { channel: 'email' },
    });
    expect(payloadOnly.status).toBe(200);
    expect(payloadOnly.body).toMatchObject({
      expression: high.expression,
      scope: 'customer-1',
      payload: { channel: 'email' },
    });
    // The expression wants channel pager: with the new payload nothing runs.
    expect(await triggeredBy('notify:alert', 'customer-1', { level: 'high' })).toEqual([]);

    const changed = await owner.client.patch<V1Filter>(`${base()}/${high.metadata.id}`, {
      expression: "input.level == 'low'",
      scope: 'customer-2',
    });
    expect(changed.body).toMatchObject({
      expression: "input.level == 'low'",
      scope: 'customer-2',
      payload: { channel: 'email' },
    });
    expect(await triggeredBy('notify:alert', 'customer-2', { level: 'low' })).toHaveLength(1);
    high = changed.body;
  });

  it('answers the filter unchanged for an empty change', async () => {
    const response = await owner.client.patch<V1Filter>(`${base()}/${high.metadata.id}`, {});
    expect(response.body).toEqual(high);
  });

  it('refuses a change whose expression does not compile or that duplicates another filter', async () => {
    const url = `${base()}/${high.metadata.id}`;
    const bad = await expectRefused(() => owner.client.patch(url, { expression: '((' }));
    expect(bad[0]!.field).toBe('expression');
    const twin = await create({ workflowId: workflows.notify, scope: 'twin', expression: 'true' });
    const duplicate = await expectRefused(() =>
      owner.client.patch(url, { scope: 'twin', expression: 'true' }),
    );
    expect(duplicate[0]!.description).toMatch(/already has a filter/);
    await owner.client.delete(`${base()}/${twin.body.metadata.id}`);
  });

  it('deletes a filter, answering it; its workflow then runs for every event again', async () => {
    const deleted = await owner.client.delete<V1Filter>(`${base()}/${high.metadata.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(high);
    expect((await owner.client.get(`${base()}/${high.metadata.id}`)).status).toBe(404);
    expect((await owner.client.delete(`${base()}/${high.metadata.id}`)).status).toBe(404);
    // Without filters the workflow runs once for any event whose key matches.
    expect(await triggeredBy('notify:alert', 'customer-2', { level: 'high' })).toEqual([
      { workflowRunId: expect.any(String) },
    ]);
  });
});

describe('the filters list', () => {
  const made: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, workflow, scope] of [
      ['a', 'notify', 'red'],
      ['b', 'digest', 'red'],
      ['c', 'notify', 'blue'],
    ] as const) {
      const response = await create({
        workflowId: workflows[workflow],
        scope,
        expression: `input.name == '${name}'`,
      });
      made[name] = response.body.metadata.id;
    }
  });

  const list = (query: string) => owner.client.get<V1FilterList>(`${base()}?${query}`);
  const named = (...names: string[]) => names.map((name) => made[name]);

  it('lists newest first, filtered by workflows and scopes', async () => {
    const all = await list('');
    expect(ids(all.body).slice(0, 3)).toEqual(named('c', 'b', 'a'));
    expect(ids((await list(`workflowIds=${workflows.notify}&scopes=red`)).body)).toEqual(
      named('a'),
    );
    expect(ids((await list('scopes=red&scopes=blue')).body)).toEqual(named('c', 'b', 'a'));
    expect(ids((await list(`workflowIds=${otherWorkflow}`)).body)).toEqual([]);
  });

  it('pages with a 0-based current page, as the reference does', async () => {
    const second = await list('scopes=red&scopes=blue&limit=1&offset=1');
    expect(ids(second.body)).toEqual(named('b'));
    expect(second.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 3 });
    const first = await list('scopes=red&scopes=blue&limit=2');
    expect(first.body.pagination).toEqual({ current_page: 0, next_page: 1, num_pages: 2 });
  });

  it('never shows another tenant’s filters', async () => {
    const theirs = await other.client.get<V1FilterList>(
      `/api/v1/stable/tenants/${other.tenantId}/filters`,
    );
    expect(theirs.body.rows).toEqual([]);
  });
});

describe('roles', () => {
  it('lets a viewer read filters and debug expressions, but not write filters', async () => {
    const viewer = await registerUser(t.app);
    const invite = await owner.client.post<{ metadata: { id: string } }>(
      `/api/v1/tenants/${owner.tenantId}/invites`,
      { email: viewer.email, role: 'VIEWER' },
    );
    await viewer.client.post('/api/v1/users/invites/accept', { invite: invite.body.metadata.id });

    expect((await viewer.client.get(base())).status).toBe(200);
    const debug = await viewer.client.post(`/api/v1/stable/tenants/${owner.tenantId}/cel/debug`, {
      expression: 'true',
      input: {},
    });
    expect(debug.body).toEqual({ status: 'SUCCESS', output: true });
    const before = await databaseSnapshot(t.db);
    const refused = await viewer.client.post(base(), {
      workflowId: workflows.notify,
      scope: 'viewer',
      expression: 'true',
    });
    expect(refused.status).toBe(401);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });
});
