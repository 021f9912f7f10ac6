import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignedActionData } from '@trellis/engine';
import { TestWorker } from '@trellis/engine/testing';
import type {
  V1DurableEventLogEntry,
  V1TaskSummary,
  V1WorkflowRunDetails,
} from '@trellis/api-contract';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * What the REST API says of task conditions and durable tasks: a task's conditions and its
 * gate on the run's shape, skipped and evicted tasks on the runs list and the task. The rows
 * the engine writes for them (a step's conditions, a task's gate, `skipped`, `evicted_at`) are
 * written here directly, so that each read is checked against exactly what is stored.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let worker: TestWorker;
let durableWorker: TestWorker;
let runId: string;
let payAction: AssignedActionData;
const task: Record<string, string> = {};

const CONDITIONS = [
  {
    kind: 'PARENT',
    action: 'SKIP',
    orGroup: 'g0',
    key: 'parent-received',
    parent: 'received',
    expression: 'output.amount > 100',
  },
  { kind: 'SLEEP', action: 'QUEUE', orGroup: 'g1', key: 'timeout', sleepMs: 90_000 },
  {
    kind: 'EVENT',
    action: 'QUEUE',
    orGroup: 'g1',
    key: 'confirmed',
    eventKey: 'order:confirmed',
    expression: '',
    scope: null,
    since: null,
  },
];

const WAITING_SINCE = new Date('2030-01-02T03:04:05.000Z');
const SLEEP_ENDS = new Date('2030-01-02T03:05:35.000Z');

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'checkout',
    tasks: [
      { readableId: 'received', actionId: 'checkout:received' },
      { readableId: 'fraud-check', actionId: 'checkout:fraud-check' },
      { readableId: 'pay', actionId: 'checkout:pay', isDurable: true },
      { readableId: 'confirm', actionId: 'checkout:confirm', parents: ['received'] },
    ],
  });
  // No worker serves `confirm`: it stays queued, as a gated task waits.
  worker = await new TestWorker(t.engine, owner.tenantId, 'conditions-worker').connect([
    'checkout:received',
    'checkout:fraud-check',
  ]);
  durableWorker = await new TestWorker(t.engine, owner.tenantId, 'durable-worker').connect(
    ['checkout:pay'],
    10,
    'durable',
  );
  [runId] = (await t.engine.trigger(owner.tenantId, [
    { workflowName: 'checkout', input: { amount: 50 } },
  ])) as [string];

  const received = await worker.start('checkout:received');
  await worker.complete(received, { amount: 50 });
  const fraudCheck = await worker.start('checkout:fraud-check');
  await worker.complete(fraudCheck, { skipped: true });
  payAction = await durableWorker.start('checkout:pay');
  await durableWorker.report(payAction, 'STARTED', '""');
  task.pay = payAction.taskExternalId;
  task.fraudCheck = fraudCheck.taskExternalId;

  await t.db.query(`UPDATE tasks SET skipped = true WHERE external_id = $1`, [
    fraudCheck.taskExternalId,
  ]);
  await t.db.query(`UPDATE tasks SET evicted_at = now() WHERE external_id = $1`, [task.pay]);
  // Once `confirm` exists, so that the engine has no conditions of its own to act on.
  const confirm = await waitForTask('confirm');
  task.confirm = confirm;
  await t.db.query(
    `UPDATE workflow_steps SET conditions = $1::jsonb
     WHERE readable_id = 'confirm' AND tenant_id = $2`,
    [JSON.stringify(CONDITIONS), owner.tenantId],
  );
  await t.db.query(
    `INSERT INTO durable_nodes (task_id, tenant_id, branch_id, node_id, kind, invocation_count,
       visited_by, conditions, met, due_at, created_at)
     SELECT id, tenant_id, 0, 0, 'GATE', 0, 0, $2::jsonb, '{}', $3, $4
     FROM tasks WHERE external_id = $1`,
    [confirm, JSON.stringify(CONDITIONS), SLEEP_ENDS, WAITING_SINCE],
  );
});

afterAll(async () => {
  worker.close();
  durableWorker.close();
  await t.close();
});

/** The run's task for a step once it exists (its parents are done). */
async function waitForTask(step: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const shape = (await details()).shape.find((item) => item.taskName === step);
    if (shape && !shape.taskExternalId.startsWith('00000000')) return shape.taskExternalId;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the task of ${step} was never created`);
}

async function details(): Promise<V1WorkflowRunDetails> {
  const response = await owner.client.get<V1WorkflowRunDetails>(
    `/api/v1/stable/workflow-runs/${runId}`,
  );
  expect(response.status).toBe(200);
  return response.body;
}

const shapeOf = async (step: string) =>
  (await details()).shape.find((item) => item.taskName === step)!;

describe('task conditions on the run shape', () => {
  it('lists a step’s conditions and its open gate: since when, the next sleep’s end', async () => {
    const confirm = await shapeOf('confirm');
    expect(confirm.conditions).toEqual([
      {
        action: 'SKIP',
        kind: 'PARENT',
        orGroupId: 'g0',
        readableDataKey: 'parent-received',
        parentReadableId: 'received',
        expression: 'output.amount > 100',
        met: false,
      },
      {
        action: 'QUEUE',
        kind: 'SLEEP',
        orGroupId: 'g1',
        readableDataKey: 'timeout',
        sleepFor: '1m30s',
        met: false,
      },
      {
        action: 'QUEUE',
        kind: 'USER_EVENT',
        orGroupId: 'g1',
        readableDataKey: 'confirmed',
        eventKey: 'order:confirmed',
        met: false,
      },
    ]);
    expect(confirm.gate).toEqual({
      waitingSince: WAITING_SINCE.toISOString(),
      nextSleepAt: SLEEP_ENDS.toISOString(),
    });
    // Steps without conditions say nothing of them.
    const received = await shapeOf('received');
    expect(received).not.toHaveProperty('conditions');
    expect(received).not.toHaveProperty('gate');
  });

  it('marks the conditions met and gives the decision once the gate is decided', async () => {
    const decidedAt = new Date('2030-01-02T03:04:09.000Z');
    await t.db.query(
      `UPDATE durable_nodes SET met = $2::jsonb, satisfied_at = $3, result = $4::jsonb
       WHERE task_id = (SELECT id FROM tasks WHERE external_id = $1) AND kind = 'GATE'`,
      [
        task.confirm,
        JSON.stringify({ 2: { ok: true } }),
        decidedAt,
        JSON.stringify({ action: 'QUEUE' }),
      ],
    );
    const confirm = await shapeOf('confirm');
    expect(confirm.conditions?.map((condition) => condition.met)).toEqual([false, false, true]);
    expect(confirm.gate).toEqual({
      waitingSince: WAITING_SINCE.toISOString(),
      decidedAt: decidedAt.toISOString(),
      decision: 'QUEUE',
    });
  });

  it('leaves the gate out of the task’s durable event log', async () => {
    const response = await owner.client.get<V1DurableEventLogEntry[]>(
      `/api/v1/stable/tenants/${owner.tenantId}/durable-tasks/${task.confirm}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });
});

describe('skipped, durable and evicted tasks', () => {
  const byName = (tasks: readonly V1TaskSummary[], name: string) =>
    tasks.find((summary) => summary.displayName === name)!;

  it('flags them on the run’s tasks', async () => {
    const { tasks } = await details();
    expect(byName(tasks, 'fraud-check')).toMatchObject({
      status: 'COMPLETED',
      isSkipped: true,
      isDurable: false,
      isEvicted: false,
    });
    expect(byName(tasks, 'pay')).toMatchObject({
      status: 'RUNNING',
      isSkipped: false,
      isDurable: true,
      isEvicted: true,
    });
    expect(byName(tasks, 'received')).toMatchObject({ isSkipped: false, isEvicted: false });
  });

  it('flags a DAG run’s row when any of its tasks is evicted, and its children', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const response = await owner.client.get<{ rows: V1TaskSummary[] }>(
      `/api/v1/stable/tenants/${owner.tenantId}/workflow-runs?since=${since}&only_tasks=false`,
    );
    expect(response.status).toBe(200);
    const row = response.body.rows.find((candidate) => candidate.metadata.id === runId)!;
    expect(row).toMatchObject({ type: 'DAG', isEvicted: true, isDurable: true, isSkipped: false });
    expect(byName(row.children ?? [], 'fraud-check').isSkipped).toBe(true);
    expect(byName(row.children ?? [], 'pay').isEvicted).toBe(true);
  });

  it('flags the task itself', async () => {
    const response = await owner.client.get<V1TaskSummary>(`/api/v1/stable/tasks/${task.pay}`);
    expect(response.body).toMatchObject({ isDurable: true, isEvicted: true });
    const skipped = await owner.client.get<V1TaskSummary>(
      `/api/v1/stable/tasks/${task.fraudCheck}`,
    );
    expect(skipped.body).toMatchObject({ isSkipped: true, output: { skipped: true } });
  });

  it('stops calling a task evicted once it is no longer running', async () => {
    await durableWorker.complete(payAction, {});
    await waitForTaskStatus(task.pay!, 'COMPLETED');
    const response = await owner.client.get<V1TaskSummary>(`/api/v1/stable/tasks/${task.pay}`);
    expect(response.body).toMatchObject({ status: 'COMPLETED', isEvicted: false });
  });
});

async function waitForTaskStatus(taskId: string, status: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await owner.client.get<V1TaskSummary>(`/api/v1/stable/tasks/${taskId}`);
    if (response.body.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}
