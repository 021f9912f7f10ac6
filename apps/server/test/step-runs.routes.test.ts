import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorker } from '@trellis/engine/testing';
import { waitForRunStatus } from './run-helpers';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

interface StepRun {
  metadata: { id: string };
  jobRunId: string;
  status: string;
  input?: string;
  output?: string;
  error?: string;
  workerId?: string;
  startedAt?: string;
  startedAtEpoch?: number;
  finishedAt?: string;
  finishedAtEpoch?: number;
  timeoutAt?: string;
  cancelledAt?: string;
  cancelledAtEpoch?: number;
  step?: { readableId: string; action: string; parents: string[]; children: string[] };
}
interface Page<T> {
  rows: T[];
  pagination: { current_page: number; next_page: number; num_pages: number };
}
interface StepRunEvent {
  id: number;
  reason: string;
  severity: string;
  message: string;
  stepRunId: string;
}
interface Archive {
  stepRunId: string;
  order: number;
  retryCount: number;
  input?: string;
  output?: string;
  error?: string;
  startedAt?: string;
  finishedAt?: string;
}
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let worker: TestWorker;

const stepRunPath = (id: string) => `/api/v1/tenants/${owner.tenantId}/step-runs/${id}`;
const getStepRun = async (id: string) => (await owner.client.get<StepRun>(stepRunPath(id))).body;

/** The external ids of a run's tasks, in step order. */
async function tasksOf(runId: string): Promise<string[]> {
  const run = await t.engine.getRunDetails(owner.tenantId, runId);
  return run.tasks.map((task) => task.externalId);
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'pipeline',
    inputJsonSchema: { type: 'object', properties: { rows: { type: 'number' } } },
    tasks: [
      { readableId: 'extract', actionId: 'pipeline:extract', retries: 1 },
      { readableId: 'load', actionId: 'pipeline:load', parents: ['extract'] },
    ],
  });
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'unserved',
    tasks: [{ readableId: 'wait', actionId: 'unserved:wait' }],
  });
  worker = await new TestWorker(t.engine, owner.tenantId, 'step-worker').connect([
    'pipeline:extract',
    'pipeline:load',
  ]);
});
afterAll(async () => {
  worker.close();
  await t.close();
});

describe('a task as a step run', () => {
  let runId: string;
  let extract: string;
  let load: string;

  beforeAll(async () => {
    [runId] = (await t.engine.trigger(owner.tenantId, [
      { workflowName: 'pipeline', input: { rows: 3 } },
    ])) as [string];
    [extract, load] = (await tasksOf(runId)) as [string, string];
  });

  it('tells waiting for its parents from waiting for a worker, and shows its step', async () => {
    const first = await worker.start('pipeline:extract');
    const pending = await getStepRun(load);
    expect(pending.status).toBe('PENDING');
    expect(pending.step).toMatchObject({
      readableId: 'load',
      action: 'pipeline:load',
      parents: ['extract'],
      children: [],
    });
    // The first attempt fails and is retried: the task keeps its failure in its archive.
    await worker.fail(first, 'first try failed');
    await worker.complete(await worker.start('pipeline:extract', 2), { extracted: 3 });
    await worker.complete(await worker.start('pipeline:load'), { loaded: 3 });
    await waitForRunStatus(owner.client, runId, 'COMPLETED');

    const done = await getStepRun(extract);
    expect(done).toMatchObject({ status: 'SUCCEEDED', jobRunId: runId });
    expect(JSON.parse(done.input!)).toEqual({ rows: 3 });
    expect(JSON.parse(done.output!)).toEqual({ extracted: 3 });
    expect(done.startedAtEpoch).toBe(Date.parse(done.startedAt!));
    expect(done.finishedAtEpoch).toBe(Date.parse(done.finishedAt!));
    expect(done.workerId).toBeDefined();
    expect(done.cancelledAt).toBeUndefined();
    expect(done.step?.children).toEqual(['load']);
  });

  it('answers the JSON schema of its input', async () => {
    const schema = await owner.client.get(`${stepRunPath(extract)}/schema`);
    expect(schema.status).toBe(200);
    expect(schema.body).toEqual({ type: 'object', properties: { rows: { type: 'number' } } });
  });

  it('lists its events newest first, with pages', async () => {
    const path = `/api/v1/step-runs/${extract}/events`;
    const all = await owner.client.get<Page<StepRunEvent>>(path);
    expect(all.status).toBe(200);
    const ids = all.body.rows.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const failed = all.body.rows.find((event) => event.reason === 'FAILED')!;
    expect(failed).toMatchObject({ severity: 'CRITICAL', stepRunId: extract });
    expect(failed.message).toContain('first try failed');
    expect(all.body.rows[0]!.reason).toBe('FINISHED');

    const second = await owner.client.get<Page<StepRunEvent>>(`${path}?offset=2&limit=2`);
    expect(second.body.rows.map((event) => event.id)).toEqual(ids.slice(2, 4));
    expect(second.body.pagination).toEqual({
      current_page: 2,
      next_page: 3,
      num_pages: Math.ceil(ids.length / 2),
    });
  });

  it('archives its earlier attempts as they ended', async () => {
    const archives = await owner.client.get<Page<Archive>>(`/api/v1/step-runs/${extract}/archives`);
    expect(archives.status).toBe(200);
    expect(archives.body.rows).toHaveLength(1);
    expect(archives.body.rows[0]).toMatchObject({
      stepRunId: extract,
      order: 0,
      retryCount: 0,
      error: 'first try failed',
    });
    expect(archives.body.rows[0]!.output).toBeUndefined();
    expect(archives.body.pagination).toEqual({ current_page: 1, next_page: 1, num_pages: 1 });
    const none = await owner.client.get<Page<Archive>>(`/api/v1/step-runs/${load}/archives`);
    expect(none.body.rows).toEqual([]);
  });

  it('reruns with the input it ran with, keeping the replaced output in its archive', async () => {
    const before = await databaseSnapshot(t.db);
    const changed = await owner.client.post<Errors>(`${stepRunPath(load)}/rerun`, {
      input: { rows: 4 },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors[0]!.field).toBe('input');
    expect(await databaseSnapshot(t.db)).toEqual(before);

    const rerun = await owner.client.post<StepRun>(`${stepRunPath(load)}/rerun`, {
      input: { rows: 3 },
    });
    expect(rerun.status).toBe(200);
    expect(['PENDING_ASSIGNMENT', 'ASSIGNED']).toContain(rerun.body.status);
    const running = await worker.start('pipeline:load', 2);
    const again = await owner.client.post<Errors>(`${stepRunPath(load)}/rerun`, {
      input: { rows: 3 },
    });
    expect(again.status).toBe(400);
    await worker.complete(running, { loaded: 4 });
    await waitForRunStatus(owner.client, runId, 'COMPLETED');

    expect(JSON.parse((await getStepRun(load)).output!)).toEqual({ loaded: 4 });
    const archives = await owner.client.get<Page<Archive>>(`/api/v1/step-runs/${load}/archives`);
    expect(archives.body.rows).toHaveLength(1);
    expect(JSON.parse(archives.body.rows[0]!.output!)).toEqual({ loaded: 3 });
    expect(JSON.parse(archives.body.rows[0]!.input!)).toEqual({ rows: 3 });
  });
});

describe('cancelling a step run', () => {
  it('cancels a queued one and answers with it cancelled', async () => {
    const [runId] = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'unserved', input: { n: 1 } },
    ]);
    const [task] = await tasksOf(runId!);
    expect((await getStepRun(task!)).status).toBe('PENDING_ASSIGNMENT');
    const response = await owner.client.post<StepRun>(`${stepRunPath(task!)}/cancel`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('CANCELLED');
    expect(response.body.cancelledAtEpoch).toBe(Date.parse(response.body.cancelledAt!));
    await waitForRunStatus(owner.client, runId!, 'CANCELLED');
    // The schema of a version that declares none is an empty object.
    const schema = await owner.client.get(`${stepRunPath(task!)}/schema`);
    expect(schema.body).toEqual({});
  });
});

describe('a step run’s log lines', () => {
  let task: string;
  const logs = (query = '') =>
    owner.client.get<Page<{ createdAt: string; message: string; metadata: object }>>(
      `/api/v1/step-runs/${task}/logs${query}`,
    );

  beforeAll(async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'chatty',
      tasks: [{ readableId: 'talk', actionId: 'chatty:talk' }],
    });
    const talker = await new TestWorker(t.engine, owner.tenantId, 'talker').connect([
      'chatty:talk',
    ]);
    const [runId] = await t.engine.trigger(owner.tenantId, [{ workflowName: 'chatty', input: {} }]);
    const action = await talker.start('chatty:talk');
    task = action.taskExternalId;
    await talker.report(action, 'STARTED', '""');
    const at = Date.now();
    for (const [n, level] of ['INFO', 'WARN', 'INFO', 'ERROR'].entries()) {
      await t.engine.putLog(owner.tenantId, {
        taskExternalId: task,
        message: `line ${n} ${level.toLowerCase()}`,
        level,
        metadata: { n },
        createdAt: new Date(at + n),
      });
    }
    await talker.report(action, 'COMPLETED', '{}');
    await waitForRunStatus(owner.client, runId!, 'COMPLETED');
    talker.close();
  });

  it('lists them oldest first with their metadata, every attempt', async () => {
    const all = await logs();
    expect(all.status).toBe(200);
    expect(all.body.rows.map((line) => line.message)).toEqual([
      'line 0 info',
      'line 1 warn',
      'line 2 info',
      'line 3 error',
    ]);
    expect(all.body.rows[1]!.metadata).toEqual({ n: 1 });
    expect(all.body.pagination).toEqual({ current_page: 1, next_page: 1, num_pages: 1 });
  });

  it('filters by level and text, orders and pages', async () => {
    const messages = async (query: string) => (await logs(query)).body.rows.map((l) => l.message);
    expect(await messages('?levels=INFO')).toEqual(['line 0 info', 'line 2 info']);
    expect(await messages('?levels=WARN&levels=ERROR')).toEqual(['line 1 warn', 'line 3 error']);
    expect(await messages('?search=ERR')).toEqual(['line 3 error']);
    expect(await messages('?orderByDirection=desc&limit=2')).toEqual([
      'line 3 error',
      'line 2 info',
    ]);
    const page = await logs('?offset=2&limit=2');
    expect(page.body.rows.map((line) => line.message)).toEqual(['line 2 info', 'line 3 error']);
    expect(page.body.pagination).toEqual({ current_page: 2, next_page: 2, num_pages: 2 });
    for (const bad of ['?levels=LOUD', '?orderByDirection=DESC', '?limit=1001', '?offset=-1']) {
      expect((await logs(bad)).status, bad).toBe(400);
    }
  });
});

describe('step runs of another tenant', () => {
  it('are refused to a member of this one, who changes nothing', async () => {
    const other = await registerOwner(t.app);
    await t.engine.putWorkflow(other.tenantId, {
      name: 'theirs',
      tasks: [{ readableId: 'wait', actionId: 'theirs:wait' }],
    });
    const [runId] = await t.engine.trigger(other.tenantId, [{ workflowName: 'theirs', input: {} }]);
    const [theirTask] = (await t.engine.getRunDetails(other.tenantId, runId!)).tasks;
    const before = await databaseSnapshot(t.db);
    const read = await owner.client.get(`/api/v1/step-runs/${theirTask!.externalId}/events`);
    expect(read.status).toBe(401);
    const cancel = await owner.client.post(`${stepRunPath(theirTask!.externalId)}/cancel`);
    expect(cancel.status).toBe(403);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });
});
