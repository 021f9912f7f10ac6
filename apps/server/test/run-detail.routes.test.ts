import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorker } from '@trellis/engine/testing';
import { waitForRunStatus, type TaskSummary } from './run-helpers';
import { createApiToken, registerOwner, startTestApp, TestClient, type TestApp } from './test-app';

/**
 * Run detail, timings, tasks (by id, by attempt), task events, task logs and the tasks of DAGs,
 * over a DAG run whose first task spawns a child run, and a task that fails once then succeeds.
 */

interface TaskEvent {
  id: number;
  taskId: string;
  eventType: string;
  errorMessage?: string;
  attempt?: number;
  workerId?: string;
}
interface Timing {
  taskExternalId: string;
  taskDisplayName: string;
  depth: number;
  status: string;
  parentTaskExternalId?: string;
  queuedAt?: string;
  startedAt?: string;
  finishedAt?: string;
  workflowRunId?: string;
  retryCount?: number;
  attempt?: number;
  attempts?: {
    attempt: number;
    retryCount: number;
    status: string;
    queuedAt?: string;
    startedAt?: string;
    finishedAt?: string;
    errorMessage?: string;
  }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let worker: TestWorker;
let dagRunId: string;
let childRunId: string;
let grandchildRunId: string;
let flakyRunId: string;
const task: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'pipeline',
    tasks: [
      { readableId: 'extract', actionId: 'pipeline:extract' },
      { readableId: 'load', actionId: 'pipeline:load', parents: ['extract'] },
    ],
  });
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'child',
    tasks: [{ readableId: 'child', actionId: 'child:run' }],
  });
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'flaky',
    tasks: [{ readableId: 'flaky', actionId: 'flaky:run', retries: 1 }],
  });
  worker = await new TestWorker(t.engine, owner.tenantId, 'detail-worker').connect([
    'pipeline:extract',
    'pipeline:load',
    'child:run',
    'flaky:run',
  ]);

  [dagRunId] = (await t.engine.trigger(owner.tenantId, [
    { workflowName: 'pipeline', input: { rows: 2 }, additionalMetadata: { source: 'test' } },
  ])) as [string];
  const extract = await worker.start('pipeline:extract');
  task.extract = extract.taskExternalId;
  [childRunId] = (await t.engine.trigger(owner.tenantId, [
    {
      workflowName: 'child',
      input: {},
      parentTaskExternalId: extract.taskExternalId,
      parentRunId: dagRunId,
      childIndex: 0,
    },
  ])) as [string];
  const child = await worker.start('child:run', 1);
  task.child = child.taskExternalId;
  [grandchildRunId] = (await t.engine.trigger(owner.tenantId, [
    {
      workflowName: 'child',
      input: {},
      parentTaskExternalId: child.taskExternalId,
      parentRunId: childRunId,
      childIndex: 0,
    },
  ])) as [string];
  const grandchild = await worker.start('child:run', 2);
  task.grandchild = grandchild.taskExternalId;
  await worker.complete(grandchild, {});
  await worker.complete(child, {});
  await worker.complete(extract, { rows: 2 });
  const load = await worker.start('pipeline:load');
  task.load = load.taskExternalId;
  await worker.complete(load, { loaded: 2 });
  await waitForRunStatus(owner.client, dagRunId, 'COMPLETED');

  [flakyRunId] = (await t.engine.trigger(owner.tenantId, [
    { workflowName: 'flaky', input: { try: true } },
  ])) as [string];
  const first = await worker.start('flaky:run', 1);
  task.flaky = first.taskExternalId;
  // Lines a second apart, so exclusive time bounds are unambiguous.
  const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
  await t.engine.putLog(owner.tenantId, {
    taskExternalId: first.taskExternalId,
    retryCount: 0,
    createdAt: secondsAgo(3),
    message: 'connecting to the database',
    level: 'INFO',
  });
  await t.engine.putLog(owner.tenantId, {
    taskExternalId: first.taskExternalId,
    retryCount: 0,
    createdAt: secondsAgo(2),
    message: 'database refused the connection',
    level: 'ERROR',
  });
  await worker.fail(first, 'connection refused');
  const second = await worker.start('flaky:run', 2);
  await t.engine.putLog(owner.tenantId, {
    taskExternalId: second.taskExternalId,
    retryCount: 1,
    createdAt: secondsAgo(1),
    message: 'connecting to the database again',
    level: 'INFO',
  });
  await worker.complete(second, { connected: true });
  await waitForRunStatus(owner.client, flakyRunId, 'COMPLETED');
});
afterAll(async () => {
  worker.close();
  await t.close();
});

describe('a run', () => {
  it('shows its details with the workflow config', async () => {
    const response = await owner.client.get<{
      run: { status: string; input: unknown; additionalMetadata: unknown; duration?: number };
      tasks: TaskSummary[];
      taskEvents: TaskEvent[];
      shape: { taskName: string; taskExternalId: string }[];
      workflowConfig: { name: string };
    }>(`/api/v1/stable/workflow-runs/${dagRunId}`);
    expect(response.status).toBe(200);
    expect(response.body.run).toMatchObject({
      status: 'COMPLETED',
      input: { rows: 2 },
      additionalMetadata: { source: 'test' },
    });
    expect(response.body.run.duration).toBeGreaterThanOrEqual(0);
    expect(response.body.workflowConfig.name).toBe('pipeline');
    expect(response.body.tasks.find((row) => row.displayName === 'extract')).toMatchObject({
      numSpawnedChildren: 1,
      output: { rows: 2 },
    });
    expect(response.body.shape.map((step) => [step.taskName, step.taskExternalId])).toEqual([
      ['extract', task.extract],
      ['load', task.load],
    ]);
  });

  it('answers its status as a bare JSON string', async () => {
    const response = await owner.client.get(`/api/v1/stable/workflow-runs/${dagRunId}/status`);
    expect(response.raw.headers['content-type']).toMatch(/application\/json/);
    expect(response.raw.body).toBe('"COMPLETED"');
  });

  it('lists every event of its tasks, newest first, failures with their error', async () => {
    const dag = await owner.client.get<{ rows: TaskEvent[] }>(
      `/api/v1/stable/workflow-runs/${dagRunId}/task-events`,
    );
    expect(dag.status).toBe(200);
    const eventIds = dag.body.rows.map((event) => event.id);
    expect(eventIds).toEqual([...eventIds].sort((a, b) => b - a));
    expect(new Set(dag.body.rows.map((event) => event.taskId))).toEqual(
      new Set([task.extract, task.load]),
    );
    const flaky = await owner.client.get<{ rows: TaskEvent[] }>(
      `/api/v1/stable/workflow-runs/${flakyRunId}/task-events`,
    );
    // Every failed attempt is recorded, a retried one too: FAILED with its error, then RETRYING.
    const failed = flaky.body.rows.find((event) => event.eventType === 'FAILED')!;
    expect(failed.errorMessage).toContain('connection refused');
    expect(failed.attempt).toBe(1);
    const retrying = flaky.body.rows.find((event) => event.eventType === 'RETRYING')!;
    expect(retrying.attempt).toBe(1);
    expect(retrying.errorMessage).toBeUndefined();
    expect(retrying.id).toBeGreaterThan(failed.id);
  });

  it('times its tasks, descending into child runs as deep as asked', async () => {
    const shallow = await owner.client.get<{ rows: Timing[] }>(
      `/api/v1/stable/workflow-runs/${dagRunId}/task-timings`,
    );
    expect(shallow.status).toBe(200);
    expect(shallow.body.rows.map((row) => [row.taskDisplayName, row.depth])).toEqual([
      ['extract', 0],
      ['load', 0],
    ]);
    for (const row of shallow.body.rows) {
      expect(row.status).toBe('COMPLETED');
      expect(Date.parse(row.queuedAt!)).toBeLessThanOrEqual(Date.parse(row.startedAt!));
      expect(Date.parse(row.startedAt!)).toBeLessThanOrEqual(Date.parse(row.finishedAt!));
    }

    const deep = await owner.client.get<{ rows: Timing[] }>(
      `/api/v1/stable/workflow-runs/${dagRunId}/task-timings?depth=2`,
    );
    // Depth first: each task is followed by the tasks of the runs it spawned.
    expect(deep.body.rows.map((row) => [row.taskExternalId, row.depth])).toEqual([
      [task.extract, 0],
      [task.child, 1],
      [task.grandchild, 2],
      [task.load, 0],
    ]);
    expect(deep.body.rows[1]).toMatchObject({
      parentTaskExternalId: task.extract,
      workflowRunId: childRunId,
    });
    expect(deep.body.rows[2]).toMatchObject({ workflowRunId: grandchildRunId });

    const one = await owner.client.get<{ rows: Timing[] }>(
      `/api/v1/stable/workflow-runs/${dagRunId}/task-timings?depth=1`,
    );
    expect(one.body.rows.map((row) => row.taskExternalId)).toEqual([
      task.extract,
      task.child,
      task.load,
    ]);

    // A task that ran once has one attempt, the one the row's own fields describe.
    expect(one.body.rows[0]!.attempts).toEqual([
      {
        attempt: 1,
        retryCount: 0,
        status: 'COMPLETED',
        queuedAt: one.body.rows[0]!.queuedAt,
        startedAt: one.body.rows[0]!.startedAt,
        finishedAt: one.body.rows[0]!.finishedAt,
      },
    ]);

    const tooDeep = await owner.client.get<{ errors: { description: string }[] }>(
      `/api/v1/stable/workflow-runs/${dagRunId}/task-timings?depth=11`,
    );
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.errors[0]!.description).toContain('depth must be less than or equal to 10');
  });

  it('times each attempt of a retried task, the failed one with its error', async () => {
    const response = await owner.client.get<{ rows: Timing[] }>(
      `/api/v1/stable/workflow-runs/${flakyRunId}/task-timings`,
    );
    expect(response.status).toBe(200);
    const [row] = response.body.rows;
    // The reference fields still describe the current attempt.
    expect(row).toMatchObject({ status: 'COMPLETED', retryCount: 1, attempt: 2 });
    const [first, second] = row!.attempts!;
    expect(row!.attempts).toHaveLength(2);
    expect(first).toMatchObject({ attempt: 1, retryCount: 0, status: 'FAILED' });
    expect(first!.errorMessage).toContain('connection refused');
    expect(second).toMatchObject({ attempt: 2, retryCount: 1, status: 'COMPLETED' });
    expect(second!.errorMessage).toBeUndefined();
    expect(second!.queuedAt).toBe(row!.queuedAt);
    expect(second!.finishedAt).toBe(row!.finishedAt);
    // Each attempt was queued, then started, then ended, and the retry came after the failure.
    for (const attempt of [first!, second!]) {
      expect(Date.parse(attempt.queuedAt!)).toBeLessThanOrEqual(Date.parse(attempt.startedAt!));
      expect(Date.parse(attempt.startedAt!)).toBeLessThanOrEqual(Date.parse(attempt.finishedAt!));
    }
    expect(Date.parse(first!.finishedAt!)).toBeLessThanOrEqual(Date.parse(second!.queuedAt!));
  });
});

describe('a task', () => {
  it('shows its latest attempt with input, output and workflow config', async () => {
    const response = await owner.client.get<TaskSummary>(`/api/v1/stable/tasks/${task.flaky}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'COMPLETED',
      input: { try: true },
      output: { connected: true },
      retryCount: 1,
      attempt: 2,
      workflowRunExternalId: flakyRunId,
      workflowConfig: expect.objectContaining({ name: 'flaky' }),
    });
  });

  it("is found by a standalone task's run id too", async () => {
    const response = await owner.client.get<TaskSummary>(`/api/v1/stable/tasks/${flakyRunId}`);
    expect(response.status).toBe(200);
    expect(response.body.taskExternalId).toBe(task.flaky);
  });

  it('shows an earlier attempt as it ended', async () => {
    const first = await owner.client.get<TaskSummary>(
      `/api/v1/stable/tasks/${task.flaky}?attempt=1`,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'FAILED', attempt: 1, retryCount: 0, output: {} });
    expect(first.body.errorMessage).toContain('connection refused');
    expect(first.body.startedAt).toBeDefined();
    expect(first.body.finishedAt).toBeDefined();
    const latest = await owner.client.get<TaskSummary>(
      `/api/v1/stable/tasks/${task.flaky}?attempt=2`,
    );
    expect(latest.body).toMatchObject({ status: 'COMPLETED', output: { connected: true } });
    for (const attempt of [0, 3]) {
      const refused = await owner.client.get<{ errors: { field?: string }[] }>(
        `/api/v1/stable/tasks/${task.flaky}?attempt=${attempt}`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]?.field).toBe('attempt');
    }
  });

  it('keeps the output of a completed attempt that a replay replaced', async () => {
    const [runId] = (await t.engine.trigger(owner.tenantId, [
      { workflowName: 'flaky', input: { try: 'replay' } },
    ])) as [string];
    const first = await worker.start('flaky:run', 3);
    await worker.complete(first, { version: 1 });
    await waitForRunStatus(owner.client, runId, 'COMPLETED');
    await t.engine.replay(owner.tenantId, [first.taskExternalId]);
    const second = await worker.start('flaky:run', 4);
    await worker.complete(second, { version: 2 });
    await waitForRunStatus(owner.client, runId, 'COMPLETED');
    const replaced = await owner.client.get<TaskSummary & { outputKept?: boolean }>(
      `/api/v1/stable/tasks/${first.taskExternalId}?attempt=1`,
    );
    expect(replaced.body).toMatchObject({
      status: 'COMPLETED',
      output: { version: 1 },
      outputKept: true,
    });
    const latest = await owner.client.get<TaskSummary>(
      `/api/v1/stable/tasks/${first.taskExternalId}`,
    );
    expect(latest.body).toMatchObject({ attempt: 2, output: { version: 2 } });
    // A failed attempt has no output to keep.
    const failed = await owner.client.get<TaskSummary & { outputKept?: boolean }>(
      `/api/v1/stable/tasks/${task.flaky}?attempt=1`,
    );
    expect(failed.body).toMatchObject({ output: {}, outputKept: false });
  });

  it('lists its activity: the first event of each type per attempt, newest first', async () => {
    const response = await owner.client.get<{ rows: TaskEvent[]; pagination: object }>(
      `/api/v1/stable/tasks/${task.flaky}/task-events?limit=100`,
    );
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({});
    const seen = response.body.rows.map((event) => `${event.attempt}:${event.eventType}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(
      expect.arrayContaining(['1:STARTED', '1:FAILED', '1:RETRYING', '2:STARTED', '2:FINISHED']),
    );
    expect(seen[0]).toBe('2:FINISHED');
    const page = await owner.client.get<{ rows: TaskEvent[] }>(
      `/api/v1/stable/tasks/${task.flaky}/task-events?limit=2&offset=1`,
    );
    expect(page.body.rows.map((event) => event.id)).toEqual(
      response.body.rows.slice(1, 3).map((event) => event.id),
    );
  });

  it('reads its logs by attempt, level and text, in either order', async () => {
    const url = `/api/v1/stable/tasks/${task.flaky}/logs`;
    const messages = async (query: string) =>
      (await owner.client.get<{ rows: { message: string }[] }>(`${url}?${query}`)).body.rows.map(
        (row) => row.message,
      );
    expect(await messages('')).toEqual([
      'connecting to the database',
      'database refused the connection',
      'connecting to the database again',
    ]);
    expect(await messages('attempt=2')).toEqual(['connecting to the database again']);
    expect(await messages('levels=ERROR&levels=WARN')).toEqual(['database refused the connection']);
    expect(await messages('search=AGAIN')).toEqual(['connecting to the database again']);
    expect(await messages('search=%25')).toEqual([]);
    expect(await messages('order_by_direction=DESC&limit=2')).toEqual([
      'connecting to the database again',
      'database refused the connection',
    ]);
    const all = await owner.client.get<{ rows: { createdAt: string; attempt: number }[] }>(url);
    expect(all.body.rows.map((row) => row.attempt)).toEqual([1, 1, 2]);
    // `since` is exclusive: paging forward from the last line seen.
    expect(await messages(`since=${all.body.rows[1]!.createdAt}`)).toEqual([
      'connecting to the database again',
    ]);
    expect(await messages(`until=${all.body.rows[1]!.createdAt}`)).toEqual([
      'connecting to the database',
    ]);
  });
});

describe('the tasks of DAG runs', () => {
  const url = () =>
    `/api/v1/stable/dags/tasks?tenant=${owner.tenantId}&dag_ids=${dagRunId}&dag_ids=${flakyRunId}`;

  it('lists each DAG with its tasks, without payloads', async () => {
    const response = await owner.client.get<{ dagId: string; children: TaskSummary[] }[]>(url());
    expect(response.status).toBe(200);
    expect(response.body.map((dag) => dag.dagId)).toEqual([dagRunId]);
    expect(response.body[0]!.children.map((child) => child.displayName)).toEqual([
      'extract',
      'load',
    ]);
    expect(response.body[0]!.children[0]!.output).toEqual({});
  });

  it('refuses a user who is not a member of the tenant, and API tokens', async () => {
    const stranger = await registerOwner(t.app);
    expect((await stranger.client.get(url())).status).toBe(401);
    const bearer = new TestClient(t.app);
    bearer.bearer = await createApiToken(owner);
    expect((await bearer.get(url())).status).toBe(403);
  });
});
