/**
 * Durable tasks as the transports call them (`Engine.durable`): a worker's DurableTask stream
 * attached, its waits and memos, its memo values and its status reports. Calls are written by
 * the durable system in the engine's ticks (systems/durable.ts); this module owns what lives
 * beside them in memory: the logs (durable-log.ts), what the waits wait for (durable-waits.ts)
 * and each worker's stream, where completions go.
 */
import type { ErrorContext } from './engine-options';
import type { Database } from '@trellis/db';
import { normaliseWait, type WaitConditionInput } from './durable-conditions';
import { DurableLogs, type DurableCall } from './durable-log';
import { DurableSleeps, EventWaits } from './durable-waits';
import { EngineError } from './errors';
import { listDurableNodes, listOpenChildren, listOpenEventWaits } from './queries/durable.queries';
import { findTaskByExternalId } from './queries/task.queries';
import type { RunningAttempts } from './running-attempts';
import {
  completionOf,
  type DurableBranch,
  type DurableCallAnswer,
  type DurableCompletion,
  type DurableRef,
  type DurableSpawnAnswer,
  type DurableSystem,
} from './systems/durable';
import type { ResolvedTrigger } from './systems/trigger';
import type { TenantScope } from './tenant-scope';
import type { Clock, RunResult, TriggerRequest } from './types';
import { assertUuid } from './validation';
import type { WorkerRegistry } from './worker-registry';
import { durableInvocation } from './assigned-actions';

/** Where a worker's completions go: its DurableTask stream. */
export interface DurableStream {
  send(completion: DurableCompletion): void;
}

/** A wait or a memo, as the worker sends it. */
export type DurableCallInput =
  | {
      kind: 'WAIT_FOR';
      sleeps: WaitConditionInput[];
      events: WaitConditionInput[];
      label?: string | undefined;
    }
  | { kind: 'MEMO'; memoKey: Uint8Array };

export interface DurableTasksDeps {
  db: Database;
  clock: Clock;
  /** The tenants whose open waits this engine keeps. */
  scope: TenantScope;
  workers: WorkerRegistry;
  running: RunningAttempts;
  system(): DurableSystem;
  /** Checks and resolves the runs a durable task spawns. */
  resolveTriggers(
    tenantId: string,
    requests: readonly TriggerRequest[],
  ): Promise<ResolvedTrigger[]>;
  /** Calls back once a run is final (at once if it is already). */
  subscribeToRun(
    tenantId: string,
    runId: string,
    onResult: (result: RunResult) => void,
  ): Promise<unknown>;
  assertOpen(): void;
  onError(message: string, error: unknown, context?: ErrorContext): void;
}

export class DurableTasks {
  readonly logs = new DurableLogs();
  readonly events = new EventWaits();
  readonly sleeps: DurableSleeps;
  private readonly streams = new Map<string, DurableStream>();

  constructor(private readonly deps: DurableTasksDeps) {
    this.sleeps = new DurableSleeps({
      db: deps.db,
      clock: deps.clock,
      scope: deps.scope,
      due: (nodes) => deps.system().due(nodes),
      onError: deps.onError,
    });
  }

  /**
   * Reads back the open waits' event conditions, the sleeps due soon and the spawned runs
   * still awaited (Engine.start).
   */
  async start(): Promise<void> {
    for (const wait of await listOpenEventWaits(this.deps.db, this.deps.scope)) {
      this.events.add(wait.tenantId, wait.taskId, wait.nodeId, wait.conditions);
    }
    for (const child of await listOpenChildren(this.deps.db, this.deps.scope)) {
      this.watchChild(child.tenantId, child.childRunId, child.taskId, child.nodeId);
    }
    await this.sleeps.start();
  }

  /** A spawned run's node completes with the run's result, whenever it is final. */
  watchChild(tenantId: string, runId: string, taskId: string, nodeId: number): void {
    this.deps
      .subscribeToRun(tenantId, runId, (result) =>
        this.deps.system().childFinished(taskId, nodeId, result),
      )
      .catch((error: unknown) =>
        this.deps.onError(`engine: could not watch run ${runId} for its durable parent`, error, {
          tenantId,
          runId,
        }),
      );
  }

  /** Runs spawned from a running durable task (`trigger_runs`); answered once stored. */
  async spawn(
    tenantId: string,
    workerId: string,
    taskExternalId: string,
    invocation: number,
    requests: readonly TriggerRequest[],
  ): Promise<DurableSpawnAnswer> {
    this.deps.assertOpen();
    assertUuid(taskExternalId, 'durable task id');
    if (requests.length === 0) throw new EngineError('INVALID_ARGUMENT', 'nothing to spawn');
    const triggers = await this.deps.resolveTriggers(tenantId, requests);
    return this.deps.system().spawn(tenantId, workerId, taskExternalId, invocation, triggers);
  }

  stop(): void {
    this.sleeps.stop();
  }

  /** Sends a completion on the worker's stream, if it has one open. */
  deliver(workerId: string, completion: DurableCompletion): void {
    this.streams.get(workerId)?.send(completion);
  }

  /** A worker's DurableTask stream (`register_worker`); returns the detach. */
  attach(tenantId: string, workerId: string, stream: DurableStream): () => void {
    this.deps.assertOpen();
    this.assertWorker(tenantId, workerId);
    this.streams.set(workerId, stream);
    this.deps.workers.durableStreamOpened(workerId);
    return () => {
      if (this.streams.get(workerId) !== stream) return;
      this.streams.delete(workerId);
      this.deps.workers.durableStreamClosed(workerId);
    };
  }

  /** A wait or a memo from a running durable task; answered once it is stored. */
  call(
    tenantId: string,
    workerId: string,
    taskExternalId: string,
    invocation: number,
    input: DurableCallInput,
  ): Promise<DurableCallAnswer> {
    this.deps.assertOpen();
    assertUuid(taskExternalId, 'durable task id');
    const call: DurableCall =
      input.kind === 'MEMO'
        ? { kind: 'MEMO', memoKey: Buffer.from(input.memoKey).toString('base64') }
        : {
            kind: 'WAIT_FOR',
            conditions: normaliseWait(input.sleeps, input.events),
            label: input.label || null,
          };
    return this.deps.system().call(tenantId, workerId, { taskExternalId, invocation, call });
  }

  /**
   * A worker gives up a waiting invocation (`evict_invocation`): its slot is freed and the task
   * comes back, as its next invocation, when what it waits for completes.
   */
  evict(
    tenantId: string,
    workerId: string,
    taskExternalId: string,
    invocation: number,
    reason: string,
  ): Promise<void> {
    this.deps.assertOpen();
    assertUuid(taskExternalId, 'durable task id');
    return this.deps.system().evict(tenantId, workerId, taskExternalId, invocation, reason);
  }

  /** Queues an evicted task again now; false when it is not evicted. */
  async restore(tenantId: string, taskExternalId: string): Promise<boolean> {
    this.deps.assertOpen();
    assertUuid(taskExternalId, 'task id');
    const task = await findTaskByExternalId(this.deps.db, tenantId, taskExternalId);
    if (!task) throw new EngineError('NOT_FOUND', `task ${taskExternalId} does not exist`);
    return this.deps.system().restore(task.id);
  }

  /**
   * Runs a durable task again from a node of its event log, as a new branch (REST
   * durable-tasks/branch); resolves with where the branch starts.
   */
  async branch(tenantId: string, from: DurableBranch): Promise<DurableBranch> {
    this.deps.assertOpen();
    assertUuid(from.taskExternalId, 'task id');
    if (!Number.isInteger(from.nodeId) || from.nodeId < 1) {
      throw new EngineError('INVALID_ARGUMENT', 'nodeId must be a node of the log, from 1');
    }
    if (!Number.isInteger(from.branchId) || from.branchId < 0) {
      throw new EngineError('INVALID_ARGUMENT', 'branchId must be 0 (the current branch) or more');
    }
    const task = await findTaskByExternalId(this.deps.db, tenantId, from.taskExternalId);
    if (!task) throw new EngineError('NOT_FOUND', `task ${from.taskExternalId} does not exist`);
    return this.deps.system().branch(tenantId, task.id, from);
  }

  /** The value a memo computed (`complete_memo`); resolves with the completion to send. */
  memoValue(
    tenantId: string,
    workerId: string,
    ref: DurableRef,
    payload: Uint8Array,
  ): Promise<DurableCompletion[]> {
    this.deps.assertOpen();
    assertUuid(ref.taskExternalId, 'durable task id');
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(payload).toString('utf8') || 'null');
    } catch {
      throw new EngineError('INVALID_ARGUMENT', 'the memo value is not JSON');
    }
    return this.deps.system().memoValue(tenantId, workerId, ref, value);
  }

  /**
   * What a worker waits on (`worker_status`, every second while it waits): the completions it
   * may have missed (a reconnect, a restart), sent again (the SDK drops those it already has),
   * and the invocations it waits in that are over.
   */
  async missed(
    tenantId: string,
    workerId: string,
    waiting: readonly DurableRef[],
  ): Promise<{ completions: DurableCompletion[]; stale: DurableRef[] }> {
    this.assertWorker(tenantId, workerId);
    const completions: DurableCompletion[] = [];
    const stale: DurableRef[] = [];
    for (const ref of waiting) {
      const attempt = this.deps.running.running(tenantId, ref.taskExternalId);
      // An invocation the worker no longer runs (the task ended, moved or went on to its next
      // invocation): the worker is told to drop it (server_evict).
      if (
        !attempt ||
        attempt.workerId !== workerId ||
        durableInvocation(attempt.retryCount) !== ref.invocation
      ) {
        stale.push(ref);
        continue;
      }
      let log = this.logs.get(attempt.taskId);
      if (!log) {
        const stored = (await listDurableNodes(this.deps.db, [attempt.taskId])).get(attempt.taskId);
        if (!stored) continue;
        // A tick may have read it meanwhile; its copy is the newer.
        log = this.logs.get(attempt.taskId) ?? { taskId: attempt.taskId, ...stored };
        this.logs.set(log);
      }
      const node = log.nodes[ref.nodeId - 1];
      if (node && node.branchId === ref.branchId && node.satisfiedSeq !== null) {
        completions.push(completionOf(ref.taskExternalId, ref.invocation, node));
      }
    }
    return { completions, stale };
  }

  private assertWorker(tenantId: string, workerId: string): void {
    if (this.deps.workers.get(workerId)?.tenantId !== tenantId) {
      throw new EngineError('NOT_FOUND', `worker ${workerId} is not registered`);
    }
  }
}
