import {
  splitKeyValues,
  v1DagListTasks,
  v1LogLineList,
  v1TaskCancel,
  v1TaskEventList,
  v1TaskGet,
  v1TaskReplay,
  v1TaskWaiting,
  type V1TaskFilter,
  type V1TaskSummary,
} from '@trellis/api-contract';
import { findMemberOfTenant } from '../../accounts/member.queries';
import type { TaskEventRow } from '../../read-models/run-detail.queries';
import { listRunIdsMatching, listTasksOfRuns } from '../../read-models/run-list.queries';
import {
  findTask,
  findTaskRef,
  listAttemptEvents,
  listTaskActivity,
  listTaskLogLines,
  type TaskRow,
} from '../../read-models/task-detail.queries';
import { asObject, ATTEMPT_ENDINGS, presentTask, presentTaskEvent } from '../present-runs';
import { badRequest, notAuthorized, notFound, NOT_AUTHORIZED_TO_VIEW } from '../api-error';
import type { ApiRouter } from '../api-router';

/**
 * A task as one of its earlier attempts left it, from that attempt's events. The task keeps
 * its latest attempt's output; a completed attempt that a replay replaced left its output in
 * the replay's RETRIED_BY_USER event (the next attempt's first), and shows it from there.
 */
function presentEarlierAttempt(
  task: TaskRow,
  retryCount: number,
  events: readonly TaskEventRow[],
  nextEvents: readonly TaskEventRow[],
  tenantId: string,
): V1TaskSummary {
  const replay = nextEvents.find((event) => event.eventType === 'RETRIED_BY_USER');
  const replaced = asObject(replay?.data)['replacedOutput'];
  const ending = events.findLast((event) => ATTEMPT_ENDINGS[event.eventType]);
  const started = events.find((event) => event.eventType === 'STARTED');
  const failure = ending && presentTaskEvent(ending).errorMessage;
  const summary = presentTask(
    {
      ...task,
      retryCount,
      status: ending ? ATTEMPT_ENDINGS[ending.eventType]! : 'FAILED',
      startedAt: started?.createdAt ?? null,
      finishedAt: ending?.createdAt ?? null,
      output: replaced ?? null,
      error: failure ?? null,
    },
    tenantId,
  );
  return { ...summary, outputKept: replaced !== undefined, workflowConfig: task.workflowConfig };
}

export function registerTaskRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const taskRefOr404 = async (tenantId: string, id: string) => {
    const ref = await findTaskRef(db, tenantId, id);
    if (!ref) throw notFound('task not found');
    return ref;
  };

  api.handle(v1TaskGet, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const task = await findTask(db, tenantId, params.task);
    if (!task) throw notFound('task not found');
    const attempts = task.retryCount + 1;
    if (query.attempt === undefined || query.attempt === attempts) {
      return { ...presentTask(task, tenantId), workflowConfig: task.workflowConfig };
    }
    if (query.attempt > attempts) {
      throw badRequest(`the task has ${attempts} attempt(s)`, 'attempt');
    }
    const retryCount = query.attempt - 1;
    const [events, nextEvents] = await Promise.all([
      listAttemptEvents(db, tenantId, task.id, retryCount),
      listAttemptEvents(db, tenantId, task.id, retryCount + 1),
    ]);
    return presentEarlierAttempt(task, retryCount, events, nextEvents, tenantId);
  });

  api.handle(v1TaskWaiting, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const task = await taskRefOr404(tenantId, params.task);
    const waiting = await engine.whyWaiting(tenantId, task.externalId);
    if (
      waiting.reason === 'BACKOFF' ||
      waiting.reason === 'RATE_LIMITED' ||
      waiting.reason === 'DURABLE_STREAM_RECONNECTING'
    ) {
      return { ...waiting, readyAt: waiting.readyAt.toISOString() };
    }
    if (waiting.reason === 'CONCURRENCY') {
      const heldBy = waiting.heldBy.map(({ runId, taskExternalId }) =>
        taskExternalId ? { runId, taskExternalId } : { runId },
      );
      return { ...waiting, heldBy };
    }
    if (waiting.reason === 'CONDITIONS') {
      const { since, nextSleepAt, ...rest } = waiting;
      return {
        ...rest,
        since: since.toISOString(),
        ...(nextSleepAt ? { nextSleepAt: nextSleepAt.toISOString() } : {}),
      };
    }
    if (waiting.reason === 'BATCH_COLLECTING') {
      const { dueAt, ...rest } = waiting;
      return dueAt ? { ...rest, readyAt: dueAt.toISOString() } : rest;
    }
    return waiting;
  });

  api.handle(v1TaskEventList, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const task = await taskRefOr404(tenantId, params.task);
    const events = await listTaskActivity(db, tenantId, task.id, query);
    return { pagination: {}, rows: events.map(presentTaskEvent) };
  });

  api.handle(v1LogLineList, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const task = await taskRefOr404(tenantId, params.task);
    const rows = await listTaskLogLines(db, tenantId, task.id, {
      since: query.since ? new Date(query.since) : undefined,
      until: query.until ? new Date(query.until) : undefined,
      attempt: query.attempt,
      search: query.search,
      levels: query.levels,
      limit: query.limit,
      descending: query.order_by_direction === 'DESC',
    });
    return {
      rows: rows.map((row) => ({
        createdAt: row.createdAt.toISOString(),
        message: row.message,
        metadata: asObject(row.metadata),
        retryCount: row.retryCount,
        attempt: row.retryCount + 1,
        ...(row.level ? { level: row.level } : {}),
        taskExternalId: task.externalId,
      })),
      pagination: { current_page: 0, next_page: 0, num_pages: 0 },
    };
  });

  api.handle(v1DagListTasks, async ({ query, identity }) => {
    const member = await findMemberOfTenant(db, query.tenant, identity.user!.id);
    if (!member) throw notAuthorized(NOT_AUTHORIZED_TO_VIEW);
    const tasks = await listTasksOfRuns(db, query.tenant, query.dag_ids, {
      includePayloads: false,
    });
    const byDag = new Map<string, V1TaskSummary[]>();
    for (const task of tasks) {
      if (task.runKind !== 'DAG') continue;
      const children = byDag.get(task.runId) ?? [];
      children.push(presentTask(task, query.tenant));
      byDag.set(task.runId, children);
    }
    return [...byDag].map(([dagId, children]) => ({ dagId, children }));
  });

  /**
   * The ids a cancel or replay names: task or run ids as given, or the runs matching a filter
   * (the engine acts on every task of a run named by its id).
   */
  const selectedIds = async (
    tenantId: string,
    body: { externalIds?: string[]; filter?: V1TaskFilter },
  ): Promise<string[]> => {
    if (body.externalIds) return body.externalIds;
    const filter = body.filter!;
    return listRunIdsMatching(db, {
      tenantId,
      since: new Date(filter.since),
      until: filter.until ? new Date(filter.until) : undefined,
      statuses: filter.statuses,
      workflowIds: filter.workflowIds,
      additionalMetadata: filter.additionalMetadata && splitKeyValues(filter.additionalMetadata),
      workerId: filter.workerId,
    });
  };

  api.handle(v1TaskCancel, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    return { ids: await engine.cancel(tenantId, await selectedIds(tenantId, body)) };
  });

  api.handle(v1TaskReplay, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    return { ids: await engine.replay(tenantId, await selectedIds(tenantId, body)) };
  });
}
