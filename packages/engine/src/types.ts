/** Types of the engine's public API (the facade in engine.ts), free of any transport. */
import type { BatchTrigger } from './batches';
import type { DesiredLabelInput } from './placement';
import type { TimedTrigger } from './systems/trigger';
import type { RunStatus, TaskEventType, TaskStatus } from './task-lifecycle';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface TriggerRequest {
  /** Lower-cased, namespaced workflow name. */
  workflowName: string;
  input?: unknown;
  additionalMetadata?: Record<string, unknown> | undefined;
  priority?: number | undefined;
  /** Set when a task spawns the run: deduplicated on (parent task, child index or key). */
  parentTaskExternalId?: string | undefined;
  parentRunId?: string | undefined;
  childIndex?: number | undefined;
  childKey?: string | undefined;
  /** Set when a cron or a scheduled run starts the run (timed-triggers.ts). */
  timed?: TimedTrigger | undefined;
  /** The worker the run's tasks should run on (sticky; HARD: only there). */
  desiredWorkerId?: string | undefined;
  /** Worker labels for this run, overriding its steps' key by key. */
  desiredWorkerLabels?: Readonly<Record<string, DesiredLabelInput>> | undefined;
}

/**
 * What a worker receives: a task to start, the cancellation of one it holds, or a batch to
 * start (its first member's fields, and every member's payload keyed by task id).
 */
export interface AssignedActionData {
  kind: 'START' | 'CANCEL' | 'START_BATCH';
  tenantId: string;
  workflowRunId: string;
  taskExternalId: string;
  retryCount: number;
  actionId: string;
  /** The task's readable id. */
  taskName: string;
  workflowName: string;
  workflowId: string;
  workflowVersionId: string;
  stepId: string;
  /** The JSON string the SDK parses: input, parents, step_run_errors, ... */
  payload: string;
  additionalMetadata: Record<string, unknown>;
  priority: number;
  childIndex: number | null;
  childKey: string | null;
  parentTaskExternalId: string | null;
  taskInsertedAt: Date;
  triggeringEventId: string | null;
  triggeringEventKey: string | null;
  batch?: BatchStart | undefined;
  /**
   * A durable task's invocation: its n-th dispatch, which replays the calls of those before
   * (durable-log.ts). A cancel repeats it, since the worker keys the task on it.
   */
  durableInvocation?: number | undefined;
}

/** What a START_BATCH action says of its batch (the SDK's batch fields). */
export interface BatchStart {
  id: string;
  key: string;
  size: number;
  trigger: BatchTrigger;
  formedAt: Date;
}

export interface TaskResult {
  externalId: string;
  readableId: string;
  status: TaskStatus;
  output: unknown;
  error: string | null;
}

/** Delivered once to each subscriber when a run reaches a final state. */
export interface RunResult {
  runId: string;
  status: RunStatus;
  finishedAt: Date;
  tasks: TaskResult[];
}

export interface StreamEvent {
  taskExternalId: string;
  retryCount: number;
  eventIndex: number | null;
  createdAt: Date;
  message: Uint8Array;
}

export interface RunStreamListener {
  onStreamEvent(event: StreamEvent): void;
  /** The run reached a final state; no more events follow. */
  onFinished(status: RunStatus): void;
}

export interface WorkerRegistration {
  name: string;
  actions: readonly string[];
  slotConfig: Record<string, number>;
  labels?: Record<string, string | number> | undefined;
  runtimeInfo?: unknown;
}

export interface TaskEventReport {
  taskExternalId: string;
  retryCount?: number | undefined;
  /** The SDK sends the worker's *name* here; the registered id is accepted too. */
  workerId: string;
  kind: 'STARTED' | 'COMPLETED' | 'FAILED';
  /** JSON text: the output for COMPLETED, `{message, stack}` for FAILED. */
  payload: string;
  shouldNotRetry?: boolean | undefined;
  at?: Date | undefined;
}

/** A batch's members' STARTED, COMPLETED, FAILED or CANCELLED, from the worker running it. */
export interface BatchEventReport {
  workerId: string;
  kind: TaskEventReport['kind'] | 'CANCELLED';
  at?: Date | undefined;
  items: readonly {
    taskExternalId: string;
    payload: string;
    retryCount?: number | undefined;
    shouldNotRetry?: boolean | undefined;
  }[];
}

export interface LogLine {
  taskExternalId: string;
  retryCount?: number | undefined;
  createdAt?: Date | undefined;
  message: string;
  level?: string | undefined;
  metadata?: unknown;
}

export interface StreamChunk {
  taskExternalId: string;
  retryCount?: number | undefined;
  createdAt?: Date | undefined;
  message: Uint8Array;
  eventIndex?: number | undefined;
  metadata?: unknown;
}

export interface PushedEvent {
  key: string;
  payload: unknown;
  additionalMetadata?: Record<string, unknown> | undefined;
  scope?: string | undefined;
  priority?: number | undefined;
  eventTimestamp?: Date | undefined;
  /** The incoming webhook the event came through. */
  triggeringWebhookName?: string | undefined;
}

export interface RunDetails {
  runId: string;
  workflowName: string;
  status: RunStatus;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  tasks: (TaskResult & {
    retryCount: number;
    createdAt: Date;
    startedAt: Date | null;
    finishedAt: Date | null;
  })[];
}

export interface TaskTimelineEvent {
  retryCount: number;
  eventType: TaskEventType;
  createdAt: Date;
  workerId: string | null;
  message: string;
}
