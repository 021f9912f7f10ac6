import { describe, expect, it } from 'vitest';
import { HOUR_MS, NOW, useSeededTenant } from './seeded-tenant';

const SPAN_MS = 3 * HOUR_MS;
const seeded = useSeededTenant({
  tasks: 1500,
  spanMs: SPAN_MS,
  now: NOW,
  randomSeed: 7,
  chunkTasks: 400,
});

interface TaskRow {
  id: string;
  runId: string;
  status: string;
  retryCount: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  lastEvent: string | null;
  lastEventRetry: number | null;
  queued: boolean;
  running: boolean;
}

async function tasks(): Promise<TaskRow[]> {
  const { rows } = await seeded.t.db.query<TaskRow>(
    `SELECT t.id, t.run_id AS "runId", t.status, t.retry_count AS "retryCount",
            t.created_at AS "createdAt", t.started_at AS "startedAt", t.finished_at AS "finishedAt",
            e.event_type AS "lastEvent", e.retry_count AS "lastEventRetry",
            EXISTS (SELECT 1 FROM task_queue q WHERE q.task_id = t.id) AS queued,
            EXISTS (SELECT 1 FROM task_runtimes r WHERE r.task_id = t.id) AS running
       FROM tasks t
       LEFT JOIN LATERAL (SELECT event_type, retry_count FROM task_events e
                           WHERE e.tenant_id = t.tenant_id AND e.task_id = t.id
                           ORDER BY e.id DESC LIMIT 1) e ON true
      WHERE t.tenant_id = $1`,
    [seeded.owner.tenantId],
  );
  return rows;
}

/** The last event a task of each status must have (the engine's transitions). */
const LAST_EVENT: Record<string, string[]> = {
  PENDING: [],
  // Assigned but not started yet: the task row stays QUEUED beside its runtime row.
  QUEUED: ['QUEUED', 'ASSIGNED'],
  RUNNING: ['STARTED'],
  COMPLETED: ['FINISHED'],
  FAILED: ['FAILED', 'SCHEDULING_TIMED_OUT'],
  CANCELLED: ['CANCELLED'],
};

describe('seedHistory', () => {
  it('writes about the asked number of tasks with a realistic mix of statuses', async () => {
    const rows = await tasks();
    expect(rows.length).toBe(seeded.result.tasks);
    expect(seeded.result.tasks).toBeGreaterThanOrEqual(1500);
    expect(seeded.result.tasks).toBeLessThan(1600);
    const byStatus = new Map<string, number>();
    for (const row of rows) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
    expect(byStatus.get('COMPLETED')! / rows.length).toBeGreaterThan(0.85);
    expect(byStatus.get('FAILED')).toBeGreaterThan(0);
    expect(byStatus.get('CANCELLED')).toBeGreaterThan(0);
    // Work in flight at "now": the offline workflow's tasks wait, long reports still run.
    expect(byStatus.get('QUEUED')).toBeGreaterThan(0);
    expect(byStatus.get('RUNNING')).toBeGreaterThan(0);
    const { rows: runs } = await seeded.t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM workflow_runs WHERE tenant_id = $1',
      [seeded.owner.tenantId],
    );
    expect(runs[0]!.count).toBe(seeded.result.runs);
  });

  it('gives every task the events of its transitions, ending in its status', async () => {
    for (const row of await tasks()) {
      const expected = LAST_EVENT[row.status]!;
      if (expected.length === 0) expect(row.lastEvent).toBeNull();
      else {
        expect(expected).toContain(row.lastEvent);
        expect(row.lastEventRetry).toBe(row.retryCount);
      }
      // Live tasks are in the queue or the running set, exactly as the engine keeps them.
      expect(row.queued).toBe(row.lastEvent === 'QUEUED' && row.status === 'QUEUED');
      expect(row.running).toBe(row.lastEvent === 'ASSIGNED' || row.status === 'RUNNING');
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(NOW - SPAN_MS);
      if (row.startedAt)
        expect(row.startedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
      if (row.finishedAt) {
        expect(row.finishedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
        expect(row.finishedAt.getTime()).toBeLessThanOrEqual(NOW);
      }
    }
    const { rows: unordered } = await seeded.t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (
         SELECT created_at < lag(created_at) OVER (PARTITION BY task_id ORDER BY id) AS backwards
           FROM task_events WHERE tenant_id = $1) e WHERE backwards`,
      [seeded.owner.tenantId],
    );
    expect(unordered[0]!.count).toBe(0);
  });

  it('gives every run the status its tasks imply', async () => {
    const { rows: runs } = await seeded.t.db.query<{
      id: string;
      status: string;
      startedAt: Date | null;
      finishedAt: Date | null;
    }>(
      `SELECT id, status, started_at AS "startedAt", finished_at AS "finishedAt"
         FROM workflow_runs WHERE tenant_id = $1`,
      [seeded.owner.tenantId],
    );
    const byRun = new Map<string, TaskRow[]>();
    for (const task of await tasks()) {
      byRun.set(task.runId, [...(byRun.get(task.runId) ?? []), task]);
    }
    const final = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);
    for (const run of runs) {
      const statuses = byRun.get(run.id)!.map((task) => task.status);
      const implied = !statuses.every((s) => final.has(s))
        ? run.startedAt
          ? 'RUNNING'
          : 'QUEUED'
        : statuses.includes('FAILED')
          ? 'FAILED'
          : statuses.includes('CANCELLED')
            ? 'CANCELLED'
            : 'COMPLETED';
      expect(run.status).toBe(implied);
      expect(run.finishedAt !== null).toBe(final.has(run.status));
    }
  });

  it('is listed by the REST API like engine-written history', async () => {
    const since = new Date(NOW - SPAN_MS - HOUR_MS).toISOString();
    const base = `/api/v1/stable/tenants/${seeded.owner.tenantId}/workflow-runs?since=${since}&only_tasks=false`;
    interface Summary {
      status: string;
      type: string;
      workflowRunExternalId: string;
      additionalMetadata: Record<string, string>;
      children?: unknown[];
    }
    const page = await seeded.owner.client.get<{
      rows: Summary[];
      pagination: { num_pages: number };
    }>(`${base}&limit=50`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.rows).toHaveLength(50);
    expect(page.body.pagination.num_pages).toBe(Math.ceil(seeded.result.runs / 50));

    const failed = await seeded.owner.client.get<{ rows: Summary[] }>(
      `${base}&statuses=FAILED&limit=1000`,
    );
    expect(failed.body.rows.length).toBeGreaterThan(0);
    expect(failed.body.rows.every((row) => row.status === 'FAILED')).toBe(true);

    const customer = page.body.rows[0]!.additionalMetadata.customer_id!;
    const byCustomer = await seeded.owner.client.get<{ rows: Summary[] }>(
      `${base}&additional_metadata=customer_id:${customer}&limit=1000`,
    );
    expect(byCustomer.body.rows.length).toBeGreaterThan(0);
    expect(
      byCustomer.body.rows.every((row) => row.additionalMetadata.customer_id === customer),
    ).toBe(true);

    const dag = (
      await seeded.owner.client.get<{ rows: Summary[] }>(`${base}&limit=200`)
    ).body.rows.find((row) => row.type === 'DAG')!;
    const detail = await seeded.owner.client.get<{ tasks: unknown[]; taskEvents: unknown[] }>(
      `/api/v1/stable/workflow-runs/${dag.workflowRunExternalId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.tasks.length).toBe(dag.children!.length);
    expect(detail.body.taskEvents.length).toBeGreaterThan(0);
  });
});
