import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RateLimitList,
  TaskStats,
  TenantQueueMetrics,
  WorkflowVersion,
} from '@trellis/api-contract';
import { TestWorker } from '@trellis/engine/testing';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/** Rate limits, queue metrics, task stats, a workflow's worker count and its concurrency. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let workflowId: string;
const base = () => `/api/v1/tenants/${owner.tenantId}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  ({ workflowId } = await t.engine.putWorkflow(owner.tenantId, {
    name: 'per-key',
    concurrency: [{ expression: 'input.key', maxRuns: 2, strategy: 'GROUP_ROUND_ROBIN' }],
    tasks: [
      {
        readableId: 'work',
        actionId: 'per-key:work',
        concurrency: [
          { expression: "'all'", maxRunsExpression: 'input.n', strategy: 'CANCEL_NEWEST' },
        ],
      },
    ],
  }));
  for (const [key, limit, duration] of [
    ['emails', 100, 'MINUTE'],
    ['sms', 5, 'SECOND'],
    ['api:github', 5000, 'HOUR'],
  ] as const) {
    await t.engine.putRateLimit(owner.tenantId, { key, limit, duration });
  }
});
afterAll(async () => t.close());

describe('rate limits', () => {
  it('lists them with what is left of their window, searched, ordered and paged', async () => {
    const all = await owner.client.get<RateLimitList>(`${base()}/rate-limits`);
    expect(all.status).toBe(200);
    expect(all.body.rows.map((r) => r.key)).toEqual(['api:github', 'emails', 'sms']);
    expect(all.body.rows[1]).toMatchObject({
      key: 'emails',
      tenantId: owner.tenantId,
      limitValue: 100,
      value: 100,
      window: '1 minute',
    });
    const searched = await owner.client.get<RateLimitList>(`${base()}/rate-limits?search=MAIL`);
    expect(searched.body.rows.map((r) => r.key)).toEqual(['emails']);
    const ordered = await owner.client.get<RateLimitList>(
      `${base()}/rate-limits?orderByField=limitValue&orderByDirection=DESC&limit=2`,
    );
    expect(ordered.body.rows.map((r) => r.key)).toEqual(['api:github', 'emails']);
    expect(ordered.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 2 });
  });

  it('changes a limit put again, keeping what is left within it', async () => {
    await t.engine.putRateLimit(owner.tenantId, { key: 'sms', limit: 3, duration: 'MINUTE' });
    const { body } = await owner.client.get<RateLimitList>(`${base()}/rate-limits?search=sms`);
    expect(body.rows[0]).toMatchObject({ limitValue: 3, value: 3, window: '1 minute' });
  });

  it('refuses a bad limit and a bad order with a 400 that names the field', async () => {
    await expect(
      t.engine.putRateLimit(owner.tenantId, { key: 'x', limit: 0 }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const bad = await owner.client.get<RateLimitList>(`${base()}/rate-limits?orderByField=nope`);
    expect(bad.status).toBe(400);
  });

  it('deletes one by key: 204, then 404', async () => {
    const gone = await owner.client.delete(`${base()}/rate-limits?key=api%3Agithub`);
    expect(gone.status).toBe(204);
    expect((await owner.client.delete(`${base()}/rate-limits?key=api%3Agithub`)).status).toBe(404);
    expect((await owner.client.delete(`${base()}/rate-limits`)).status).toBe(400);
  });
});

describe('queue metrics and task stats', () => {
  it('count what waits per queue, per workflow and per concurrency key', async () => {
    const runs = await t.engine.trigger(
      owner.tenantId,
      ['a', 'a', 'b'].map((key) => ({ workflowName: 'per-key', input: { key, n: 5 } })),
    );
    expect(runs).toHaveLength(3);
    const steps = await owner.client.get(`${base()}/step-run-queue-metrics`);
    expect(steps.body).toEqual({ queues: { 'per-key:work': 3 } });
    const queue = await owner.client.get<TenantQueueMetrics>(`${base()}/queue-metrics`);
    expect(queue.body).toEqual({
      total: { numQueued: 3, numRunning: 0, numPending: 0 },
      workflow: { [workflowId]: { numQueued: 3, numRunning: 0, numPending: 0 } },
      queues: { 'per-key:work': 3 },
    });
    const stats = await owner.client.get<TaskStats>(`${base()}/task-stats?taskNames=work,missing`);
    expect(stats.body.missing).toEqual({});
    expect(stats.body.work!.queued).toMatchObject({
      total: 3,
      queues: { 'per-key:work': 3 },
      concurrency: [
        { expression: 'input.key', type: 'GROUP_ROUND_ROBIN', keys: { a: 2, b: 1 } },
        { expression: "'all'", type: 'CANCEL_NEWEST', keys: { all: 3 } },
      ],
    });
    expect(stats.body.work!.queued!.oldest).toEqual(expect.any(String));
  });

  it("counts a workflow's worker slots", async () => {
    const none = await owner.client.get<{ maxSlotCount: number }>(
      `${base()}/workflows/${workflowId}/worker-count`,
    );
    expect(none.body).toEqual({ freeSlotCount: 0, maxSlotCount: 0, workflowRunId: workflowId });
    const worker = await new TestWorker(t.engine, owner.tenantId).connect(['per-key:work'], 4);
    const some = await owner.client.get<{ maxSlotCount: number }>(
      `${base()}/workflows/${workflowId}/worker-count`,
    );
    expect(some.body.maxSlotCount).toBe(4);
    worker.close();
  });
});

describe('workflow version concurrency', () => {
  it('shows every limit, and the first workflow-level one in the legacy shape', async () => {
    const { body } = await owner.client.get<WorkflowVersion>(
      `/api/v1/workflows/${workflowId}/versions`,
    );
    expect(body.concurrency).toEqual({
      maxRuns: 2,
      limitStrategy: 'GROUP_ROUND_ROBIN',
      getConcurrencyGroup: 'input.key',
    });
    expect(body.v1Concurrency).toEqual([
      {
        maxRuns: 2,
        limitStrategy: 'GROUP_ROUND_ROBIN',
        expression: 'input.key',
        scope: 'WORKFLOW',
      },
      {
        maxRuns: 1,
        limitStrategy: 'CANCEL_NEWEST',
        expression: "'all'",
        scope: 'TASK',
        stepReadableId: 'work',
        maxRunsExpression: 'input.n',
      },
    ]);
  });
});
