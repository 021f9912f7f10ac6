/**
 * A runs list inside another screen (reference 5.1, "embedded"): one workflow's runs on its
 * detail page, or the tasks one worker ran on its page. The scope is fixed, added to every
 * query and bulk action of the list; the user's filters come on top. Its URL keys are named
 * after its table key (`workflow-{id}`, `worker-{id}`), as the runs page's are after
 * `workflow-runs-main`, so they clash neither with the host page's parameters nor another list.
 */
import type { runListQuery, taskFilterBody } from './run-filters';

export interface RunScope {
  /** Names the list's URL keys. */
  tableKey: string;
  workflowId?: string;
  /** The worker's tasks: task rows only, as a DAG run's other tasks may have run elsewhere. */
  workerId?: string;
}

/** The URL keys of a runs list's filters and page (reference 3.2). */
export function runTableKeys(tableKey: string) {
  return {
    filterKey: `${tableKey}-workflow-runs-filters`,
    paginationKey: `pagination-runs-table-${tableKey}`,
  };
}

type RunListQuery = ReturnType<typeof runListQuery>;

/** The list query within the scope. */
export function scopedRunListQuery(query: RunListQuery, scope: RunScope | undefined) {
  if (!scope) return query;
  return {
    ...query,
    ...(scope.workflowId ? { workflow_ids: [scope.workflowId] } : {}),
    ...(scope.workerId ? { worker_id: scope.workerId, only_tasks: true } : {}),
  };
}

/** The `filter` body of "cancel / replay everything matching" within the scope. */
export function scopedTaskFilter(
  body: ReturnType<typeof taskFilterBody>,
  scope: RunScope | undefined,
) {
  if (!scope) return body;
  return {
    ...body,
    ...(scope.workflowId ? { workflowIds: [scope.workflowId] } : {}),
    ...(scope.workerId ? { workerId: scope.workerId } : {}),
  };
}
