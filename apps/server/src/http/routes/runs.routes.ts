import {
  V1_TASK_STATUSES,
  v1TaskGetPointMetrics,
  v1TaskListStatusMetrics,
  v1WorkflowRunDisplayNamesList,
  v1WorkflowRunExternalIdsList,
  v1WorkflowRunGet,
  v1WorkflowRunGetStatus,
  v1WorkflowRunGetTimings,
  v1WorkflowRunList,
  v1WorkflowRunTaskEventsList,
} from '@trellis/api-contract';
import {
  findRunStatus,
  listDisplayNames,
  listRunTaskEvents,
  listRunTimings,
} from '../../read-models/run-detail.queries';
import { listRunIdsMatching, listRuns, listTasks } from '../../read-models/run-list.queries';
import {
  countFinishedRunsPerBucket,
  countRunsByStatus,
} from '../../read-models/run-metrics.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { optionalDate, runListFilter } from '../list-filters';
import { presentTask, presentTaskEvent, presentTimings } from '../present-runs';
import { presentRunsWithTasks } from '../present-runs-with-tasks';
import { readRunDetails } from '../read-run-details';
import { bucketSecondsFor } from '../run-chart-buckets';

export function registerRunRoutes(api: ApiRouter): void {
  const { db } = api.context;

  api.handle(v1WorkflowRunList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const filter = runListFilter(tenantId, query);
    const page = { offset: query.offset, limit: query.limit };
    const options = { includePayloads: query.include_payloads };
    const paginate = (total: number) => {
      const current = Math.floor(page.offset / page.limit) + 1;
      return {
        current_page: current,
        next_page: current + 1,
        num_pages: Math.ceil(total / page.limit),
      };
    };
    if (query.only_tasks) {
      const { rows, total } = await listTasks(db, filter, page, options);
      return {
        pagination: paginate(total),
        rows: rows.map((row) => presentTask(row, tenantId)),
      };
    }
    const { rows, total } = await listRuns(db, filter, page, options);
    return {
      pagination: paginate(total),
      rows: await presentRunsWithTasks(db, tenantId, rows, options),
    };
  });

  api.handle(v1WorkflowRunDisplayNamesList, async ({ query, identity }) => {
    const rows = await listDisplayNames(db, identity.tenant!.id, query.external_ids);
    return {
      pagination: { current_page: 1, num_pages: 1 },
      rows: rows.map((row) => ({
        metadata: {
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.createdAt.toISOString(),
        },
        displayName: row.displayName,
      })),
    };
  });

  api.handle(v1WorkflowRunExternalIdsList, async ({ query, identity }) =>
    listRunIdsMatching(db, {
      tenantId: identity.tenant!.id,
      since: new Date(query.since),
      until: optionalDate(query.until),
      statuses: query.statuses,
      workflowIds: query.workflow_ids,
      additionalMetadata: query.additional_metadata,
      metadataOperator: query.additional_metadata_operator,
    }),
  );

  api.handle(v1WorkflowRunGet, async ({ params, identity }) => {
    const details = await readRunDetails(db, identity.tenant!.id, params.run);
    if (!details) throw notFound('not found');
    return details;
  });

  api.handle(v1WorkflowRunGetStatus, async ({ params, identity }) => {
    const status = await findRunStatus(db, identity.tenant!.id, params.run);
    if (!status) throw notFound('not found');
    return status;
  });

  api.handle(v1WorkflowRunTaskEventsList, async ({ params, identity }) => {
    const events = await listRunTaskEvents(db, identity.tenant!.id, params.run);
    return { pagination: {}, rows: events.map(presentTaskEvent) };
  });

  api.handle(v1WorkflowRunGetTimings, async ({ params, query, identity }) => {
    const tenantId = identity.tenant!.id;
    const rows = await listRunTimings(db, tenantId, params.run, query.depth);
    return { pagination: {}, rows: presentTimings(rows, tenantId) };
  });

  api.handle(v1TaskListStatusMetrics, async ({ query, identity }) => {
    const counts = await countRunsByStatus(db, {
      tenantId: identity.tenant!.id,
      since: new Date(query.since),
      until: optionalDate(query.until),
      workflowIds: query.workflow_ids,
      additionalMetadata: query.additional_metadata,
      parentTaskExternalId: query.parent_task_external_id,
      triggeringEventExternalId: query.triggering_event_external_id,
      workerId: query.worker_id,
    });
    // Always all five statuses, alphabetically, as clients expect.
    return [...V1_TASK_STATUSES].sort().map((status) => ({
      status,
      count: counts.get(status) ?? 0,
    }));
  });

  api.handle(v1TaskGetPointMetrics, async ({ query, identity }) => {
    const end = query.finishedBefore ? new Date(query.finishedBefore) : new Date();
    const after = query.createdAfter
      ? new Date(query.createdAfter)
      : new Date(end.getTime() - 24 * 3_600_000);
    const bucketMs = bucketSecondsFor(end.getTime() - after.getTime()) * 1000;
    const start = Math.floor(after.getTime() / bucketMs) * bucketMs;
    const counted = await countFinishedRunsPerBucket(
      db,
      identity.tenant!.id,
      { from: new Date(start), to: end },
      bucketMs / 1000,
    );
    const byStart = new Map(counted.map((bucket) => [bucket.start.getTime(), bucket]));
    const results = [];
    for (let time = start; time <= end.getTime(); time += bucketMs) {
      const bucket = byStart.get(time);
      results.push({
        time: new Date(time).toISOString(),
        SUCCEEDED: bucket?.succeeded ?? 0,
        FAILED: bucket?.failed ?? 0,
      });
    }
    return { results };
  });
}
