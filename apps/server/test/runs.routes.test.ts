import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorker } from '@trellis/engine/testing';
import { waitForRunStatus } from './run-helpers';
import { registerOwner, startTestApp, TestClient, type TestApp } from './test-app';

interface TaskSummary {
  metadata: { id: string };
  type: 'DAG' | 'TASK';
  status: string;
  displayName: string;
  taskExternalId: string;
  workflowRunExternalId: string;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  children?: TaskSummary[];
  additionalMetadata?: Record<string, unknown>;
  errorMessage?: string;
}
interface SummaryList {
  rows: TaskSummary[];
  pagination: { current_page: number; next_page: number; num_pages: number };
}
interface RunDetails {
  run: {
    metadata: { id: string };
    status: string;
    input: Record<string, unknown>;
    output: Record<string, unknown>;
  };
  tasks: TaskSummary[];
  taskEvents: { eventType: string; taskId: string }[];
  shape: { taskName: string; stepId: string; childrenStepIds: string[]; taskExternalId: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let worker: TestWorker;
const since = new Date(Date.now() - 3_600_000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'greet',
    tasks: [{ readableId: 'greet', actionId: 'greet:greet' }],
  });
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'pipeline',
    tasks: [
      { readableId: 'extract', actionId: 'pipeline:extract' },
      { readableId: 'load', actionId: 'pipeline:load', parents: ['extract'] },
    ],
  });
  worker = await new TestWorker(t.engine, owner.tenantId, 'rest-worker').connect([
    'greet:greet',
    'pipeline:extract',
    'pipeline:load',
  ]);
});
afterAll(async () => {
  worker.close();
  await t.close();
});

const base = () => `/api/v1/stable/tenants/${owner.tenantId}`;

describe('workflow runs over REST', () => {
  it('shows a DAG run with its tasks, events and shape once it completes', async () => {
    const [runId] = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'pipeline', input: { rows: 3 }, additionalMetadata: { customer: 'acme' } },
    ]);
    await worker.complete(await worker.start('pipeline:extract'), { extracted: 3 });
    await worker.complete(await worker.start('pipeline:load'), { loaded: 3 });
    await waitForRunStatus(owner.client, runId!, 'COMPLETED');

    const details = await owner.client.get<RunDetails>(`/api/v1/stable/workflow-runs/${runId}`);
    expect(details.status).toBe(200);
    expect(details.body.run).toMatchObject({ status: 'COMPLETED', input: { rows: 3 } });
    expect(details.body.run.output).toEqual({ extract: { extracted: 3 }, load: { loaded: 3 } });
    expect(details.body.tasks.map((task) => task.displayName)).toEqual(['extract', 'load']);
    const extract = details.body.shape.find((step) => step.taskName === 'extract')!;
    const load = details.body.shape.find((step) => step.taskName === 'load')!;
    expect(extract.childrenStepIds).toEqual([load.stepId]);
    const types = details.body.taskEvents.map((event) => event.eventType);
    for (const type of ['QUEUED', 'ASSIGNED', 'STARTED', 'FINISHED']) expect(types).toContain(type);

    const list = await owner.client.get<SummaryList>(
      `${base()}/workflow-runs?since=${since}&only_tasks=false&additional_metadata=customer:acme`,
    );
    expect(list.status).toBe(200);
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({
      type: 'DAG',
      status: 'COMPLETED',
      displayName: 'pipeline',
    });
    expect(list.body.rows[0]!.children?.map((child) => child.displayName)).toEqual([
      'extract',
      'load',
    ]);
    // Payloads only when asked for.
    expect(list.body.rows[0]!.input).toEqual({});
  });

  it('lists tasks and filters by status, with pagination', async () => {
    const runIds = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'greet', input: { name: 'a' } },
      { workflowName: 'greet', input: { name: 'b' } },
      { workflowName: 'greet', input: { name: 'c' } },
    ]);
    for (let n = 1; n <= 3; n++) {
      const action = await worker.start('greet:greet', n);
      if (n === 3) await worker.fail(action, 'boom', true);
      else await worker.complete(action, { ok: n });
    }
    await waitForRunStatus(owner.client, runIds[2]!, 'FAILED');
    const failed = await owner.client.get<SummaryList>(
      `${base()}/workflow-runs?since=${since}&only_tasks=true&statuses=FAILED&include_payloads=true`,
    );
    expect(failed.body.rows).toHaveLength(1);
    expect(failed.body.rows[0]).toMatchObject({
      type: 'TASK',
      status: 'FAILED',
      input: { name: 'c' },
    });
    expect(failed.body.rows[0]!.errorMessage).toContain('boom');

    const page = await owner.client.get<SummaryList>(
      `${base()}/workflow-runs?since=${since}&only_tasks=false&statuses=COMPLETED&statuses=FAILED&limit=2`,
    );
    expect(page.body.rows).toHaveLength(2);
    expect(page.body.pagination).toMatchObject({ current_page: 1, num_pages: 2 });
  });

  it('cancels by run id and replays by filter', async () => {
    const [runId] = await t.engine.trigger(owner.tenantId, [
      { workflowName: 'greet', input: { name: 'slow' } },
    ]);
    const running = await worker.start('greet:greet', 4);
    await worker.report(running, 'STARTED', '""');
    const cancelled = await owner.client.post<{ ids: string[] }>(`${base()}/tasks/cancel`, {
      externalIds: [runId],
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ids).toEqual([running.taskExternalId]);
    await waitForRunStatus(owner.client, runId!, 'CANCELLED');
    await worker.waitFor(
      (action) => action.kind === 'CANCEL' && action.taskExternalId === running.taskExternalId,
    );

    const replayed = await owner.client.post<{ ids: string[] }>(`${base()}/tasks/replay`, {
      filter: { since, statuses: ['CANCELLED'] },
    });
    expect(replayed.body.ids).toEqual([running.taskExternalId]);
    const again = await worker.start('greet:greet', 5);
    expect(again.taskExternalId).toBe(running.taskExternalId);
    await worker.complete(again, { ok: 'replayed' });
    await waitForRunStatus(owner.client, runId!, 'COMPLETED');
  });

  it('reads a task log over REST', async () => {
    const [runId] = await t.engine.trigger(owner.tenantId, [{ workflowName: 'greet', input: {} }]);
    const action = await worker.start('greet:greet', 6);
    await t.engine.putLog(owner.tenantId, {
      taskExternalId: action.taskExternalId,
      message: 'first line',
      level: 'INFO',
    });
    await t.engine.putLog(owner.tenantId, {
      taskExternalId: action.taskExternalId,
      message: 'second line',
      level: 'WARN',
    });
    await worker.complete(action, {});
    await waitForRunStatus(owner.client, runId!, 'COMPLETED');
    const logs = await owner.client.get<{
      rows: { message: string; level?: string; attempt?: number }[];
    }>(`/api/v1/stable/tasks/${action.taskExternalId}/logs`);
    expect(logs.body.rows.map((row) => [row.message, row.level, row.attempt])).toEqual([
      ['first line', 'INFO', 1],
      ['second line', 'WARN', 1],
    ]);
  });
});

describe('workers and workflows over REST', () => {
  it('lists the worker with its slots and pauses it', async () => {
    const list = await owner.client.get<{
      rows: {
        metadata: { id: string };
        name: string;
        status: string;
        actions: string[];
        slotConfig: Record<string, { limit: number }>;
      }[];
    }>(`/api/v1/tenants/${owner.tenantId}/worker`);
    const row = list.body.rows.find((candidate) => candidate.name === 'rest-worker')!;
    expect(row).toMatchObject({ status: 'ACTIVE', slotConfig: { default: { limit: 10 } } });
    expect(row.actions.sort()).toEqual(['greet:greet', 'pipeline:extract', 'pipeline:load']);

    const paused = await owner.client.patch<{ status: string }>(
      `/api/v1/workers/${row.metadata.id}`,
      { isPaused: true },
    );
    expect(paused.body.status).toBe('PAUSED');
    const detail = await owner.client.get<{
      status: string;
      registeredWorkflows: { name: string }[];
      recentStepRuns: unknown[];
    }>(`/api/v1/workers/${row.metadata.id}`);
    expect(detail.body.status).toBe('PAUSED');
    expect(detail.body.registeredWorkflows.map((workflow) => workflow.name)).toEqual([
      'greet',
      'pipeline',
    ]);
    expect(detail.body.recentStepRuns.length).toBeGreaterThan(0);
    await owner.client.patch(`/api/v1/workers/${row.metadata.id}`, { isPaused: false });
  });

  it('lists workflows by name and shows a version with its tasks', async () => {
    const all = await owner.client.get<{ rows: { name: string; metadata: { id: string } }[] }>(
      `/api/v1/tenants/${owner.tenantId}/workflows`,
    );
    expect(all.body.rows.map((row) => row.name)).toEqual(['greet', 'pipeline']);
    const filtered = await owner.client.get<{ rows: { name: string; metadata: { id: string } }[] }>(
      `/api/v1/tenants/${owner.tenantId}/workflows?name=PIPE`,
    );
    expect(filtered.body.rows.map((row) => row.name)).toEqual(['pipeline']);
    const id = filtered.body.rows[0]!.metadata.id;
    const workflow = await owner.client.get<{ versions: { order: number }[] }>(
      `/api/v1/workflows/${id}`,
    );
    expect(workflow.body.versions[0]?.order).toBe(1);
    const version = await owner.client.get<{
      jobs: { steps: { readableId: string; parents: string[]; children: string[] }[] }[];
    }>(`/api/v1/workflows/${id}/versions`);
    expect(version.body.jobs[0]?.steps).toEqual([
      expect.objectContaining({ readableId: 'extract', parents: [], children: ['load'] }),
      expect.objectContaining({ readableId: 'load', parents: ['extract'], children: [] }),
    ]);
  });

  it('pauses and unpauses a workflow in either request form', async () => {
    const list = await owner.client.get<{ rows: { name: string; metadata: { id: string } }[] }>(
      `/api/v1/tenants/${owner.tenantId}/workflows?name=greet`,
    );
    const id = list.body.rows[0]!.metadata.id;
    const paused = await owner.client.patch<{ isPaused: boolean }>(`/api/v1/workflows/${id}`, {
      isPaused: true,
    });
    expect(paused.body.isPaused).toBe(true);
    expect(
      (await owner.client.get<{ isPaused: boolean }>(`/api/v1/workflows/${id}`)).body.isPaused,
    ).toBe(true);
    const resumed = await owner.client.patch<{ isPaused: boolean }>(`/api/v1/workflows/${id}`, {
      pause: { action: 'unpause' },
    });
    expect(resumed.body.isPaused).toBe(false);
    const empty = await owner.client.patch<{ errors: unknown[] }>(`/api/v1/workflows/${id}`, {});
    expect(empty.status).toBe(400);
  });

  it('deletes a workflow: it leaves the list, its runs stay readable, new runs are refused', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'doomed',
      tasks: [{ readableId: 'doomed', actionId: 'doomed:doomed' }],
    });
    const [runId] = await t.engine.trigger(owner.tenantId, [{ workflowName: 'doomed', input: {} }]);
    const list = await owner.client.get<{ rows: { name: string; metadata: { id: string } }[] }>(
      `/api/v1/tenants/${owner.tenantId}/workflows?name=doomed`,
    );
    const id = list.body.rows[0]!.metadata.id;
    expect((await owner.client.delete(`/api/v1/workflows/${id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/v1/workflows/${id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/v1/stable/workflow-runs/${runId}`)).status).toBe(200);
    await expect(
      t.engine.trigger(owner.tenantId, [{ workflowName: 'doomed', input: {} }]),
    ).rejects.toThrow(/does not exist/);
    expect((await owner.client.delete(`/api/v1/workflows/${id}`)).status).toBe(404);
  });

  it('answers the tenant with version V1 to an API token, as the SDK checks at start', async () => {
    const bearer = new TestClient(t.app);
    const token = await owner.client.post<{ token: string }>(
      `/api/v1/tenants/${owner.tenantId}/api-tokens`,
      { name: 'sdk' },
    );
    bearer.bearer = token.body.token;
    const tenant = await bearer.get<{ version: string }>(`/api/v1/tenants/${owner.tenantId}`);
    expect(tenant.body.version).toBe('V1');
  });
});
