/**
 * Durable tasks over REST: a task's event log (the reference's V1DurableTaskEventLogList), for
 * the run detail's timeline: each wait with what it waits for and what met it, each memo and
 * spawned run, and the invocations that wrote and last reached them; the restore of an
 * evicted task; and a branch (the task run again from a node of its log).
 */
import {
  v1DurableTaskBranch,
  v1DurableTaskEventLogList,
  v1TaskRestore,
  type V1DurableEventLogEntry,
} from '@trellis/api-contract';
import {
  listDurableLog,
  type DurableConditionRow,
  type DurableLogRow,
} from '../../read-models/durable-log.queries';
import { findTaskRef } from '../../read-models/task-detail.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';

export function registerDurableRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  api.handle(v1TaskRestore, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const task = await findTaskRef(db, tenantId, params.task);
    if (!task) throw notFound('task not found');
    return { requeued: await engine.durable.restore(tenantId, task.externalId) };
  });

  api.handle(v1DurableTaskBranch, ({ body, identity }) =>
    engine.durable.branch(identity.tenant!.id, body),
  );

  api.handle(v1DurableTaskEventLogList, async ({ params, query, identity }) => {
    const rows = await listDurableLog(
      db,
      identity.tenant!.id,
      params.durableTask,
      query.offset,
      query.limit,
    );
    return rows.map(presentNode);
  });
}

function presentNode(row: DurableLogRow): V1DurableEventLogEntry {
  const satisfied = row.satisfiedAt !== null;
  return {
    nodeId: row.nodeId,
    branchId: row.branchId,
    kind: row.kind,
    ...(row.kind === 'RUN'
      ? { waitData: [{ kind: 'CHILD_WORKFLOW' as const, workflowName: row.label ?? '' }] }
      : row.conditions
        ? { waitData: waitData(row.conditions) }
        : {}),
    isSatisfied: satisfied,
    ...(row.satisfiedAt ? { satisfiedAt: row.satisfiedAt.toISOString() } : {}),
    insertedAt: row.createdAt.toISOString(),
    ...(row.label && row.kind === 'WAIT_FOR' ? { userMessage: row.label } : {}),
    taskExternalId: row.taskExternalId,
    taskDisplayName: row.taskDisplayName,
    invocationCount: row.invocation,
    lastInvocationCount: row.visitedBy,
    ...(row.dueAt && !satisfied ? { dueAt: row.dueAt.toISOString() } : {}),
    ...(satisfied && row.failure === null ? { result: row.result } : {}),
    ...(row.failure !== null ? { error: row.failure } : {}),
    ...(row.childRunId ? { childWorkflowRunId: row.childRunId } : {}),
  };
}

/** A wait's conditions, one entry per or-group (several alternatives under `or`). */
function waitData(conditions: readonly DurableConditionRow[]) {
  const groups = new Map<string, DurableConditionRow[]>();
  for (const condition of conditions) {
    groups.set(condition.orGroup, [...(groups.get(condition.orGroup) ?? []), condition]);
  }
  return [...groups.values()].map((group) =>
    group.length === 1 ? presentCondition(group[0]!) : { or: group.map(presentCondition) },
  );
}

function presentCondition(condition: DurableConditionRow) {
  return condition.kind === 'SLEEP'
    ? { kind: 'SLEEP' as const, sleepDurationMs: condition.sleepMs ?? 0 }
    : {
        kind: 'USER_EVENT' as const,
        eventKey: condition.eventKey ?? '',
        ...(condition.expression ? { expression: condition.expression } : {}),
        ...(condition.scope ? { scope: condition.scope } : {}),
      };
}
