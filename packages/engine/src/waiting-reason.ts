/**
 * "Why is this task waiting?": the reason the scheduler holds a queued task back, worked out
 * from the very state it assigns with (the queue, the concurrency keys, the workers), so the
 * answer is exact at the moment it is asked and asking costs no query of the queue. The
 * reasons are checked in the order assignment checks them: the workflow, the concurrency keys,
 * the rate limits, the batch, then the workers.
 */
import type { ConcurrencyClaim } from './concurrency';
import type { KeyHolder } from './concurrency-gate';
import type { ReadyItem, Scheduler } from './scheduler';
import { labelScore } from './placement';
import { freeUnits, isAssignable, type WorkerState } from './worker-pool';

export type WaitingReason =
  /** The task is not waiting in the queue: `status` says where it is. */
  | { reason: 'NOT_QUEUED'; status: string }
  /** A DAG task whose conditions are still counting (task-conditions.ts). */
  | {
      reason: 'CONDITIONS';
      since: Date;
      /** What must still happen before it runs: groups of alternatives. */
      waitingFor: string[][];
      skippedIf: string[][];
      cancelledIf: string[][];
      nextSleepAt: Date | null;
    }
  | { reason: 'BACKOFF'; readyAt: Date }
  | { reason: 'WORKFLOW_PAUSED' }
  | { reason: 'CANCELLING' }
  | {
      reason: 'CONCURRENCY';
      key: string;
      expression: string;
      strategy: string;
      limit: number;
      heldBy: KeyHolder[];
    }
  | { reason: 'RATE_LIMITED'; key: string; limit: number; readyAt: Date }
  | { reason: 'RATE_LIMIT_ERROR'; key: string; error: string }
  | {
      reason: 'BATCH_COLLECTING';
      key: string;
      size: number;
      maxSize: number;
      /** When the batch goes even if not full; null: only when full. */
      dueAt: Date | null;
    }
  | { reason: 'BATCH_GROUP_BUSY'; key: string; running: number; limit: number }
  | { reason: 'NO_WORKER'; actionId: string }
  | { reason: 'NO_ACTIVE_WORKER'; actionId: string; paused: number; inactive: number }
  | { reason: 'STICKY_WORKER_BUSY'; actionId: string; workerId: string }
  | { reason: 'NO_MATCHING_WORKER'; actionId: string; labels: string[] }
  | { reason: 'NO_FREE_SLOTS'; actionId: string; slotType: string; workers: number }
  /** A durable task, and every worker with room has its DurableTask stream reconnecting. */
  | { reason: 'DURABLE_STREAM_RECONNECTING'; actionId: string; readyAt: Date }
  | { reason: 'NEXT' };

export type WaitingExplanation = WaitingReason & { message: string };

/** Why a queued item is not assigned yet; `workers` are its tenant's. */
export function explainWaiting(
  scheduler: Scheduler,
  item: ReadyItem,
  workers: readonly WorkerState[],
  now: number,
): WaitingReason {
  if (item.readyAt > now) return { reason: 'BACKOFF', readyAt: new Date(item.readyAt) };
  if (scheduler.isActionPaused(item)) return { reason: 'WORKFLOW_PAUSED' };
  if (item.claims) {
    if (scheduler.gate.isDoomed(item)) return { reason: 'CANCELLING' };
    const claim = scheduler.gate.blocker(item);
    if (claim) return concurrency(scheduler, item, claim);
  }
  if (item.rateLimits) {
    const check = scheduler.rateLimits.check(item.tenantId, item.rateLimits, now);
    if (!check.ok && check.reason === 'EXHAUSTED') {
      return {
        reason: 'RATE_LIMITED',
        key: check.key,
        limit: check.limit,
        readyAt: new Date(check.until),
      };
    }
    if (!check.ok) return { reason: 'RATE_LIMIT_ERROR', key: check.key, error: check.message };
  }
  if (item.batch) {
    const wait = scheduler.batchWaitOf(item.taskId, now);
    const { key, maxSize, groupMaxRuns } = item.batch;
    if (wait?.kind === 'GROUP_BUSY') {
      return { reason: 'BATCH_GROUP_BUSY', key, running: wait.running, limit: groupMaxRuns ?? 0 };
    }
    if (wait?.kind === 'COLLECTING') {
      const dueAt = wait.dueAt === undefined ? null : new Date(wait.dueAt);
      return { reason: 'BATCH_COLLECTING', key, size: wait.size, maxSize, dueAt };
    }
  }
  const serving = workers.filter((w) => w.actions.has(item.actionId));
  if (serving.length === 0) return { reason: 'NO_WORKER', actionId: item.actionId };
  const assignable = serving.filter(isAssignable);
  if (assignable.length === 0) {
    const paused = serving.filter((w) => w.isPaused).length;
    return {
      reason: 'NO_ACTIVE_WORKER',
      actionId: item.actionId,
      paused,
      inactive: serving.length - paused,
    };
  }
  const { placement } = item;
  if (placement?.strict && placement.workerId) {
    const desired = assignable.find((w) => w.id === placement.workerId);
    if (!desired || freeUnits(desired, item.slotType) < item.slotUnits) {
      return {
        reason: 'STICKY_WORKER_BUSY',
        actionId: item.actionId,
        workerId: placement.workerId,
      };
    }
  }
  const matching = assignable.filter((w) => labelScore(w.labels, placement?.labels) !== undefined);
  if (matching.length === 0) {
    const required = (placement?.labels ?? []).filter((l) => l.required);
    return {
      reason: 'NO_MATCHING_WORKER',
      actionId: item.actionId,
      labels: required.map((l) => `${l.key} ${l.comparator} ${l.value}`),
    };
  }
  const roomy = matching.filter((w) => freeUnits(w, item.slotType) >= item.slotUnits);
  if (roomy.length === 0) {
    return {
      reason: 'NO_FREE_SLOTS',
      actionId: item.actionId,
      slotType: item.slotType,
      workers: matching.length,
    };
  }
  if (item.durable && roomy.every((w) => w.durableHeldUntil > 0)) {
    const readyAt = new Date(Math.min(...roomy.map((w) => w.durableHeldUntil)));
    return { reason: 'DURABLE_STREAM_RECONNECTING', actionId: item.actionId, readyAt };
  }
  return { reason: 'NEXT' };
}

function concurrency(
  scheduler: Scheduler,
  item: ReadyItem,
  claim: ConcurrencyClaim,
): WaitingReason {
  return {
    reason: 'CONCURRENCY',
    key: claim.key,
    expression: claim.expression,
    strategy: claim.strategy,
    limit: claim.limit,
    heldBy: scheduler.gate.holdersOf(item.tenantId, claim),
  };
}

const batchName = (key: string) => (key === '' ? '' : ` "${key}"`);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The sentence the dashboard shows. */
export function describeWaiting(reason: WaitingReason): string {
  switch (reason.reason) {
    case 'NOT_QUEUED':
      return reason.status === 'PENDING'
        ? 'The task waits for its parent tasks to complete.'
        : `The task is not waiting for a worker: it is ${reason.status.toLowerCase()}.`;
    case 'CONDITIONS':
      return conditionsSentence(reason);
    case 'BACKOFF':
      return `A failed attempt is retried at ${reason.readyAt.toISOString()}; the task waits until then.`;
    case 'WORKFLOW_PAUSED':
      return 'The workflow is paused: its tasks wait until it is unpaused.';
    case 'CANCELLING':
      return 'A concurrency strategy cancelled the task; the cancellation is being written.';
    case 'CONCURRENCY':
      return `The concurrency key "${reason.key}" (${reason.expression}) is at its limit of ${reason.limit}, held by ${plural(reason.heldBy.length, 'run')}.`;
    case 'RATE_LIMITED':
      return `Rate limit "${reason.key}" (${reason.limit} per window) is exhausted until ${reason.readyAt.toISOString()}.`;
    case 'RATE_LIMIT_ERROR':
      return `${reason.error}: the task fails.`;
    case 'BATCH_COLLECTING':
      return `The task's batch${batchName(reason.key)} is collecting: ${reason.size} of ${reason.maxSize} tasks${reason.dueAt ? `; it starts at ${reason.dueAt.toISOString()} if not full before` : '; it starts when full'}.`;
    case 'BATCH_GROUP_BUSY':
      return `The batch key${batchName(reason.key)} already has ${plural(reason.running, 'batch', 'batches')} running, its limit of ${reason.limit}.`;
    case 'NO_WORKER':
      return `No worker is registered for ${reason.actionId}.`;
    case 'NO_ACTIVE_WORKER':
      return `Every worker registered for ${reason.actionId} is paused or not heartbeating (${reason.paused} paused, ${reason.inactive} inactive).`;
    case 'STICKY_WORKER_BUSY':
      return `The task must run on worker ${reason.workerId} (HARD sticky), which is busy or gone.`;
    case 'NO_MATCHING_WORKER':
      return `No worker for ${reason.actionId} carries the required labels (${reason.labels.join(', ')}).`;
    case 'NO_FREE_SLOTS':
      return `Every worker for ${reason.actionId} has its ${reason.slotType} slots full (${plural(reason.workers, 'worker')}).`;
    case 'DURABLE_STREAM_RECONNECTING':
      return `A durable task, and every worker for ${reason.actionId} with room is reconnecting its durable stream; it goes to the first that is back, or by ${reason.readyAt.toISOString()}.`;
    case 'NEXT':
      return 'Nothing holds it back: the scheduler assigns it in its next pass.';
  }
}

const anyOf = (groups: readonly string[][]) => groups.map((g) => g.join(' or ')).join(', and ');

function conditionsSentence(reason: Extract<WaitingReason, { reason: 'CONDITIONS' }>): string {
  const parts = [
    reason.waitingFor.length > 0
      ? `The task waits for ${anyOf(reason.waitingFor)} (counting since ${reason.since.toISOString()}).`
      : 'The task waits for its conditions.',
  ];
  if (reason.skippedIf.length > 0) parts.push(`It is skipped on ${anyOf(reason.skippedIf)}.`);
  if (reason.cancelledIf.length > 0) parts.push(`It is cancelled on ${anyOf(reason.cancelledIf)}.`);
  return parts.join(' ');
}
