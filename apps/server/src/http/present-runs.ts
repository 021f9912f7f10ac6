import {
  ZERO_UUID,
  type V1TaskCondition,
  type V1TaskEvent,
  type V1TaskGate,
  type V1TaskStatus,
  type V1TaskSummary,
  type V1WorkflowRunDetails,
  type V1WorkflowRunTrigger,
  type WorkflowRunStatus,
} from '@trellis/api-contract';
import { formatDuration } from '@trellis/engine';
import type { RunListRow, TaskListRow } from '../read-models/run-list.queries';
import type {
  GateRow,
  RunDetailRow,
  StepCondition,
  StepShapeRow,
  TaskEventRow,
  TaskTimingRow,
} from '../read-models/run-detail.queries';

/**
 * Runs, tasks and their events as the v1 API shows them. Payload columns come back null from
 * the read models unless they were asked for, and null payloads are shown as `{}`.
 */

function timing(row: { startedAt: Date | null; finishedAt: Date | null }) {
  return {
    ...(row.startedAt ? { startedAt: row.startedAt.toISOString() } : {}),
    ...(row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
    ...(row.startedAt && row.finishedAt
      ? { duration: row.finishedAt.getTime() - row.startedAt.getTime() }
      : {}),
  };
}

function resourceMeta(id: string, createdAt: Date) {
  const at = createdAt.toISOString();
  return { id, createdAt: at, updatedAt: at };
}

/** JSON values that are not objects are wrapped, since these fields must be objects. */
export function asObject(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  return typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

/**
 * Evicted is a state of a running attempt: an earlier attempt shown with the task's row (GET
 * tasks/{task}?attempt=N) ended, whatever the task does now.
 */
const evictedNow = (task: TaskListRow) => task.isEvicted && task.status === 'RUNNING';

export function presentTask(row: TaskListRow, tenantId: string): V1TaskSummary {
  return {
    metadata: resourceMeta(row.externalId, row.createdAt),
    taskId: Number(row.id),
    taskExternalId: row.externalId,
    taskInsertedAt: row.createdAt.toISOString(),
    type: 'TASK',
    displayName: row.runKind === 'TASK' ? row.workflowName : row.readableId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...timing(row),
    input: asObject(row.input),
    output: asObject(row.output),
    errorMessage: row.error ?? '',
    additionalMetadata: row.additionalMetadata,
    tenantId,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
    workflowVersionId: row.workflowVersionId,
    workflowRunExternalId: row.runId,
    stepId: row.stepId,
    actionId: row.actionId,
    retryCount: row.retryCount,
    attempt: row.retryCount + 1,
    numSpawnedChildren: row.spawnedChildren,
    ...(row.parentTaskExternalId ? { parentTaskExternalId: row.parentTaskExternalId } : {}),
    isEvicted: evictedNow(row),
    isDurable: row.isDurable,
    isSkipped: row.isSkipped,
  };
}

/** A DAG run's output: each task's output under its name. */
function dagOutput(tasks: readonly TaskListRow[]): Record<string, unknown> {
  return Object.fromEntries(
    tasks.filter((task) => task.output !== null).map((task) => [task.readableId, task.output]),
  );
}

/**
 * A run as a list row. A DAG run carries its tasks as `children`; a standalone task's run is
 * shown as that task, with the run's id.
 */
export function presentRun(
  run: RunListRow,
  tasks: readonly TaskListRow[],
  tenantId: string,
): V1TaskSummary {
  const single = run.kind === 'TASK' ? tasks[0] : undefined;
  return {
    metadata: resourceMeta(run.id, run.createdAt),
    taskId: single ? Number(single.id) : 0,
    taskExternalId: single ? single.externalId : run.id,
    taskInsertedAt: run.createdAt.toISOString(),
    type: run.kind,
    displayName: run.workflowName,
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    ...timing(run),
    input: asObject(run.input),
    output: single ? asObject(single.output) : dagOutput(tasks),
    errorMessage: tasks.find((task) => task.error)?.error ?? '',
    additionalMetadata: run.additionalMetadata,
    tenantId,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    workflowVersionId: run.workflowVersionId,
    workflowRunExternalId: run.id,
    stepId: single ? single.stepId : ZERO_UUID,
    ...(single
      ? { actionId: single.actionId, retryCount: single.retryCount, attempt: single.retryCount + 1 }
      : {}),
    numSpawnedChildren: tasks.reduce((sum, task) => sum + task.spawnedChildren, 0),
    ...(run.kind === 'DAG' ? { children: tasks.map((task) => presentTask(task, tenantId)) } : {}),
    ...(run.parentTaskExternalId ? { parentTaskExternalId: run.parentTaskExternalId } : {}),
    isEvicted: tasks.some(evictedNow),
    isDurable: tasks.some((task) => task.isDurable),
    isSkipped: single?.isSkipped ?? false,
  };
}

/** The cron or scheduled run that started a run, when one did. */
function presentTrigger(run: RunDetailRow): { trigger?: V1WorkflowRunTrigger } {
  const common = {
    ...(run.triggerDueAt ? { dueAt: run.triggerDueAt.toISOString() } : {}),
    late: run.triggerLate ?? false,
  };
  if (run.triggeringCronId) {
    return {
      trigger: {
        kind: 'CRON',
        cronId: run.triggeringCronId,
        ...(run.cronName ? { cronName: run.cronName } : {}),
        ...(run.cronExpression ? { cronExpression: run.cronExpression } : {}),
        ...common,
      },
    };
  }
  if (run.triggeringScheduleId) {
    return { trigger: { kind: 'SCHEDULE', scheduledRunId: run.triggeringScheduleId, ...common } };
  }
  return {};
}

/**
 * Events that carry an attempt's error: FAILED (a retried failure is FAILED, then RETRYING; a
 * timeout TIMED_OUT, then FAILED), and SCHEDULING_TIMED_OUT and RATE_LIMIT_ERROR, which fail
 * a queued task on their own.
 */
const FAILURE_EVENTS = new Set(['FAILED', 'SCHEDULING_TIMED_OUT', 'RATE_LIMIT_ERROR']);

/**
 * The error a failure event reports, with the stack the SDK sent (a JavaScript stack already
 * starts with the message).
 */
function eventError(row: TaskEventRow): string | undefined {
  if (!FAILURE_EVENTS.has(row.eventType)) return undefined;
  const stack = asObject(row.data).stack;
  if (typeof stack !== 'string' || stack === '') return row.message;
  return stack.includes(row.message) ? stack : `${row.message}\n${stack}`;
}

export function presentTaskEvent(row: TaskEventRow): V1TaskEvent {
  const error = eventError(row);
  return {
    id: Number(row.id),
    taskId: row.taskExternalId,
    timestamp: row.createdAt.toISOString(),
    eventType: row.eventType,
    message: row.message,
    ...(error ? { errorMessage: error } : {}),
    ...(row.workerId ? { workerId: row.workerId } : {}),
    taskDisplayName: row.taskDisplayName,
    retryCount: row.retryCount,
    attempt: row.retryCount + 1,
  };
}

export function presentRunDetails(
  run: RunDetailRow,
  tasks: readonly TaskListRow[],
  events: readonly TaskEventRow[],
  shape: readonly StepShapeRow[],
  tenantId: string,
): V1WorkflowRunDetails {
  const summary = presentRun(run, tasks, tenantId);
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
      input: summary.input,
      output: summary.output,
      additionalMetadata: run.additionalMetadata,
      errorMessage: summary.errorMessage ?? '',
      createdAt: summary.createdAt,
      ...timing(run),
      ...(run.parentTaskExternalId ? { parentTaskExternalId: run.parentTaskExternalId } : {}),
      ...presentTrigger(run),
    },
    tasks: tasks.map((task) => presentTask(task, tenantId)),
    taskEvents: events.map(presentTaskEvent),
    shape: shape.map((step) => ({
      taskExternalId: step.taskExternalId ?? ZERO_UUID,
      stepId: step.stepId,
      childrenStepIds: childrenOf(step.readableId),
      taskName: step.readableId,
      ...(step.conditions?.length
        ? { conditions: presentConditions(step.conditions, step.gate) }
        : {}),
      ...(step.gate ? { gate: presentGate(step.gate) } : {}),
    })),
    workflowConfig: run.workflowConfig,
  };
}

/** A step's conditions, each marked met when its task's gate has seen it met. */
function presentConditions(
  conditions: readonly StepCondition[],
  gate: GateRow | null,
): V1TaskCondition[] {
  return conditions.map((condition, index) => ({
    action: condition.action,
    kind: condition.kind === 'EVENT' ? 'USER_EVENT' : condition.kind,
    orGroupId: condition.orGroup,
    readableDataKey: condition.key,
    ...(condition.kind === 'PARENT' ? { parentReadableId: condition.parent } : {}),
    ...(condition.kind === 'SLEEP' ? { sleepFor: formatDuration(condition.sleepMs) } : {}),
    ...(condition.kind === 'EVENT' ? { eventKey: condition.eventKey } : {}),
    ...(condition.kind !== 'SLEEP' && condition.expression
      ? { expression: condition.expression }
      : {}),
    met: gate !== null && String(index) in gate.met,
  }));
}

/** Since when a task's conditions count, its next sleep's end while open, and the decision. */
function presentGate(gate: GateRow): V1TaskGate {
  const decision = gate.result?.action;
  return {
    waitingSince: gate.createdAt.toISOString(),
    ...(gate.satisfiedAt ? { decidedAt: gate.satisfiedAt.toISOString() } : {}),
    ...(decision ? { decision } : {}),
    ...(gate.dueAt && !gate.satisfiedAt ? { nextSleepAt: gate.dueAt.toISOString() } : {}),
  };
}

/** How an attempt ended, by the event that ended it (a RETRYING follows its FAILED). */
export const ATTEMPT_ENDINGS: Partial<Record<TaskEventRow['eventType'], V1TaskStatus>> = {
  FINISHED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
  FAILED: 'FAILED',
  TIMED_OUT: 'FAILED',
  SCHEDULING_TIMED_OUT: 'FAILED',
  RATE_LIMIT_ERROR: 'FAILED',
  REASSIGNED: 'FAILED',
};

/** A time as the database's JSON wrote it, in the API's form. */
function isoTime(value: string | null): string | undefined {
  return value === null ? undefined : new Date(value).toISOString();
}

/**
 * A task's attempts on its waterfall row. The current attempt has the task's status; an earlier
 * one has the status its ending gave it, and one that never recorded an ending counts as failed,
 * as GET tasks/{task}?attempt=N shows it.
 */
function presentAttempts(row: TaskTimingRow) {
  return row.attempts.map((attempt) => {
    const current = attempt.retryCount === row.retryCount;
    const ended = attempt.ending ? ATTEMPT_ENDINGS[attempt.ending] : undefined;
    const queuedAt = isoTime(attempt.queuedAt);
    const startedAt = isoTime(attempt.startedAt);
    const finishedAt = isoTime(attempt.finishedAt);
    return {
      attempt: attempt.retryCount + 1,
      retryCount: attempt.retryCount,
      status: current ? row.status : (ended ?? 'FAILED'),
      ...(queuedAt ? { queuedAt } : {}),
      ...(startedAt ? { startedAt } : {}),
      ...(finishedAt ? { finishedAt } : {}),
      ...(attempt.errorMessage ? { errorMessage: attempt.errorMessage } : {}),
    };
  });
}

/**
 * Waterfall rows in depth-first order: the run's tasks, each followed by the tasks of the
 * child runs it spawned; siblings by queue time (never queued last), then task id.
 */
export function presentTimings(rows: readonly TaskTimingRow[], tenantId: string) {
  const byParent = new Map<string | null, TaskTimingRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentTaskExternalId) ?? [];
    siblings.push(row);
    byParent.set(row.parentTaskExternalId, siblings);
  }
  const queued = (row: TaskTimingRow) => row.queuedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const ordered: TaskTimingRow[] = [];
  const visit = (parent: string | null) => {
    const siblings = (byParent.get(parent) ?? []).sort(
      (a, b) => queued(a) - queued(b) || Number(a.id) - Number(b.id),
    );
    for (const row of siblings) {
      ordered.push(row);
      visit(row.externalId);
    }
  };
  visit(null);
  return ordered.map((row) => ({
    metadata: resourceMeta(row.externalId, row.createdAt),
    depth: row.depth,
    status: row.status,
    taskDisplayName: row.readableId,
    taskExternalId: row.externalId,
    taskId: Number(row.id),
    taskInsertedAt: row.createdAt.toISOString(),
    tenantId,
    ...(row.parentTaskExternalId ? { parentTaskExternalId: row.parentTaskExternalId } : {}),
    ...(row.queuedAt ? { queuedAt: row.queuedAt.toISOString() } : {}),
    ...timing(row),
    workflowRunId: row.runId,
    retryCount: row.retryCount,
    attempt: row.retryCount + 1,
    attempts: presentAttempts(row),
  }));
}

/** A run's status in the older (v0) vocabulary. */
export const LEGACY_STATUS: Record<V1TaskStatus, WorkflowRunStatus> = {
  QUEUED: 'QUEUED',
  RUNNING: 'RUNNING',
  COMPLETED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};

/** A run in the older (v0) shape. */
export function presentLegacyRun(run: RunListRow, tenantId: string) {
  const meta = resourceMeta(run.id, run.createdAt);
  return {
    metadata: meta,
    tenantId,
    workflowVersionId: run.workflowVersionId,
    status: LEGACY_STATUS[run.status],
    displayName: run.workflowName,
    triggeredBy: { metadata: meta },
    input: asObject(run.input),
    additionalMetadata: run.additionalMetadata,
    ...timing(run),
  };
}
