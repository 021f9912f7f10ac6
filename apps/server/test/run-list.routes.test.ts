import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorker } from '@trellis/engine/testing';
import { waitForRunStatus, type SummaryList } from './run-helpers';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * The runs list, its counts and metrics, over a small history with one run of each kind:
 * completed, failed, running, queued, a DAG, a child run and a run from three days ago.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
let fast: TestWorker;
let slow: TestWorker;
const runs: Record<string, string> = {};
const tasks: Record<string, string> = {};
const workflows: Record<string, string> = {};
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
const dayAgo = new Date(Date.now() - 86_400_000).toISOString();

async function trigger(
  name: string,
  workflowName: string,
  additionalMetadata: Record<string, unknown>,
  parent?: { task: string; run: string },
) {
  const [runId] = await t.engine.trigger(owner.tenantId, [
    {
      workflowName,
      input: { name },
      additionalMetadata,
      ...(parent
        ? { parentTaskExternalId: parent.task, parentRunId: parent.run, childIndex: 0 }
        : {}),
    },
  ]);
  runs[name] = runId!;
  return runId!;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  for (const tenantId of [owner.tenantId, other.tenantId]) {
    for (const name of ['alpha', 'beta', 'idle']) {
      const { workflowId } = await t.engine.putWorkflow(tenantId, {
        name,
        tasks: [{ readableId: name, actionId: `${name}:run` }],
      });
      if (tenantId === owner.tenantId) workflows[name] = workflowId;
    }
    const { workflowId } = await t.engine.putWorkflow(tenantId, {
      name: 'pipeline',
      tasks: [
        { readableId: 'extract', actionId: 'pipeline:extract' },
        { readableId: 'load', actionId: 'pipeline:load', parents: ['extract'] },
      ],
    });
    if (tenantId === owner.tenantId) workflows.pipeline = workflowId;
  }
  fast = await new TestWorker(t.engine, owner.tenantId, 'fast').connect([
    'alpha:run',
    'pipeline:extract',
    'pipeline:load',
  ]);
  slow = await new TestWorker(t.engine, owner.tenantId, 'slow').connect(['beta:run']);

  await trigger('old', 'alpha', { customer: 'acme', env: 'prod' });
  await fast.complete(await fast.start('alpha:run', 1), { ok: 'old' });
  await waitForRunStatus(owner.client, runs.old!, 'COMPLETED');
  // Three days ago: outside the last hour, inside the last week.
  const past = new Date(Date.now() - 3 * 86_400_000);
  await t.db.query('UPDATE workflow_runs SET created_at = $2 WHERE id = $1', [runs.old, past]);
  await t.db.query('UPDATE tasks SET created_at = $2 WHERE run_id = $1', [runs.old, past]);

  await trigger('done', 'alpha', { customer: 'acme', env: 'prod' });
  const done = await fast.start('alpha:run', 2);
  tasks.done = done.taskExternalId;
  await fast.complete(done, { ok: 'done' });

  await trigger('broken', 'alpha', { customer: 'globex', env: 'prod' });
  await fast.fail(await fast.start('alpha:run', 3), 'boom', true);

  await trigger('busy', 'beta', { customer: 'acme', env: 'dev' });
  const busy = await slow.start('beta:run', 1);
  tasks.busy = busy.taskExternalId;
  await slow.report(busy, 'STARTED', '""');

  await trigger('waiting', 'idle', { customer: 'initech' });

  await trigger('dag', 'pipeline', { customer: 'acme', env: 'prod' });
  const extract = await fast.start('pipeline:extract');
  tasks.extract = extract.taskExternalId;
  await trigger(
    'child',
    'alpha',
    { customer: 'acme' },
    { task: extract.taskExternalId, run: runs.dag! },
  );
  await fast.complete(await fast.start('alpha:run', 4), { ok: 'child' });
  await fast.complete(extract, { rows: 2 });
  await fast.complete(await fast.start('pipeline:load'), { loaded: 2 });

  for (const name of ['done', 'child', 'dag'])
    await waitForRunStatus(owner.client, runs[name]!, 'COMPLETED');
  await waitForRunStatus(owner.client, runs.broken!, 'FAILED');
  await waitForRunStatus(owner.client, runs.busy!, 'RUNNING');

  // The other tenant has look-alike runs that must never show.
  await t.engine.trigger(other.tenantId, [
    { workflowName: 'alpha', input: {}, additionalMetadata: { customer: 'acme', env: 'prod' } },
  ]);
});
afterAll(async () => {
  fast.close();
  slow.close();
  await t.close();
});

const base = () => `/api/v1/stable/tenants/${owner.tenantId}`;
const list = (query: string) => owner.client.get<SummaryList>(`${base()}/workflow-runs?${query}`);
const ids = (body: SummaryList) => body.rows.map((row) => row.metadata.id);
const named = (...names: string[]) => names.map((name) => runs[name]);

describe('the runs list', () => {
  it('lists the runs of the window, newest first, with DAG tasks as children', async () => {
    const response = await list(`since=${hourAgo}&only_tasks=false`);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(named('child', 'dag', 'waiting', 'busy', 'broken', 'done'));
    const dag = response.body.rows.find((row) => row.metadata.id === runs.dag)!;
    expect(dag).toMatchObject({ type: 'DAG', displayName: 'pipeline', numSpawnedChildren: 1 });
    expect(dag.children!.map((child) => [child.displayName, child.status])).toEqual([
      ['extract', 'COMPLETED'],
      ['load', 'COMPLETED'],
    ]);
    const done = response.body.rows.find((row) => row.metadata.id === runs.done)!;
    expect(done).toMatchObject({ type: 'TASK', taskExternalId: tasks.done, status: 'COMPLETED' });
    expect(response.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 1 });
  });

  it('lists tasks instead with only_tasks, DAG tasks as rows of their own', async () => {
    const response = await list(`since=${hourAgo}&only_tasks=true`);
    // A DAG's tasks are all created with the run; ties go to the later task.
    expect(response.body.rows.map((row) => row.displayName)).toEqual([
      'alpha',
      'load',
      'extract',
      'idle',
      'beta',
      'alpha',
      'alpha',
    ]);
    expect(response.body.rows.every((row) => row.type === 'TASK' && !row.children)).toBe(true);
    const extract = response.body.rows.find((row) => row.metadata.id === tasks.extract)!;
    expect(extract).toMatchObject({ workflowRunExternalId: runs.dag, numSpawnedChildren: 1 });
  });

  it('bounds the window with since and until', async () => {
    expect(ids((await list(`since=${weekAgo}&only_tasks=false`)).body)).toContain(runs.old);
    const before = await list(`since=${weekAgo}&until=${dayAgo}&only_tasks=false`);
    expect(ids(before.body)).toEqual(named('old'));
    const tasksBefore = await list(`since=${weekAgo}&until=${dayAgo}&only_tasks=true`);
    expect(tasksBefore.body.rows.map((row) => row.workflowRunExternalId)).toEqual(named('old'));
  });

  it('filters by statuses, for runs and for tasks', async () => {
    const failedOrQueued = await list(
      `since=${hourAgo}&only_tasks=false&statuses=FAILED&statuses=QUEUED`,
    );
    expect(ids(failedOrQueued.body)).toEqual(named('waiting', 'broken'));
    const running = await list(`since=${hourAgo}&only_tasks=true&statuses=RUNNING`);
    expect(ids(running.body)).toEqual([tasks.busy]);
  });

  it('filters by workflows', async () => {
    const response = await list(
      `since=${hourAgo}&only_tasks=false&workflow_ids=${workflows.beta}&workflow_ids=${workflows.pipeline}`,
    );
    expect(ids(response.body)).toEqual(named('dag', 'busy'));
    const taskRows = await list(
      `since=${hourAgo}&only_tasks=true&workflow_ids=${workflows.pipeline}`,
    );
    expect(taskRows.body.rows.map((row) => row.displayName)).toEqual(['load', 'extract']);
  });

  it('filters by additional metadata, any pair by default and every pair with AND', async () => {
    const any = await list(
      `since=${hourAgo}&only_tasks=false&additional_metadata=customer:globex&additional_metadata=env:dev`,
    );
    expect(ids(any.body)).toEqual(named('busy', 'broken'));
    const every = await list(
      `since=${hourAgo}&only_tasks=false&additional_metadata=customer:acme&additional_metadata=env:prod&additional_metadata_operator=AND`,
    );
    // The child run inherited env:prod from the DAG run that spawned it.
    expect(ids(every.body)).toEqual(named('child', 'dag', 'done'));
    // A value may itself contain colons; an entry without one is ignored.
    const ignored = await list(`since=${hourAgo}&only_tasks=false&additional_metadata=nonsense`);
    expect(ids(ignored.body)).toHaveLength(6);
    const tasksOf = await list(
      `since=${hourAgo}&only_tasks=true&additional_metadata=customer:initech`,
    );
    expect(tasksOf.body.rows.map((row) => row.displayName)).toEqual(['idle']);
  });

  it('filters by parent task, worker and triggering event', async () => {
    const children = await list(
      `since=${hourAgo}&only_tasks=false&parent_task_external_id=${tasks.extract}`,
    );
    expect(ids(children.body)).toEqual(named('child'));
    expect(children.body.rows[0]!.parentTaskExternalId).toBe(tasks.extract);

    const onSlow = await list(`since=${hourAgo}&only_tasks=true&worker_id=${slow.id}`);
    expect(ids(onSlow.body)).toEqual([tasks.busy]);
    const runsOnSlow = await list(`since=${hourAgo}&only_tasks=false&worker_id=${slow.id}`);
    expect(ids(runsOnSlow.body)).toEqual(named('busy'));

    // No run records a triggering event yet, so none matches.
    const byEvent = await list(
      `since=${hourAgo}&only_tasks=false&triggering_event_external_id=${runs.done}`,
    );
    expect(byEvent.body.rows).toEqual([]);
  });

  it('includes payloads only when asked', async () => {
    const without = await list(`since=${hourAgo}&only_tasks=false&statuses=COMPLETED`);
    for (const row of without.body.rows) {
      expect(row.input).toEqual({});
      expect(row.output).toEqual({});
    }
    const withPayloads = await list(
      `since=${hourAgo}&only_tasks=false&statuses=COMPLETED&include_payloads=true`,
    );
    const done = withPayloads.body.rows.find((row) => row.metadata.id === runs.done)!;
    expect(done).toMatchObject({ input: { name: 'done' }, output: { ok: 'done' } });
    const dag = withPayloads.body.rows.find((row) => row.metadata.id === runs.dag)!;
    expect(dag.output).toEqual({ extract: { rows: 2 }, load: { loaded: 2 } });
  });

  it('pages with offset and limit', async () => {
    const all = ids((await list(`since=${hourAgo}&only_tasks=false`)).body);
    const second = await list(`since=${hourAgo}&only_tasks=false&limit=4&offset=4`);
    expect(ids(second.body)).toEqual(all.slice(4));
    expect(second.body.pagination).toEqual({ current_page: 2, next_page: 3, num_pages: 2 });
    const taskPage = await list(`since=${hourAgo}&only_tasks=true&limit=3&offset=3`);
    expect(taskPage.body.rows).toHaveLength(3);
    expect(taskPage.body.pagination).toEqual({ current_page: 2, next_page: 3, num_pages: 3 });
  });

  it('refuses a missing window, a bad status and an offset past the count cap', async () => {
    for (const [query, field] of [
      ['only_tasks=false', 'since'],
      [`since=${hourAgo}`, 'only_tasks'],
      [`since=${hourAgo}&only_tasks=false&statuses=DONE`, 'statuses.0'],
      [`since=${hourAgo}&only_tasks=false&offset=10001`, 'offset'],
      [`since=yesterday&only_tasks=false`, 'since'],
    ] as const) {
      const response = await owner.client.get<{ errors: { field?: string }[] }>(
        `${base()}/workflow-runs?${query}`,
      );
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0]?.field).toBe(field);
    }
  });
});

describe('names and ids of runs', () => {
  it('names runs after their workflow and tasks after their step, leaving out unknown ids', async () => {
    const response = await owner.client.get<{
      rows: { metadata: { id: string }; displayName: string }[];
    }>(
      `${base()}/workflow-runs/display-names?external_ids=${runs.dag}&external_ids=${tasks.extract}&external_ids=${tasks.done}&external_ids=0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d`,
    );
    expect(response.status).toBe(200);
    const names = Object.fromEntries(
      response.body.rows.map((row) => [row.metadata.id, row.displayName]),
    );
    expect(names).toEqual({
      [runs.dag!]: 'pipeline',
      [tasks.extract!]: 'extract',
      [tasks.done!]: 'alpha',
    });
  });

  it("does not name another tenant's runs", async () => {
    const response = await other.client.get<{ rows: unknown[] }>(
      `/api/v1/stable/tenants/${other.tenantId}/workflow-runs/display-names?external_ids=${runs.dag}`,
    );
    expect(response.body.rows).toEqual([]);
  });

  it('lists the ids of the runs matching a filter', async () => {
    const response = await owner.client.get<string[]>(
      `${base()}/workflow-runs/external-ids?since=${hourAgo}&statuses=COMPLETED&additional_metadata=customer:acme`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual(named('child', 'dag', 'done'));
  });
});

describe('run metrics', () => {
  it('counts runs by status in all five statuses, following the filters', async () => {
    const response = await owner.client.get<{ status: string; count: number }[]>(
      `${base()}/task-metrics?since=${hourAgo}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { status: 'CANCELLED', count: 0 },
      { status: 'COMPLETED', count: 3 },
      { status: 'FAILED', count: 1 },
      { status: 'QUEUED', count: 1 },
      { status: 'RUNNING', count: 1 },
    ]);
    const week = await owner.client.get<{ status: string; count: number }[]>(
      `${base()}/task-metrics?since=${weekAgo}&workflow_ids=${workflows.alpha}&additional_metadata=env:prod`,
    );
    // old, done, and the child run, which inherited env:prod from its parent.
    expect(Object.fromEntries(week.body.map((row) => [row.status, row.count]))).toEqual({
      CANCELLED: 0,
      COMPLETED: 3,
      FAILED: 1,
      QUEUED: 0,
      RUNNING: 0,
    });
    const children = await owner.client.get<{ status: string; count: number }[]>(
      `${base()}/task-metrics?since=${hourAgo}&parent_task_external_id=${tasks.extract}`,
    );
    expect(children.body.find((row) => row.status === 'COMPLETED')?.count).toBe(1);
  });

  it('counts only the runs with a task on a worker, in its own tenant', async () => {
    type Counts = { status: string; count: number }[];
    const counts = (body: Counts) => Object.fromEntries(body.map((row) => [row.status, row.count]));
    const onSlow = await owner.client.get<Counts>(
      `${base()}/task-metrics?since=${hourAgo}&worker_id=${slow.id}`,
    );
    expect(counts(onSlow.body)).toEqual({
      CANCELLED: 0,
      COMPLETED: 0,
      FAILED: 0,
      QUEUED: 0,
      RUNNING: 1,
    });
    // Another tenant naming this worker counts none of its runs.
    const elsewhere = await other.client.get<Counts>(
      `/api/v1/stable/tenants/${other.tenantId}/task-metrics?since=${hourAgo}&worker_id=${slow.id}`,
    );
    expect(elsewhere.body.every((row) => row.count === 0)).toBe(true);
    const bad = await owner.client.get(`${base()}/task-metrics?since=${hourAgo}&worker_id=slow`);
    expect(bad.status).toBe(400);
  });

  it('buckets succeeded and failed runs by creation time, every bucket present', async () => {
    const createdAfter = new Date(Date.now() - 30 * 60_000);
    const finishedBefore = new Date(Date.now() + 60_000);
    const response = await owner.client.get<{
      results: { time: string; SUCCEEDED: number; FAILED: number }[];
    }>(
      `${base()}/task-point-metrics?createdAfter=${createdAfter.toISOString()}&finishedBefore=${finishedBefore.toISOString()}`,
    );
    expect(response.status).toBe(200);
    const { results } = response.body;
    // One-minute buckets from the minute createdAfter falls in to the one finishedBefore does.
    expect(results[0]!.time).toBe(
      new Date(Math.floor(createdAfter.getTime() / 60_000) * 60_000).toISOString(),
    );
    expect(results).toHaveLength(
      Math.floor(finishedBefore.getTime() / 60_000) -
        Math.floor(createdAfter.getTime() / 60_000) +
        1,
    );
    for (const [index, point] of results.entries()) {
      expect(Date.parse(point.time) - Date.parse(results[0]!.time)).toBe(index * 60_000);
    }
    const sum = (key: 'SUCCEEDED' | 'FAILED') => results.reduce((total, p) => total + p[key], 0);
    expect([sum('SUCCEEDED'), sum('FAILED')]).toEqual([3, 1]);
  });

  it('uses coarser buckets for wider ranges and defaults to the last day', async () => {
    const week = await owner.client.get<{ results: { time: string; SUCCEEDED: number }[] }>(
      `${base()}/task-point-metrics?createdAfter=${weekAgo}&finishedBefore=${new Date().toISOString()}`,
    );
    const [first, second] = week.body.results;
    expect(Date.parse(second!.time) - Date.parse(first!.time)).toBe(8 * 3_600_000);
    expect(week.body.results.reduce((total, p) => total + p.SUCCEEDED, 0)).toBe(4);

    const day = await owner.client.get<{ results: { time: string }[] }>(
      `${base()}/task-point-metrics`,
    );
    const [a, b] = day.body.results;
    expect(Date.parse(b!.time) - Date.parse(a!.time)).toBe(30 * 60_000);
  });

  it('refuses a range that ends before it starts', async () => {
    const response = await owner.client.get<{ errors: { field?: string }[] }>(
      `${base()}/task-point-metrics?createdAfter=${new Date().toISOString()}&finishedBefore=${hourAgo}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[0]?.field).toBe('createdAfter');
  });
});

describe('bulk actions by filter', () => {
  it('acts only on the runs with a task on the worker a filter names', async () => {
    // The fast worker has nothing running or queued; the slow one's running run is left alone.
    const response = await owner.client.post<{ ids: string[] }>(`${base()}/tasks/cancel`, {
      filter: { since: hourAgo, statuses: ['RUNNING', 'QUEUED'], workerId: fast.id },
    });
    expect(response.status).toBe(200);
    expect(response.body.ids).toEqual([]);
    const bad = await owner.client.post(`${base()}/tasks/cancel`, {
      filter: { since: hourAgo, workerId: 'fast' },
    });
    expect(bad.status).toBe(400);
  });

  it('cancels the runs matching a filter', async () => {
    const response = await owner.client.post<{ ids: string[] }>(`${base()}/tasks/cancel`, {
      filter: { since: hourAgo, statuses: ['RUNNING', 'QUEUED'], additionalMetadata: ['env:dev'] },
    });
    expect(response.status).toBe(200);
    expect(response.body.ids).toEqual([tasks.busy]);
    await waitForRunStatus(owner.client, runs.busy!, 'CANCELLED');
    expect(
      (await owner.client.get<string>(`/api/v1/stable/workflow-runs/${runs.waiting}/status`)).body,
    ).toBe('QUEUED');
  });
});
