import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorker } from '@trellis/engine/testing';
import { waitForRunStatus } from './run-helpers';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

interface StepRun {
  metadata: { id: string };
  jobRunId: string;
  stepId: string;
  status: string;
  input?: string;
  output?: string;
  parents?: string[];
}
interface WorkflowRun {
  metadata: { id: string };
  status: string;
  displayName?: string;
  input?: Record<string, unknown>;
  additionalMetadata?: Record<string, unknown>;
  triggeredBy: { metadata: { id: string }; eventId?: string; parentWorkflowRunId?: string };
  workflowVersion?: {
    metadata: { id: string };
    order: number;
    workflow?: { name: string };
    jobs?: { steps: { metadata: { id: string }; readableId: string; children: string[] }[] }[];
  };
  jobRuns?: { metadata: { id: string }; status: string; jobId: string; stepRuns: StepRun[] }[];
  duration?: number;
  workflowId?: string;
}
interface RunList {
  rows: WorkflowRun[];
  pagination: { current_page: number; next_page: number; num_pages: number };
}
interface StepRunEvent {
  id: number;
  reason: string;
  severity: string;
  stepRunId: string;
  workflowRunId: string;
  count: number;
}
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let worker: TestWorker;
let pipelineRun: string;
let greetRuns: string[];
let durableRun: string;

const tenantPath = () => `/api/v1/tenants/${owner.tenantId}`;

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
    name: 'greet',
    tasks: [{ readableId: 'greet', actionId: 'greet:greet' }],
  });
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'durable-greet',
    tasks: [{ readableId: 'greet', actionId: 'durable-greet:greet', isDurable: true }],
  });
  // No worker serves these: their runs stay queued.
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'unserved',
    tasks: [{ readableId: 'wait', actionId: 'unserved:wait' }],
  });
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'grouped',
    concurrency: [{ expression: 'input.group', maxRuns: 1, strategy: 'GROUP_ROUND_ROBIN' }],
    tasks: [{ readableId: 'work', actionId: 'grouped:work' }],
  });
  worker = await new TestWorker(t.engine, owner.tenantId, 'legacy-worker').connect([
    'pipeline:extract',
    'pipeline:load',
    'greet:greet',
  ]);

  [pipelineRun] = (await t.engine.trigger(owner.tenantId, [
    { workflowName: 'pipeline', input: { rows: 3 }, additionalMetadata: { customer: 'acme' } },
  ])) as [string];
  await worker.complete(await worker.start('pipeline:extract'), { extracted: 3 });
  await worker.complete(await worker.start('pipeline:load'), { loaded: 3 });
  await waitForRunStatus(owner.client, pipelineRun, 'COMPLETED');

  // One at a time, so that their creation times order them.
  greetRuns = [
    ...(await t.engine.trigger(owner.tenantId, [
      { workflowName: 'greet', input: { name: 'a' }, additionalMetadata: { customer: 'acme' } },
    ])),
    ...(await t.engine.trigger(owner.tenantId, [{ workflowName: 'greet', input: { name: 'b' } }])),
  ];
  await worker.complete(await worker.start('greet:greet', 1), { hello: 'a' });
  await worker.fail(await worker.start('greet:greet', 2), 'no b', true);
  await waitForRunStatus(owner.client, greetRuns[0]!, 'COMPLETED');
  await waitForRunStatus(owner.client, greetRuns[1]!, 'FAILED');
  // No worker serves it: it stays queued.
  [durableRun] = (await t.engine.trigger(owner.tenantId, [
    { workflowName: 'durable-greet', input: {} },
  ])) as [string];
});
afterAll(async () => {
  worker.close();
  await t.close();
});

describe('a workflow run in the older shape', () => {
  it('has one job run whose step runs are its tasks', async () => {
    const response = await owner.client.get<WorkflowRun>(
      `${tenantPath()}/workflow-runs/${pipelineRun}`,
    );
    expect(response.status).toBe(200);
    const run = response.body;
    expect(run).toMatchObject({
      metadata: { id: pipelineRun },
      status: 'SUCCEEDED',
      displayName: 'pipeline',
      input: { rows: 3 },
      additionalMetadata: { customer: 'acme' },
      triggeredBy: { metadata: { id: pipelineRun } },
      workflowVersion: { order: 1, workflow: { name: 'pipeline' } },
    });
    expect(run.duration).toBeGreaterThanOrEqual(0);
    expect(run.jobRuns).toHaveLength(1);
    const [jobRun] = run.jobRuns!;
    expect(jobRun).toMatchObject({ metadata: { id: pipelineRun }, status: 'SUCCEEDED' });
    expect(jobRun!.jobId).toBe(run.workflowVersion!.metadata.id);
    const [extract, load] = jobRun!.stepRuns;
    expect(jobRun!.stepRuns.map((step) => step.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(JSON.parse(extract!.output!)).toEqual({ extracted: 3 });
    expect(JSON.parse(load!.input!)).toEqual({ rows: 3 });
    expect(load!.parents).toEqual([extract!.metadata.id]);
    expect(extract!.parents).toEqual([]);
    expect(extract!.jobRunId).toBe(pipelineRun);
  });

  it('has a shape: its version’s job and steps, matched by its step runs', async () => {
    const response = await owner.client.get<WorkflowRun>(
      `${tenantPath()}/workflow-runs/${pipelineRun}/shape`,
    );
    expect(response.status).toBe(200);
    const steps = response.body.workflowVersion!.jobs![0]!.steps;
    expect(steps.map((step) => [step.readableId, step.children])).toEqual([
      ['extract', ['load']],
      ['load', []],
    ]);
    const stepRuns = response.body.jobRuns![0]!.stepRuns;
    expect(stepRuns.map((stepRun) => stepRun.stepId)).toEqual(
      steps.map((step) => step.metadata.id),
    );
    const workflows = await owner.client.get<{
      rows: { metadata: { id: string }; name: string }[];
    }>(`${tenantPath()}/workflows`);
    const pipeline = workflows.body.rows.find((row) => row.name === 'pipeline')!;
    expect(response.body.workflowId).toBe(pipeline.metadata.id);
  });

  it('answers its input as a bare object', async () => {
    const response = await owner.client.get(`${tenantPath()}/workflow-runs/${pipelineRun}/input`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ rows: 3 });
  });

  it('lists its step-run events oldest first, after the last id seen', async () => {
    const path = `${tenantPath()}/workflow-runs/${pipelineRun}/step-run-events`;
    const all = await owner.client.get<{ rows: StepRunEvent[] }>(path);
    expect(all.status).toBe(200);
    const ids = all.body.rows.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const reasons = all.body.rows.map((event) => event.reason);
    expect(reasons.filter((reason) => reason === 'FINISHED')).toHaveLength(2);
    expect(reasons).toContain('STARTED');
    // Events the older API has no reason for are left out.
    expect(reasons).not.toContain('QUEUED');
    for (const event of all.body.rows) {
      expect(event).toMatchObject({ workflowRunId: pipelineRun, count: 1, severity: 'INFO' });
    }
    const after = await owner.client.get<{ rows: StepRunEvent[] }>(`${path}?lastId=${ids.at(-2)}`);
    expect(after.body.rows.map((event) => event.id)).toEqual([ids.at(-1)]);
    const none = await owner.client.get<{ rows: StepRunEvent[] }>(`${path}?lastId=${ids.at(-1)}`);
    expect(none.body.rows).toEqual([]);
  });

  it('answers 404 for a run it does not have', async () => {
    const response = await owner.client.get(
      `${tenantPath()}/workflow-runs/0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d`,
    );
    expect(response.status).toBe(404);
  });
});

describe('the runs list and its metrics', () => {
  const list = (query = '') => owner.client.get<RunList>(`${tenantPath()}/workflows/runs${query}`);

  it('lists the day’s runs, newest first, in the older statuses', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row) => row.metadata.id)).toEqual([
      durableRun,
      greetRuns[1],
      greetRuns[0],
      pipelineRun,
    ]);
    expect(response.body.rows.map((row) => row.status)).toEqual([
      'QUEUED',
      'FAILED',
      'SUCCEEDED',
      'SUCCEEDED',
    ]);
    // Lists carry no payloads, and no job runs.
    expect(response.body.rows[1]!.input).toBeUndefined();
    expect(response.body.rows[1]!.jobRuns).toBeUndefined();
    expect(response.body.pagination).toEqual({ current_page: 1, next_page: 1, num_pages: 1 });
  });

  it('filters by status, kind, metadata, workflow and windows', async () => {
    const ids = async (query: string) => (await list(query)).body.rows.map((r) => r.metadata.id);
    expect(await ids('?statuses=FAILED')).toEqual([greetRuns[1]]);
    expect(await ids('?statuses=SUCCEEDED&statuses=FAILED')).toHaveLength(3);
    // A Trellis run is never PENDING.
    expect(await ids('?statuses=PENDING')).toEqual([]);
    expect(await ids('?kinds=DAG')).toEqual([pipelineRun]);
    expect(await ids('?kinds=FUNCTION')).toEqual([greetRuns[1], greetRuns[0]]);
    expect(await ids('?kinds=DURABLE')).toEqual([durableRun]);
    expect(await ids('?kinds=DAG&kinds=DURABLE')).toEqual([durableRun, pipelineRun]);
    expect(await ids('?additionalMetadata=customer:acme')).toEqual([greetRuns[0], pipelineRun]);
    const shape = await owner.client.get<WorkflowRun>(
      `${tenantPath()}/workflow-runs/${pipelineRun}/shape`,
    );
    expect(await ids(`?workflowId=${shape.body.workflowId}`)).toEqual([pipelineRun]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await ids(`?createdAfter=${future}`)).toEqual([]);
    expect(await ids(`?finishedBefore=${new Date(0).toISOString()}`)).toEqual([]);
    // The queued run has not finished.
    expect(await ids(`?finishedAfter=${new Date(0).toISOString()}`)).toHaveLength(3);
  });

  it('orders and pages', async () => {
    const ascending = await list('?orderByField=createdAt&orderByDirection=ASC');
    expect(ascending.body.rows.map((row) => row.metadata.id)).toEqual([
      pipelineRun,
      greetRuns[0],
      greetRuns[1],
      durableRun,
    ]);
    const byDuration = await list('?orderByField=duration&orderByDirection=DESC');
    // A run without a duration comes last.
    expect(byDuration.body.rows.at(-1)!.metadata.id).toBe(durableRun);
    const durations = byDuration.body.rows.slice(0, 3).map((row) => row.duration!);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    const second = await list('?orderByDirection=ASC&offset=1&limit=1');
    expect(second.body.rows.map((row) => row.metadata.id)).toEqual([greetRuns[0]]);
    expect(second.body.pagination).toEqual({ current_page: 2, next_page: 3, num_pages: 4 });
  });

  it('refuses malformed filters in the error shape', async () => {
    for (const query of [
      '?additionalMetadata=a:b:c',
      '?statuses=DONE',
      '?kinds=TASK',
      '?orderByField=name',
      '?createdAfter=yesterday',
      // PostgreSQL has no year 0.
      '?createdAfter=0000-06-01T00:00:00Z',
      '?limit=0',
    ]) {
      const response = await owner.client.get<Errors>(`${tenantPath()}/workflows/runs${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0]!.description, query).toBeTypeOf('string');
    }
  });

  it('counts runs per status with the same filters', async () => {
    const metrics = await owner.client.get<{ counts: Record<string, number> }>(
      `${tenantPath()}/workflows/runs/metrics`,
    );
    expect(metrics.status).toBe(200);
    expect(metrics.body.counts).toEqual({
      PENDING: 0,
      QUEUED: 1,
      RUNNING: 0,
      SUCCEEDED: 2,
      FAILED: 1,
      CANCELLED: 0,
    });
    const acme = await owner.client.get<{ counts: Record<string, number> }>(
      `${tenantPath()}/workflows/runs/metrics?additionalMetadata=customer:acme`,
    );
    expect(acme.body.counts.SUCCEEDED).toBe(2);
    expect(acme.body.counts.FAILED).toBe(0);
  });
});

describe('cancelling and replaying runs by id', () => {
  it('cancels the runs named that have tasks left, and only the tenant’s', async () => {
    const [waiting] = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'unserved', input: {} },
    ]);
    const other = await registerOwner(t.app);
    const refused = await other.client.post<{ workflowRunIds: string[] }>(
      `/api/v1/tenants/${other.tenantId}/workflows/cancel`,
      { workflowRunIds: [waiting] },
    );
    expect(refused.status).toBe(200);
    expect(refused.body.workflowRunIds).toEqual([]);

    const response = await owner.client.post<{ workflowRunIds: string[] }>(
      `${tenantPath()}/workflows/cancel`,
      { workflowRunIds: [waiting, pipelineRun] },
    );
    expect(response.status).toBe(200);
    // The finished pipeline had nothing to cancel.
    expect(response.body.workflowRunIds).toEqual([waiting]);
    await waitForRunStatus(owner.client, waiting!, 'CANCELLED');
    const run = await owner.client.get<WorkflowRun>(`${tenantPath()}/workflow-runs/${waiting}`);
    expect(run.body.status).toBe('CANCELLED');
    expect(run.body.jobRuns![0]!.status).toBe('CANCELLED');
  });

  it('replays finished runs and answers with them', async () => {
    const response = await owner.client.post<{ workflowRuns: WorkflowRun[] }>(
      `${tenantPath()}/workflow-runs/replay`,
      { workflowRunIds: [greetRuns[1]] },
    );
    expect(response.status).toBe(200);
    expect(response.body.workflowRuns.map((run) => run.metadata.id)).toEqual([greetRuns[1]]);
    expect(['QUEUED', 'RUNNING']).toContain(response.body.workflowRuns[0]!.status);
    await worker.complete(await worker.start('greet:greet', 3), { hello: 'b' });
    await waitForRunStatus(owner.client, greetRuns[1]!, 'COMPLETED');
  });

  it('refuses too many ids or no ids, changing nothing', async () => {
    const before = await databaseSnapshot(t.db);
    const many = Array.from({ length: 501 }, () => greetRuns[0]);
    for (const body of [{ workflowRunIds: [] }, { workflowRunIds: many }, { ids: greetRuns }]) {
      for (const path of ['workflow-runs/replay', 'workflows/cancel']) {
        const response = await owner.client.post<Errors>(`${tenantPath()}/${path}`, body);
        expect(response.status).toBe(400);
        expect(response.body.errors[0]!.field).toBe('workflowRunIds');
      }
    }
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });
});

describe('a workflow’s concurrency metrics', () => {
  it('counts the keys its live runs hold', async () => {
    const runIds = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'grouped', input: { group: 'a' } },
      { workflowName: 'grouped', input: { group: 'a' } },
      { workflowName: 'grouped', input: { group: 'b' } },
    ]);
    const shape = await owner.client.get<WorkflowRun>(
      `${tenantPath()}/workflow-runs/${runIds[0]}/shape`,
    );
    const path = `/api/v1/workflows/${shape.body.workflowId}/metrics`;
    const live = await owner.client.get<{ groupKeyCount: number; groupKeyRunsCount: number }>(path);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ groupKeyCount: 2, groupKeyRunsCount: 3 });
    const a = await owner.client.get(`${path}?groupKey=a`);
    expect(a.body).toEqual({ groupKeyCount: 2, groupKeyRunsCount: 2 });
    const succeeded = await owner.client.get(`${path}?status=SUCCEEDED`);
    expect(succeeded.body).toEqual({ groupKeyCount: 0, groupKeyRunsCount: 0 });
    const bad = await owner.client.get<Errors>(`${path}?status=DONE`);
    expect(bad.status).toBe(400);
  });
});

describe('child runs', () => {
  it('are listed by their parent run or task, and name them', async () => {
    const parent = await owner.client.get<WorkflowRun>(
      `${tenantPath()}/workflow-runs/${pipelineRun}`,
    );
    const extractTask = parent.body.jobRuns![0]!.stepRuns[0]!.metadata.id;
    const [child] = await t.engine.trigger(owner.tenantId, [
      {
        workflowName: 'unserved',
        input: {},
        parentTaskExternalId: extractTask,
        parentRunId: pipelineRun,
        childIndex: 0,
      },
    ]);
    const ids = async (query: string) =>
      (await owner.client.get<RunList>(`${tenantPath()}/workflows/runs?${query}`)).body.rows.map(
        (row) => row.metadata.id,
      );
    expect(await ids(`parentWorkflowRunId=${pipelineRun}`)).toEqual([child]);
    expect(await ids(`parentStepRunId=${extractTask}`)).toEqual([child]);
    expect(await ids(`parentWorkflowRunId=${greetRuns[0]}`)).toEqual([]);
    const run = await owner.client.get<
      WorkflowRun & { parentId?: string; parentStepRunId?: string }
    >(`${tenantPath()}/workflow-runs/${child}`);
    expect(run.body).toMatchObject({
      parentId: pipelineRun,
      parentStepRunId: extractTask,
      triggeredBy: { parentWorkflowRunId: pipelineRun },
    });
    const metrics = await owner.client.get<{ counts: Record<string, number> }>(
      `${tenantPath()}/workflows/runs/metrics?parentWorkflowRunId=${pipelineRun}`,
    );
    expect(metrics.body.counts.QUEUED).toBe(1);
    const step = await owner.client.get<{ childWorkflowsCount: number }>(
      `${tenantPath()}/step-runs/${extractTask}`,
    );
    expect(step.body.childWorkflowsCount).toBe(1);
  });
});

describe('runs an event started', () => {
  it('are listed by the event and name it', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'on-order',
      eventTriggers: ['order:placed'],
      tasks: [{ readableId: 'handle', actionId: 'on-order:handle' }],
    });
    const [eventId] = await t.engine.pushEvents(owner.tenantId, [
      { key: 'order:placed', payload: { id: 7 } },
    ]);
    const list = await owner.client.get<RunList>(
      `${tenantPath()}/workflows/runs?eventId=${eventId}`,
    );
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({
      displayName: 'on-order',
      triggeredBy: { eventId },
    });
  });
});
