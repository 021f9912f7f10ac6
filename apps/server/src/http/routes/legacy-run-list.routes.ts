import type { z } from 'zod';
import {
  RUN_LIST_CAP,
  V1_TASK_STATUSES,
  workflowGetMetrics,
  workflowRunGetMetrics,
  workflowRunList,
  type V1TaskStatus,
  type WorkflowRunStatus,
} from '@trellis/api-contract';
import { countWorkflowGroupKeys, listLegacyRuns } from '../../read-models/legacy-run.queries';
import type { RunFilter } from '../../read-models/run-filter';
import { countRunsByStatus } from '../../read-models/run-metrics.queries';
import type { ApiRouter } from '../api-router';
import { optionalDate } from '../list-filters';
import { legacyListPagination } from '../pagination';
import { presentLegacyRunRow } from '../present-legacy-runs';
import { LEGACY_STATUS } from '../present-runs';

type MetricsQuery = z.output<NonNullable<(typeof workflowRunGetMetrics)['query']>>;

const DAY_MS = 24 * 3_600_000;

/**
 * The v1 statuses older statuses stand for. PENDING and BACKOFF stand for none: a Trellis run
 * has neither (it is queued when it is created).
 */
function v1Statuses(statuses: readonly WorkflowRunStatus[]): V1TaskStatus[] {
  return V1_TASK_STATUSES.filter((status) => statuses.includes(LEGACY_STATUS[status]));
}

/**
 * The filter of the runs list and its metrics. Like every list it reads a window of runs: the
 * last day without createdAfter, unless an event or a parent names the runs (those are few).
 */
function legacyRunFilter(tenantId: string, query: MetricsQuery): RunFilter {
  const named = query.eventId ?? query.parentWorkflowRunId ?? query.parentStepRunId;
  const since = query.createdAfter
    ? new Date(query.createdAfter)
    : new Date(named ? 0 : Date.now() - DAY_MS);
  return {
    tenantId,
    since,
    until: optionalDate(query.createdBefore),
    workflowIds: query.workflowId ? [query.workflowId] : undefined,
    // The older lists require every pair.
    additionalMetadata: query.additionalMetadata,
    metadataOperator: 'AND',
    parentTaskExternalId: query.parentStepRunId,
    triggeringEventExternalId: query.eventId,
    parentRunId: query.parentWorkflowRunId,
  };
}

/** The older (v0) runs list and the counts over runs in that vocabulary. */
export function registerLegacyRunListRoutes(api: ApiRouter): void {
  const { db } = api.context;

  api.handle(workflowRunList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const page = { offset: query.offset, limit: query.limit };
    const statuses = query.statuses && v1Statuses(query.statuses);
    if (statuses?.length === 0) return { rows: [], pagination: legacyListPagination(page, 0) };
    const { rows, total } = await listLegacyRuns(
      db,
      {
        ...legacyRunFilter(tenantId, query),
        statuses,
        kinds: query.kinds,
        finishedAfter: optionalDate(query.finishedAfter),
        finishedBefore: optionalDate(query.finishedBefore),
      },
      page,
      { field: query.orderByField, direction: query.orderByDirection },
    );
    return {
      rows: rows.map((row) => presentLegacyRunRow(row, tenantId)),
      pagination: legacyListPagination(page, total),
    };
  });

  api.handle(workflowRunGetMetrics, async ({ query, identity }) => {
    const counts = await countRunsByStatus(db, legacyRunFilter(identity.tenant!.id, query));
    const count = (status: V1TaskStatus) => counts.get(status) ?? 0;
    return {
      counts: {
        PENDING: 0,
        QUEUED: count('QUEUED'),
        RUNNING: count('RUNNING'),
        SUCCEEDED: count('COMPLETED'),
        FAILED: count('FAILED'),
        CANCELLED: count('CANCELLED'),
      },
    };
  });

  api.handle(workflowGetMetrics, async ({ params, query, identity }) => {
    // Without a status, the runs that hold their keys now.
    const statuses = query.status ? v1Statuses([query.status]) : (['QUEUED', 'RUNNING'] as const);
    if (statuses.length === 0) return { groupKeyCount: 0, groupKeyRunsCount: 0 };
    return countWorkflowGroupKeys(db, identity.tenant!.id, params.workflow, {
      statuses,
      groupKey: query.groupKey,
      cap: RUN_LIST_CAP,
    });
  });
}
