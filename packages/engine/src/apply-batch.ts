/**
 * The database side of one tick: applies a Batch in one transaction with multi-row
 * statements, and describes in a BatchOutcome what the in-memory state must learn once the
 * transaction has committed (nothing in memory changes before COMMIT).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@trellis/db';
import { retryDelayMs } from './backoff';
import type { Batch, ResolvedTrigger, ResultOp, ScheduleTimeoutOp, StartOp } from './batch';
import { descendantsOf, planRunProgress } from './dag';
import {
  endAttempts,
  startAttempts,
  type DispatchRow,
  type EndedAttemptRow,
} from './queries/attempt.queries';
import { eventsInsert } from './queries/event.queries';
import { runWrites, type Write } from './queries/combined-writes';
import {
  findChildRuns,
  findRunStates,
  runsFinish,
  runsStart,
  runsInsert,
  reopenRuns,
  type NewRunRow,
} from './queries/run.queries';
import { taskEventsInsert, type NewTaskEventRow } from './queries/task-event.queries';
import { taskLogsInsert } from './queries/task-log.queries';
import {
  deleteQueueItems,
  deleteQueueItemsOfTasks,
  queueItemsInsert,
  type QueueItemRow,
} from './queries/task-queue.queries';
import {
  deleteRuntimes,
  deleteRuntimesOfTasks,
  runtimesInsert,
  type NewRuntimeRow,
} from './queries/task-runtime.queries';
import { insertStreamEvents } from './queries/task-stream-event.queries';
import {
  cancelTasks,
  failTasks,
  findRetryPolicies,
  findTasksByTaskOrRunIds,
  tasksInsert,
  listRunTasks,
  queuePendingTasks,
  requeueTasks,
  resetTasksForReplay,
  type NewTaskRow,
  type RunTaskRow,
} from './queries/task.queries';
import {
  findSoleSteps,
  listOnFailureSteps,
  type OnFailureStep,
  type StepRow,
} from './queries/workflow.queries';
import { workerStatesUpdate } from './queries/worker.queries';
import type { Assignment, ReadyItem } from './scheduler';
import type { TaskIdPool } from './task-ids';
import { isFinal } from './task-lifecycle';
import type { RunResult, StreamEvent, TaskResult } from './types';

/** Only what identifies an attempt, so batch statements do not carry whole operations. */
function attemptKey(op: { taskId: string; retryCount: number }) {
  return { taskId: op.taskId, retryCount: op.retryCount };
}

/** A task of this run reached a final state: the run's progress is worked out at the end. */
function touchRun(ctx: Ctx, runId: string, tenantId: string): void {
  ctx.touchedRuns.set(runId, tenantId);
  ctx.soleResults.delete(runId);
}

/** An attempt as a map key. */
function attemptId(op: { taskId: string; retryCount: number }): string {
  return `${op.taskId}/${op.retryCount}`;
}

/** Reassignments (lost worker, never started) a task may go through before it fails. */
export const MAX_INTERNAL_RETRIES = 10;

export interface BatchOutcome {
  /** New queue rows: the scheduler takes them. */
  enqueued: ReadyItem[];
  /** Root tasks of new runs assigned without being queued (AssignNew), to dispatch. */
  assigned: DispatchRow[];
  /** Queue rows deleted (cancelled, timed out): the scheduler drops them. */
  dequeued: string[];
  /** Running attempts that ended: their slots are freed. */
  endedRuntimes: string[];
  /** Ended attempts the worker must stop (cancel, timeout, replay). */
  cancelOnWorker: string[];
  started: { taskId: string; at: number }[];
  finishedRuns: (RunResult & { tenantId: string })[];
  streamEvents: { tenantId: string; runId: string; id: string; event: StreamEvent }[];
}

interface Ctx {
  tx: Queryable;
  now: number;
  out: BatchOutcome;
  events: NewTaskEventRow[];
  queue: QueueItemRow[];
  ready: ReadyItem[];
  /** Attempts assigned in this batch without being queued (assignNewTask). */
  runtimes: NewRuntimeRow[];
  /** Runs with a task that reached a final state: DAG progress and run completion. */
  touchedRuns: Map<string, string>;
  /** Touched runs whose task started in this batch too: they may still be QUEUED. */
  startedRuns: Set<string>;
  /**
   * Touched runs of a standalone task that completed in this batch, with its result: they are
   * finished without reading their tasks again. Any other touch of the run takes it out.
   */
  soleResults: Map<string, TaskResult>;
  /** Writes nothing later in the batch reads, sent together as the batch's last statement. */
  writes: Write[];
  env: BatchEnv;
}

/** What batches use of the engine's memory. */
export interface BatchEnv {
  memo: BatchMemo;
  taskIds: TaskIdPool;
  assignNew: AssignNew;
}

/**
 * Assigns new tasks to workers with free slots, in memory (Scheduler.assignNew), reserving the
 * slots; the tick releases them if the transaction fails. Returns the ones it assigned.
 */
export type AssignNew = (items: readonly ReadyItem[]) => Assignment[];

/**
 * What batches may remember across ticks: facts of immutable workflow versions, so that a
 * batch finishing tasks does not look them up again.
 */
export interface BatchMemo {
  /** A version's on-failure step, or null when it has none. */
  onFailureSteps: Map<string, OnFailureStep | null>;
  /** Whether a step is its version's only one (a standalone task without an on-failure step). */
  soleSteps: Map<string, boolean>;
}

export async function applyBatch(
  tx: Queryable,
  batch: Batch,
  now: number,
  env: BatchEnv,
): Promise<BatchOutcome> {
  const out: BatchOutcome = {
    enqueued: [],
    assigned: [],
    dequeued: [],
    endedRuntimes: [],
    cancelOnWorker: [],
    started: [],
    finishedRuns: [],
    streamEvents: [],
  };
  const ctx: Ctx = {
    tx,
    now,
    out,
    events: [],
    queue: [],
    ready: [],
    runtimes: [],
    touchedRuns: new Map(),
    startedRuns: new Set(),
    soleResults: new Map(),
    writes: [],
    env,
  };
  await applyTriggers(ctx, batch);
  const startsOfCompleted = startsCompletedInBatch(batch);
  await applyStarts(
    ctx,
    batch.starts.filter((s) => startsOfCompleted.get(attemptId(s)) !== s),
  );
  await applyResults(ctx, batch.results, startsOfCompleted);
  await applyTimeouts(ctx, batch);
  await applyReassigns(ctx, batch);
  await applyScheduleTimeouts(ctx, batch.scheduleTimeouts);
  await applyCancels(ctx, batch);
  await applyReplays(ctx, batch);
  await advanceRuns(ctx);
  await applyHistory(ctx, batch);
  await applyRunChecks(ctx, batch);
  if (ctx.queue.length > 0) ctx.writes.push(queueItemsInsert(ctx.queue));
  if (ctx.runtimes.length > 0) ctx.writes.push(runtimesInsert(ctx.runtimes));
  if (ctx.events.length > 0) ctx.writes.push(taskEventsInsert(ctx.events));
  await runWrites(tx, ctx.writes);
  out.enqueued.push(...ctx.ready);
  return out;
}

/** What queueing a task needs of it. */
interface QueueableTask {
  id: string;
  externalId: string;
  tenantId: string;
  runId: string;
  actionId: string;
  priority: number;
  slotType: string;
  slotUnits: number;
  scheduleTimeoutSeconds: number;
}

function readyItem(task: QueueableTask, retryCount: number, readyAt: number): ReadyItem {
  return {
    taskId: task.id,
    externalId: task.externalId,
    tenantId: task.tenantId,
    runId: task.runId,
    actionId: task.actionId,
    retryCount,
    priority: task.priority,
    slotType: task.slotType,
    slotUnits: task.slotUnits,
    readyAt,
    scheduleTimeoutAt: readyAt + task.scheduleTimeoutSeconds * 1000,
  };
}

function queueTask(ctx: Ctx, task: QueueableTask, retryCount: number, readyAt = ctx.now): void {
  enqueue(ctx, readyItem(task, retryCount, readyAt));
}

function enqueue(ctx: Ctx, item: ReadyItem): void {
  const readyAt = new Date(item.readyAt);
  ctx.queue.push({
    taskId: item.taskId,
    tenantId: item.tenantId,
    actionId: item.actionId,
    retryCount: item.retryCount,
    priority: item.priority,
    slotType: item.slotType,
    slotUnits: item.slotUnits,
    readyAt,
    scheduleTimeoutAt: new Date(item.scheduleTimeoutAt),
  });
  ctx.ready.push(item);
  ctx.events.push({
    tenantId: item.tenantId,
    taskId: item.taskId,
    retryCount: item.retryCount,
    eventType: 'QUEUED',
    ...(item.readyAt > ctx.now ? { data: { readyAt: readyAt.toISOString() } } : {}),
  });
}

async function applyTriggers(ctx: Ctx, batch: Batch): Promise<void> {
  if (batch.triggers.length === 0) return;
  const all = batch.triggers.flatMap((op) => op.triggers);
  const parents = [
    ...new Map(
      all
        .filter((t) => t.parentTaskExternalId !== null)
        .map((t) => [
          `${t.tenantId}/${t.parentTaskExternalId}`,
          { tenantId: t.tenantId, parentTaskExternalId: t.parentTaskExternalId! },
        ]),
    ).values(),
  ];
  const childKey = (t: {
    tenantId: string;
    parentTaskExternalId: string | null;
    childIndex: number | null;
    childKey: string | null;
  }) =>
    t.parentTaskExternalId === null
      ? undefined
      : t.childKey !== null
        ? `${t.tenantId}/${t.parentTaskExternalId}/key:${t.childKey}`
        : t.childIndex !== null
          ? `${t.tenantId}/${t.parentTaskExternalId}/index:${t.childIndex}`
          : undefined;
  const existing = new Map<string, string>();
  if (parents.length > 0) {
    for (const run of await findChildRuns(ctx.tx, parents)) {
      const key = childKey(run);
      if (key) existing.set(key, run.id);
    }
  }
  const runs: NewRunRow[] = [];
  const tasks: NewTaskRow[] = [];
  /** The root tasks, ready at once, by external id. */
  const roots = new Map<string, NewRootTask>();
  for (const op of batch.triggers) {
    const ids: string[] = [];
    for (const trigger of op.triggers) {
      const key = childKey(trigger);
      const known = key === undefined ? undefined : existing.get(key);
      if (known) {
        ids.push(known);
        continue;
      }
      const runId = randomUUID();
      if (key !== undefined) existing.set(key, runId);
      ids.push(runId);
      runs.push({
        id: runId,
        tenantId: trigger.tenantId,
        workflowId: trigger.version.workflowId,
        workflowVersionId: trigger.version.versionId,
        kind: trigger.version.isDag ? 'DAG' : 'TASK',
        input: trigger.input,
        additionalMetadata: trigger.additionalMetadata,
        parentTaskExternalId: trigger.parentTaskExternalId,
        parentRunId: trigger.parentRunId,
        childIndex: trigger.childIndex,
        childKey: trigger.childKey,
        priority: trigger.priority,
      });
      for (const step of trigger.version.steps) {
        if (step.isOnFailure) continue;
        const externalId = randomUUID();
        const root = step.parents.length === 0;
        if (root) roots.set(externalId, { trigger, step, runId });
        tasks.push({
          externalId,
          tenantId: trigger.tenantId,
          runId,
          stepId: step.id,
          readableId: step.readableId,
          actionId: step.actionId,
          status: root ? 'QUEUED' : 'PENDING',
          retryCount: 0,
          priority: trigger.priority,
        });
      }
    }
    op.result = ids;
  }
  if (runs.length === 0) return;
  ctx.writes.push(runsInsert(runs));
  const taskIds = await writeNewTasks(ctx, tasks);
  const ready: ReadyRootTask[] = [];
  tasks.forEach(({ externalId }, i) => {
    const root = roots.get(externalId);
    if (!root) return;
    const { trigger, step, runId } = root;
    const item = readyItem(
      {
        ...step,
        id: taskIds[i]!,
        externalId,
        runId,
        tenantId: trigger.tenantId,
        priority: trigger.priority,
      },
      0,
      ctx.now,
    );
    ready.push({ ...root, item });
  });
  const assigned = new Map(ctx.env.assignNew(ready.map((r) => r.item)).map((a) => [a.item, a]));
  for (const root of ready) {
    const assignment = assigned.get(root.item);
    if (assignment) assignNewTask(ctx, root, assignment.worker.id);
    else enqueue(ctx, root.item);
  }
}

/** A root task of a run being triggered: what its action carries comes from the trigger. */
interface NewRootTask {
  trigger: ResolvedTrigger;
  step: StepRow;
  runId: string;
}

type ReadyRootTask = NewRootTask & { item: ReadyItem };

/**
 * Gives new tasks ids and writes them, created at the batch's time, with the batch's last
 * statement: nothing in between reads tasks or runs this batch created. Returns the ids, in
 * the tasks' order.
 */
async function writeNewTasks(ctx: Ctx, tasks: readonly NewTaskRow[]): Promise<string[]> {
  const ids = await ctx.env.taskIds.take(ctx.tx, tasks.length);
  const createdAt = new Date(ctx.now);
  ctx.writes.push(tasksInsert(tasks.map((task, i) => ({ ...task, id: ids[i]!, createdAt }))));
  return ids;
}

/**
 * Records a new root task as assigned without queueing it (its QUEUED and ASSIGNED events, its
 * runtime), and what its action carries, as assignAttempts would have returned it. This saves
 * the open loop a queue row's insert and delete, the assignment statement and a tick of latency.
 */
function assignNewTask(ctx: Ctx, { trigger, step, item }: ReadyRootTask, workerId: string): void {
  const attempt = { tenantId: item.tenantId, taskId: item.taskId, retryCount: 0 };
  ctx.events.push({ ...attempt, eventType: 'QUEUED' });
  ctx.events.push({ ...attempt, eventType: 'ASSIGNED', workerId });
  ctx.runtimes.push({
    ...attempt,
    workerId,
    slotType: item.slotType,
    slotUnits: item.slotUnits,
    assignedAt: new Date(ctx.now),
    timeoutAt: new Date(ctx.now + step.timeoutSeconds * 1000),
  });
  ctx.out.assigned.push({
    id: item.taskId,
    externalId: item.externalId,
    tenantId: item.tenantId,
    runId: item.runId,
    readableId: step.readableId,
    actionId: step.actionId,
    retryCount: 0,
    priority: item.priority,
    createdAt: new Date(ctx.now),
    workflowId: trigger.version.workflowId,
    workflowVersionId: trigger.version.versionId,
    workflowName: trigger.version.workflowName,
    stepId: step.id,
    input: trigger.input,
    additionalMetadata: trigger.additionalMetadata,
    childIndex: trigger.childIndex,
    childKey: trigger.childKey,
    parentTaskExternalId: trigger.parentTaskExternalId,
    parents: step.parents,
    isOnFailure: false,
    timeoutSeconds: step.timeoutSeconds,
  });
}

/**
 * The first STARTED of each attempt that also COMPLETED in this batch. A no-op task's start and
 * result usually arrive within one tick; ending such an attempt writes its task and run once,
 * from QUEUED straight to COMPLETED, instead of once per transition (endAttempts).
 */
function startsCompletedInBatch(batch: Batch): Map<string, StartOp> {
  const merged = new Map<string, StartOp>();
  if (batch.starts.length === 0 || batch.results.length === 0) return merged;
  const completed = new Set<string>();
  for (const r of batch.results) if (r.kind === 'COMPLETED') completed.add(attemptId(r));
  for (const s of batch.starts) {
    const id = attemptId(s);
    if (completed.has(id) && !merged.has(id)) merged.set(id, s);
  }
  return merged;
}

async function applyStarts(ctx: Ctx, starts: readonly StartOp[]): Promise<void> {
  if (starts.length === 0) return;
  const started = new Set(
    (
      await startAttempts(
        ctx.tx,
        starts.map((s) => ({ ...attemptKey(s), startedAt: s.startedAt })),
      )
    ).map((r) => r.taskId),
  );
  // The first STARTED of an attempt counts; a duplicate in the same batch finds it taken.
  const firsts = starts.filter((s) => started.delete(s.taskId));
  for (const start of firsts) {
    ctx.events.push({
      tenantId: start.tenantId,
      taskId: start.taskId,
      retryCount: start.retryCount,
      eventType: 'STARTED',
    });
    ctx.out.started.push({ taskId: start.taskId, at: start.startedAt.getTime() });
  }
}

async function applyResults(
  ctx: Ctx,
  results: readonly ResultOp[],
  startsOfCompleted: ReadonlyMap<string, StartOp>,
): Promise<void> {
  if (results.length === 0) return;
  // The first result for an attempt wins; a second one (or a late one) finds no runtime row.
  const byAttempt = new Map<string, ResultOp>();
  for (const r of results) {
    const key = attemptId(r);
    if (!byAttempt.has(key)) byAttempt.set(key, r);
  }
  const unique = [...byAttempt.values()];
  const live = await endAttempts(
    ctx.tx,
    unique.map((r) => ({
      ...attemptKey(r),
      completed: r.kind === 'COMPLETED',
      output: r.output,
      startedAt:
        r.kind === 'COMPLETED' ? startsOfCompleted.get(attemptId(r))?.startedAt : undefined,
    })),
  );
  const liveKeys = new Map(live.map((r) => [attemptId(r), r]));
  const ended = unique.filter((r) => liveKeys.has(attemptId(r)));
  ctx.out.endedRuntimes.push(...ended.map((r) => r.taskId));
  for (const result of ended) {
    if (result.kind !== 'COMPLETED') continue;
    const attempt = liveKeys.get(attemptId(result))!;
    if (attempt.runId !== null) touchRun(ctx, attempt.runId, result.tenantId);
    if (attempt.firstStart) {
      if (attempt.runId !== null) ctx.startedRuns.add(attempt.runId);
      ctx.events.push({
        tenantId: result.tenantId,
        taskId: result.taskId,
        retryCount: result.retryCount,
        eventType: 'STARTED',
      });
    }
    ctx.events.push({
      tenantId: result.tenantId,
      taskId: result.taskId,
      retryCount: result.retryCount,
      eventType: 'FINISHED',
      workerId: attempt.workerId,
    });
  }
  await noteSoleResults(ctx, live);
  await failAttempts(
    ctx,
    ended
      .filter((r) => r.kind === 'FAILED')
      .map((r) => ({
        tenantId: r.tenantId,
        taskId: r.taskId,
        retryCount: r.retryCount,
        error: r.error,
        data: r.errorData,
        retryable: r.retryable,
        timedOut: false,
      })),
  );
}

/** Completed standalone tasks finish their runs (see Ctx.soleResults). */
async function noteSoleResults(ctx: Ctx, live: readonly EndedAttemptRow[]): Promise<void> {
  const soleSteps = ctx.env.memo.soleSteps;
  const completed = live.filter((a) => a.runId !== null && a.stepId !== null);
  const unknown = [...new Set(completed.map((a) => a.stepId!))].filter((id) => !soleSteps.has(id));
  if (unknown.length > 0) {
    for (const { stepId, sole } of await findSoleSteps(ctx.tx, unknown))
      soleSteps.set(stepId, sole);
  }
  for (const a of completed) {
    if (soleSteps.get(a.stepId!) !== true) continue;
    ctx.soleResults.set(a.runId!, {
      externalId: a.externalId!,
      readableId: a.readableId!,
      status: 'COMPLETED',
      output: a.output,
      error: null,
    });
  }
}

interface EndedAttempt {
  tenantId: string;
  taskId: string;
  retryCount: number;
  error: string;
  data: unknown;
  retryable: boolean;
  timedOut: boolean;
}

/** Application failures and timeouts of attempts already removed from the running set. */
async function failAttempts(ctx: Ctx, attempts: readonly EndedAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const policies = new Map(
    (
      await findRetryPolicies(
        ctx.tx,
        attempts.map((a) => a.taskId),
      )
    ).map((p) => [p.id, p]),
  );
  const retries: { taskId: string; error: string; spendsRetry: boolean }[] = [];
  const finals: { taskId: string; error: string }[] = [];
  for (const attempt of attempts) {
    const policy = policies.get(attempt.taskId)!;
    const base = {
      tenantId: attempt.tenantId,
      taskId: attempt.taskId,
      retryCount: attempt.retryCount,
    };
    if (attempt.timedOut) {
      ctx.events.push({ ...base, eventType: 'TIMED_OUT', message: attempt.error });
    }
    if (attempt.retryable && policy.appRetryCount < policy.retries) {
      retries.push({ taskId: attempt.taskId, error: attempt.error, spendsRetry: true });
      ctx.events.push({
        ...base,
        eventType: 'RETRYING',
        message: attempt.error,
        data: attempt.data,
      });
    } else {
      finals.push({ taskId: attempt.taskId, error: attempt.error });
      ctx.events.push({ ...base, eventType: 'FAILED', message: attempt.error, data: attempt.data });
      touchRun(ctx, policy.runId, attempt.tenantId);
    }
  }
  if (finals.length > 0) await failTasks(ctx.tx, finals);
  if (retries.length > 0) {
    const tenants = new Map(attempts.map((a) => [a.taskId, a.tenantId]));
    for (const { id, retryCount } of await requeueTasks(ctx.tx, retries)) {
      const policy = policies.get(id)!;
      const tenantId = tenants.get(id)!;
      const delay = retryDelayMs(
        policy.appRetryCount + 1,
        policy.backoffFactor,
        policy.backoffMaxSeconds,
      );
      queueTask(ctx, { ...policy, tenantId }, retryCount, ctx.now + delay);
    }
  }
}

async function applyTimeouts(ctx: Ctx, batch: Batch): Promise<void> {
  if (batch.timeouts.length === 0) return;
  const live = await deleteRuntimes(ctx.tx, batch.timeouts.map(attemptKey));
  const tenants = new Map(batch.timeouts.map((t) => [t.taskId, t.tenantId]));
  const policies = new Map(
    (
      await findRetryPolicies(
        ctx.tx,
        live.map((r) => r.taskId),
      )
    ).map((p) => [p.id, p]),
  );
  ctx.out.endedRuntimes.push(...live.map((r) => r.taskId));
  ctx.out.cancelOnWorker.push(...live.map((r) => r.taskId));
  await failAttempts(
    ctx,
    live.map((r) => ({
      tenantId: tenants.get(r.taskId)!,
      taskId: r.taskId,
      retryCount: r.retryCount,
      error: `Task exceeded its execution timeout of ${policies.get(r.taskId)?.timeoutSeconds ?? '?'}s`,
      data: null,
      retryable: true,
      timedOut: true,
    })),
  );
}

async function applyReassigns(ctx: Ctx, batch: Batch): Promise<void> {
  if (batch.reassigns.length === 0) return;
  const live = await deleteRuntimes(ctx.tx, batch.reassigns.map(attemptKey));
  const ops = new Map(batch.reassigns.map((r) => [r.taskId, r]));
  if (live.length === 0) return;
  ctx.out.endedRuntimes.push(...live.map((r) => r.taskId));
  const policies = new Map(
    (
      await findRetryPolicies(
        ctx.tx,
        live.map((r) => r.taskId),
      )
    ).map((p) => [p.id, p]),
  );
  const requeue: { taskId: string; error: null; spendsRetry: false }[] = [];
  const exhausted: EndedAttempt[] = [];
  for (const runtime of live) {
    const op = ops.get(runtime.taskId)!;
    const policy = policies.get(runtime.taskId)!;
    ctx.events.push({
      tenantId: op.tenantId,
      taskId: op.taskId,
      retryCount: runtime.retryCount,
      eventType: 'REASSIGNED',
      workerId: runtime.workerId,
      message: op.reason,
    });
    if (policy.retryCount - policy.appRetryCount >= MAX_INTERNAL_RETRIES) {
      exhausted.push({
        tenantId: op.tenantId,
        taskId: op.taskId,
        retryCount: runtime.retryCount,
        error: `Task was reassigned ${MAX_INTERNAL_RETRIES} times (last: ${op.reason})`,
        data: null,
        retryable: false,
        timedOut: false,
      });
    } else {
      requeue.push({ taskId: runtime.taskId, error: null, spendsRetry: false });
    }
  }
  await failAttempts(ctx, exhausted);
  if (requeue.length === 0) return;
  for (const { id, retryCount } of await requeueTasks(ctx.tx, requeue)) {
    const tenantId = ops.get(id)!.tenantId;
    queueTask(ctx, { ...policies.get(id)!, tenantId }, retryCount);
  }
}

async function applyScheduleTimeouts(
  ctx: Ctx,
  timeouts: readonly ScheduleTimeoutOp[],
): Promise<void> {
  if (timeouts.length === 0) return;
  const removed = new Set(await deleteQueueItems(ctx.tx, timeouts.map(attemptKey)));
  const expired = timeouts.filter((t) => removed.has(t.taskId));
  if (expired.length === 0) return;
  ctx.out.dequeued.push(...expired.map((t) => t.taskId));
  const error = 'Task was not assigned to a worker before its schedule timeout';
  await failTasks(
    ctx.tx,
    expired.map((t) => ({ taskId: t.taskId, error })),
  );
  for (const t of expired) {
    ctx.events.push({
      tenantId: t.tenantId,
      taskId: t.taskId,
      retryCount: t.retryCount,
      eventType: 'SCHEDULING_TIMED_OUT',
      message: error,
    });
    touchRun(ctx, t.runId, t.tenantId);
  }
}

/** Takes active tasks off the queue and the running set; returns the attempts that were running. */
async function stopTasks(ctx: Ctx, taskIds: readonly string[]): Promise<void> {
  if (taskIds.length === 0) return;
  ctx.out.dequeued.push(...(await deleteQueueItemsOfTasks(ctx.tx, taskIds)));
  const running = await deleteRuntimesOfTasks(ctx.tx, taskIds);
  ctx.out.endedRuntimes.push(...running.map((r) => r.taskId));
  ctx.out.cancelOnWorker.push(...running.map((r) => r.taskId));
}

async function applyCancels(ctx: Ctx, batch: Batch): Promise<void> {
  for (const op of batch.cancels) {
    const tasks = (await findTasksByTaskOrRunIds(ctx.tx, op.tenantId, op.ids)).filter(
      (t) => !isFinal(t.status),
    );
    const ids = tasks.map((t) => t.id);
    await stopTasks(ctx, ids);
    if (ids.length > 0) await cancelTasks(ctx.tx, ids);
    for (const task of tasks) {
      ctx.events.push({
        tenantId: op.tenantId,
        taskId: task.id,
        retryCount: task.retryCount,
        eventType: 'CANCELLED',
        message: 'Cancelled by request',
      });
      touchRun(ctx, task.runId, op.tenantId);
    }
    op.result = tasks.map((t) => t.externalId);
  }
}

async function applyReplays(ctx: Ctx, batch: Batch): Promise<void> {
  for (const op of batch.replays) {
    const named = await findTasksByTaskOrRunIds(ctx.tx, op.tenantId, op.ids);
    // A run id replays the whole run; a task id replays that task and what follows it.
    const targets = named.filter(
      (t) =>
        !t.isOnFailure &&
        isFinal(t.status) &&
        (op.ids.includes(t.externalId) || op.ids.includes(t.runId)),
    );
    const runIds = [...new Set(targets.map((t) => t.runId))];
    if (runIds.length === 0) {
      op.result = [];
      continue;
    }
    const runTasks = await listRunTasks(
      ctx.tx,
      runIds.map((runId) => ({ tenantId: op.tenantId, runId })),
    );
    const resets: { task: RunTaskRow; status: 'QUEUED' | 'PENDING' }[] = [];
    for (const runId of runIds) {
      const tasks = runTasks.filter((t) => t.runId === runId && !t.isOnFailure);
      const roots = targets.filter((t) => t.runId === runId).map((t) => t.readableId);
      const replayed = new Set([...roots, ...descendantsOf(tasks, roots)]);
      const status = new Map(tasks.map((t) => [t.readableId, t.status]));
      for (const task of tasks) {
        if (!replayed.has(task.readableId)) continue;
        const ready = task.parents.every((p) => !replayed.has(p) && status.get(p) === 'COMPLETED');
        resets.push({ task, status: ready ? 'QUEUED' : 'PENDING' });
      }
    }
    await stopTasks(
      ctx,
      resets.filter((r) => !isFinal(r.task.status)).map((r) => r.task.id),
    );
    const newRetry = new Map(
      (
        await resetTasksForReplay(
          ctx.tx,
          resets.map((r) => ({ taskId: r.task.id, status: r.status })),
        )
      ).map((r) => [r.id, r.retryCount]),
    );
    for (const { task, status } of resets) {
      const retryCount = newRetry.get(task.id)!;
      ctx.events.push({
        tenantId: op.tenantId,
        taskId: task.id,
        retryCount,
        eventType: 'RETRIED_BY_USER',
      });
      if (status === 'QUEUED') queueTask(ctx, task, retryCount);
    }
    await reopenRuns(ctx.tx, op.tenantId, runIds);
    // A run finished earlier in this batch is live again: its progress is read, not assumed.
    for (const runId of runIds) ctx.soleResults.delete(runId);
    op.result = targets.map((t) => t.externalId);
  }
}

/** DAG progress and run completion for every run a final task state touched in this batch. */
async function advanceRuns(ctx: Ctx): Promise<void> {
  if (ctx.touchedRuns.size === 0) return;
  const finished: {
    tenantId: string;
    runId: string;
    status: 'COMPLETED' | 'FAILED' | 'CANCELLED';
    started: boolean;
  }[] = [];
  for (const [runId, result] of ctx.soleResults) {
    const tenantId = ctx.touchedRuns.get(runId)!;
    finished.push({ tenantId, runId, status: 'COMPLETED', started: ctx.startedRuns.has(runId) });
    ctx.out.finishedRuns.push({
      tenantId,
      runId,
      status: 'COMPLETED',
      finishedAt: new Date(ctx.now),
      tasks: [result],
    });
  }
  const runs = [...ctx.touchedRuns]
    .filter(([runId]) => !ctx.soleResults.has(runId))
    .map(([runId, tenantId]) => ({ runId, tenantId }));
  const tasks = runs.length > 0 ? await listRunTasks(ctx.tx, runs) : [];
  const versionIds = [...new Set(tasks.map((t) => t.workflowVersionId))];
  const onFailureSteps = ctx.env.memo.onFailureSteps;
  const unknown = versionIds.filter((id) => !onFailureSteps.has(id));
  if (unknown.length > 0) {
    for (const id of unknown) onFailureSteps.set(id, null);
    for (const step of await listOnFailureSteps(ctx.tx, unknown))
      onFailureSteps.set(step.workflowVersionId, step);
  }
  const toQueue: RunTaskRow[] = [];
  const toCancel: RunTaskRow[] = [];
  const onFailureTasks: (NewTaskRow & {
    step: NonNullable<ReturnType<typeof onFailureSteps.get>>;
  })[] = [];
  const goingOn: string[] = [];
  for (const { runId, tenantId } of runs) {
    const runTasks = tasks.filter((t) => t.runId === runId);
    if (runTasks.length === 0) continue;
    const onFailureStep = onFailureSteps.get(runTasks[0]!.workflowVersionId) ?? undefined;
    const plan = planRunProgress(runTasks, onFailureStep !== undefined);
    const byId = new Map(runTasks.map((t) => [t.id, t]));
    for (const id of plan.queue) toQueue.push(byId.get(id)!);
    for (const id of plan.cancel) {
      const task = byId.get(id)!;
      task.status = 'CANCELLED';
      task.error = 'Cancelled because a parent task failed or was cancelled';
      toCancel.push(task);
    }
    if (plan.createOnFailure && onFailureStep) {
      onFailureTasks.push({
        externalId: randomUUID(),
        tenantId,
        runId,
        stepId: onFailureStep.id,
        readableId: onFailureStep.readableId,
        actionId: onFailureStep.actionId,
        status: 'QUEUED',
        retryCount: 0,
        priority: runTasks[0]!.priority,
        step: onFailureStep,
      });
    }
    if (plan.runStatus && plan.runStatus !== 'QUEUED' && plan.runStatus !== 'RUNNING') {
      finished.push({
        tenantId,
        runId,
        status: plan.runStatus,
        started: ctx.startedRuns.has(runId),
      });
      ctx.out.finishedRuns.push({
        tenantId,
        runId,
        status: plan.runStatus,
        finishedAt: new Date(ctx.now),
        tasks: runTasks.map(taskResult),
      });
    } else if (ctx.startedRuns.has(runId)) {
      goingOn.push(runId);
    }
  }
  if (toQueue.length > 0) {
    await queuePendingTasks(
      ctx.tx,
      toQueue.map((t) => t.id),
    );
    for (const task of toQueue) queueTask(ctx, task, task.retryCount);
  }
  if (toCancel.length > 0) {
    await cancelTasks(
      ctx.tx,
      toCancel.map((t) => t.id),
    );
    for (const task of toCancel) {
      ctx.events.push({
        tenantId: task.tenantId,
        taskId: task.id,
        retryCount: task.retryCount,
        eventType: 'CANCELLED',
        message: task.error ?? '',
      });
    }
  }
  if (onFailureTasks.length > 0) {
    const ids = await writeNewTasks(
      ctx,
      onFailureTasks.map(({ step: _step, ...task }) => task),
    );
    onFailureTasks.forEach((task, i) => queueTask(ctx, { ...task.step, ...task, id: ids[i]! }, 0));
  }
  if (finished.length > 0) ctx.writes.push(runsFinish(finished));
  if (goingOn.length > 0) ctx.writes.push(runsStart(goingOn));
}

export function taskResult(task: RunTaskRow): TaskResult {
  return {
    externalId: task.externalId,
    readableId: task.readableId,
    status: task.status,
    output: task.output,
    error: task.status === 'CANCELLED' ? (task.error ?? 'Task was cancelled') : task.error,
  };
}

/** Subscribers' questions: does the run exist, and what is its result if it has finished? */
async function applyRunChecks(ctx: Ctx, batch: Batch): Promise<void> {
  if (batch.runChecks.length === 0) return;
  const states = new Map(
    (await findRunStates(ctx.tx, [...new Set(batch.runChecks.map((op) => op.runId))])).map((r) => [
      r.id,
      r,
    ]),
  );
  const finished = [...states.values()].filter((r) => r.finishedAt !== null && isFinal(r.status));
  const tasks =
    finished.length === 0
      ? []
      : await listRunTasks(
          ctx.tx,
          finished.map((r) => ({ tenantId: r.tenantId, runId: r.id })),
        );
  for (const op of batch.runChecks) {
    const run = states.get(op.runId);
    if (!run || run.tenantId !== op.tenantId) continue;
    op.result =
      run.finishedAt !== null && isFinal(run.status)
        ? {
            runId: run.id,
            status: run.status as RunResult['status'],
            finishedAt: run.finishedAt,
            tasks: tasks.filter((t) => t.runId === run.id).map(taskResult),
          }
        : null;
  }
}

/** Logs, stream events, pushed events and worker states: append-only or last-write-wins. */
async function applyHistory(ctx: Ctx, batch: Batch): Promise<void> {
  if (batch.logs.length > 0) {
    ctx.writes.push(taskLogsInsert(batch.logs.map(({ done: _done, ...log }) => log)));
  }
  if (batch.streams.length > 0) {
    const ids = await insertStreamEvents(
      ctx.tx,
      batch.streams.map(({ done: _done, ...s }) => ({
        ...s,
        message: Buffer.from(s.message).toString('base64'),
      })),
    );
    batch.streams.forEach((s, i) => {
      ctx.out.streamEvents.push({
        tenantId: s.tenantId,
        runId: s.runId,
        id: ids[i]!,
        event: {
          taskExternalId: s.taskExternalId,
          retryCount: s.retryCount,
          eventIndex: s.eventIndex,
          createdAt: s.createdAt,
          message: s.message,
        },
      });
    });
  }
  const events = batch.events.flatMap((op) =>
    op.events.map((e) => ({
      id: e.id,
      tenantId: op.tenantId,
      key: e.key,
      payload: e.payload,
      additionalMetadata: e.additionalMetadata ?? {},
      scope: e.scope ?? null,
      priority: e.priority ?? null,
      eventTimestamp: e.eventTimestamp ?? new Date(ctx.now),
    })),
  );
  if (events.length > 0) ctx.writes.push(eventsInsert(events));
  if (batch.workerStates.size > 0)
    ctx.writes.push(workerStatesUpdate([...batch.workerStates.values()]));
}
