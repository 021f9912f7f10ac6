/**
 * Rate limits, queue metrics, task stats and a workflow's worker capacity: what waits and what
 * runs, read from the queue and the running set (read-models/queue-metrics.queries.ts).
 */
import {
  rateLimitDelete,
  rateLimitList,
  tenantGetQueueMetrics,
  tenantGetStepRunQueueMetrics,
  tenantGetTaskStats,
  workflowGetWorkersCount,
  type TaskStats,
} from '@trellis/api-contract';
import {
  countLiveTasks,
  countQueuedByAction,
  listLiveTasks,
  type LiveTaskRow,
} from '../../read-models/queue-metrics.queries';
import { refilled, windowLabel } from '@trellis/engine';
import { listRateLimits } from '../../read-models/rate-limit.queries';
import { listServingWorkerSlots } from '../../read-models/worker.queries';
import { findWorkflowView } from '../../read-models/workflow.queries';
import { notFound } from '../api-error';
import { legacyListPagination } from '../pagination';
import type { ApiRouter } from '../api-router';

type Counts = { numQueued: number; numRunning: number; numPending: number };
const zero = (): Counts => ({ numQueued: 0, numRunning: 0, numPending: 0 });
const FIELD = { QUEUED: 'numQueued', RUNNING: 'numRunning', PENDING: 'numPending' } as const;

export function registerFlowControlRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  api.handle(rateLimitList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const { rows, total } = await listRateLimits(db, tenantId, query);
    const now = Date.now();
    return {
      rows: rows.map((row) => {
        const { value, lastRefill } = refilled(row, now);
        return {
          key: row.key,
          tenantId,
          limitValue: row.limitValue,
          value,
          window: windowLabel(row.duration),
          lastRefill: lastRefill.toISOString(),
        };
      }),
      pagination: legacyListPagination(query, total),
    };
  });

  api.handle(rateLimitDelete, async ({ query, identity }) => {
    if (!(await engine.deleteRateLimit(identity.tenant!.id, query.key))) {
      throw notFound('rate limit not found');
    }
  });

  api.handle(tenantGetStepRunQueueMetrics, async ({ identity }) => {
    const queued = await countQueuedByAction(db, identity.tenant!.id);
    return { queues: Object.fromEntries(queued) };
  });

  api.handle(tenantGetQueueMetrics, async ({ query, identity }) => {
    const rows = await countLiveTasks(db, identity.tenant!.id, {
      workflowIds: query.workflows,
      metadata: query.additionalMetadata,
    });
    const total = zero();
    const workflow: Record<string, Counts> = {};
    const queues: Record<string, number> = {};
    for (const row of rows) {
      total[FIELD[row.state]] += row.count;
      (workflow[row.workflowId] ??= zero())[FIELD[row.state]] += row.count;
      if (row.state === 'QUEUED') queues[row.actionId] = (queues[row.actionId] ?? 0) + row.count;
    }
    return { total, workflow, queues };
  });

  api.handle(tenantGetTaskStats, async ({ query, identity }) => {
    // Each entry may also list several names separated by commas, as the reference reads it.
    const names = query.taskNames
      ?.flatMap((entry) => entry.split(','))
      .map((name) => name.trim())
      .filter(Boolean);
    return presentTaskStats(await listLiveTasks(db, identity.tenant!.id, names), names ?? []);
  });

  api.handle(workflowGetWorkersCount, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const workflow = await findWorkflowView(db, tenantId, params.workflow);
    if (!workflow) throw notFound('workflow not found');
    const { free, max } = await listServingWorkerSlots(db, tenantId, workflow.id);
    return { freeSlotCount: free, maxSlotCount: max, workflowRunId: workflow.id };
  });
}

type StatusStat = NonNullable<TaskStats[string]['queued']>;

/** Per task name: queued and running, per queue and per concurrency key; names asked for are zero-filled. */
function presentTaskStats(rows: readonly LiveTaskRow[], names: readonly string[]): TaskStats {
  const stats: TaskStats = {};
  for (const name of names) stats[name] = {};
  for (const row of rows) {
    const entry = (stats[row.readableId] ??= {});
    const stat: StatusStat = (entry[row.running ? 'running' : 'queued'] ??= {
      total: 0,
      queues: {},
    });
    stat.total = (stat.total ?? 0) + 1;
    stat.queues![row.actionId] = (stat.queues![row.actionId] ?? 0) + 1;
    for (const claim of row.claims ?? []) {
      stat.concurrency ??= [];
      let byKey = stat.concurrency.find(
        (c) => c.expression === claim.expression && c.type === claim.strategy,
      );
      if (!byKey)
        stat.concurrency.push(
          (byKey = { expression: claim.expression, type: claim.strategy, keys: {} }),
        );
      byKey.keys![claim.key] = (byKey.keys![claim.key] ?? 0) + 1;
    }
    const since = row.queuedSince.toISOString();
    if (!row.running && (!stat.oldest || since < stat.oldest)) stat.oldest = since;
  }
  return stats;
}
