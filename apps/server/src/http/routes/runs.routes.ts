import {
  v1LogLineList,
  v1TaskCancel,
  v1TaskReplay,
  v1WorkflowRunGet,
  v1WorkflowRunGetStatus,
  v1WorkflowRunList,
  splitKeyValues,
  type V1TaskStatus,
} from '@trellis/api-contract';
import {
  listRunShape,
  listRunTaskEvents,
  listTaskLogLines,
  findRun,
} from '../../read-models/run-detail.queries';
import {
  listRuns,
  listTaskIdsMatching,
  listTasks,
  listTasksOfRuns,
  type RunFilter,
} from '../../read-models/run-list.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { asObject, presentRun, presentTask, presentTaskEvent } from '../present-runs';

/** Cancel and replay by filter act on at most this many tasks per request. */
const MAX_TASKS_PER_BULK_ACTION = 10_000;

export function registerRunRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  api.handle(v1WorkflowRunList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const filter: RunFilter = {
      tenantId,
      since: new Date(query.since),
      until: query.until ? new Date(query.until) : undefined,
      statuses: query.statuses,
      workflowIds: query.workflow_ids,
      additionalMetadata: query.additional_metadata,
      parentTaskExternalId: query.parent_task_external_id,
      workerId: query.worker_id,
    };
    const page = { offset: query.offset, limit: query.limit };
    const options = { includePayloads: query.include_payloads };
    const { rows, total } = query.only_tasks
      ? await listTasks(db, filter, page)
      : await listRuns(db, filter, page);
    const currentPage = Math.floor(page.offset / page.limit) + 1;
    const pagination = {
      current_page: currentPage,
      next_page: currentPage + 1,
      num_pages: Math.ceil(total / page.limit),
    };
    if (query.only_tasks) {
      return {
        pagination,
        rows: (rows as Awaited<ReturnType<typeof listTasks>>['rows']).map((row) =>
          presentTask(row, tenantId, options),
        ),
      };
    }
    const runs = rows as Awaited<ReturnType<typeof listRuns>>['rows'];
    const tasks = await listTasksOfRuns(
      db,
      tenantId,
      runs.map((run) => run.id),
    );
    return {
      pagination,
      rows: runs.map((run) =>
        presentRun(
          run,
          tasks.filter((task) => task.runId === run.id),
          tenantId,
          options,
        ),
      ),
    };
  });

  api.handle(v1WorkflowRunGet, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const run = await findRun(db, tenantId, params.run);
    if (!run) throw notFound('not found');
    const options = { includePayloads: true };
    const [tasks, events, shape] = await Promise.all([
      listTasksOfRuns(db, tenantId, [run.id]),
      listRunTaskEvents(db, tenantId, run.id),
      listRunShape(db, tenantId, run.id),
    ]);
    const summary = presentRun(run, tasks, tenantId, options);
    const childrenOf = (readableId: string) =>
      shape.filter((step) => step.parents.includes(readableId)).map((step) => step.stepId);
    return {
      run: {
        metadata: summary.metadata,
        status: run.status,
        displayName: summary.displayName,
        tenantId,
        workflowId: run.workflowId,
        workflowVersionId: run.workflowVersionId,
        input: asObject(run.input),
        output: summary.output,
        additionalMetadata: run.additionalMetadata,
        errorMessage: summary.errorMessage ?? '',
        createdAt: summary.createdAt,
        ...(summary.startedAt ? { startedAt: summary.startedAt } : {}),
        ...(summary.finishedAt ? { finishedAt: summary.finishedAt } : {}),
        ...(summary.duration !== undefined ? { duration: summary.duration } : {}),
        ...(run.parentTaskExternalId ? { parentTaskExternalId: run.parentTaskExternalId } : {}),
      },
      tasks: tasks.map((task) => presentTask(task, tenantId, options)),
      taskEvents: events.map((event) => presentTaskEvent(event, options)),
      shape: shape.map((step) => ({
        taskExternalId: step.taskExternalId ?? '00000000-0000-0000-0000-000000000000',
        stepId: step.stepId,
        childrenStepIds: childrenOf(step.readableId),
        taskName: step.readableId,
      })),
    };
  });

  api.handle(v1WorkflowRunGetStatus, async ({ params, identity }) => {
    const run = await findRun(db, identity.tenant!.id, params.run);
    if (!run) throw notFound('not found');
    return run.status satisfies V1TaskStatus;
  });

  /** The task ids a cancel or replay request names: given outright, or matching a filter. */
  const selectedIds = async (
    tenantId: string,
    body: {
      externalIds?: string[];
      filter?: {
        since: string;
        until?: string;
        statuses?: V1TaskStatus[];
        workflowIds?: string[];
        additionalMetadata?: string[];
      };
    },
  ) => {
    if (body.externalIds) return body.externalIds;
    const filter = body.filter!;
    return listTaskIdsMatching(
      db,
      {
        tenantId,
        since: new Date(filter.since),
        until: filter.until ? new Date(filter.until) : undefined,
        statuses: filter.statuses,
        workflowIds: filter.workflowIds,
        additionalMetadata: filter.additionalMetadata && splitKeyValues(filter.additionalMetadata),
      },
      MAX_TASKS_PER_BULK_ACTION,
    );
  };

  api.handle(v1TaskCancel, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    return { ids: await engine.cancel(tenantId, await selectedIds(tenantId, body)) };
  });

  api.handle(v1TaskReplay, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    return { ids: await engine.replay(tenantId, await selectedIds(tenantId, body)) };
  });

  api.handle(v1LogLineList, async ({ params, query, identity }) => {
    const rows = await listTaskLogLines(db, identity.tenant!.id, params.task, {
      since: query.since ? new Date(query.since) : undefined,
      until: query.until ? new Date(query.until) : undefined,
      attempt: query.attempt,
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
        ...(row.level ? { level: row.level as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' } : {}),
        taskExternalId: params.task,
      })),
      pagination: { current_page: 0, next_page: 0, num_pages: 0 },
    };
  });
}
