/**
 * Durable calls (the worker's DurableTask stream): waits and memos recorded in the task's event
 * log, and what completes them (a sleep ending, an event arriving, a memo's value), written in
 * the tick's transaction with the task's other state. A call is answered after COMMIT with its
 * node; completions go to the worker running the task, after COMMIT too. So a crash at any
 * point loses no satisfied wait (it is in the table before the worker hears of it) and
 * satisfies none twice (a node completes once; a replay is given the same completion).
 */
import { newRunId, type Queryable } from '@trellis/db';
import { durableInvocation } from '../assigned-actions';
import {
  meetEndedSleeps,
  nextSleepDue,
  sleepPayload,
  waitOutcome,
  type WaitedEvent,
} from '../durable-conditions';
import {
  complete,
  completionsInOrder,
  nothingOpen,
  visit,
  type DurableCall,
  type DurableLogs,
  type DurableNode,
  type TaskLog,
} from '../durable-log';
import type { DurableSleeps, EventWaits, MetCondition } from '../durable-waits';
import { EngineError } from '../errors';
import { meetLookbacks } from '../lookbacks';
import { branchLog, durableNodesUpsert, listDurableNodes } from '../queries/durable.queries';
import { GATE_NODE } from '../queries/gate.queries';
import { deleteRuntimes } from '../queries/task-runtime.queries';
import {
  evictTasks,
  findRetryPolicies,
  findTaskStatuses,
  restoreTasks,
} from '../queries/task.queries';
import { isFinal } from '../task-lifecycle';
import type { RunningAttempt, RunningAttempts } from '../running-attempts';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { RunResult } from '../types';
import type { GateSystem } from './gates';
import { replayTasks } from './replay';
import { claimRunKey, type ResolvedTrigger, type TriggerSystem } from './trigger';

/** Which node of which invocation (v1.DurableEventLogEntryRef). */
export interface DurableRef {
  taskExternalId: string;
  invocation: number;
  branchId: number;
  nodeId: number;
}

/** Where a branch starts: a node of a task's log, in a branch (0: the task's current one). */
export type DurableBranch = Omit<DurableRef, 'invocation'>;

/** A node's completion, as `entry_completed` carries it: a payload, or a failure's message. */
export interface DurableCompletion {
  ref: DurableRef;
  payload: unknown;
  failure?: string | undefined;
}

/** What a spawn of runs is answered with: a node per run, or the replay's departure. */
export type DurableSpawnAnswer =
  | { ok: true; runs: { ref: DurableRef; runId: string }[]; completions: DurableCompletion[] }
  | { ok: false; ref: DurableRef; nondeterminism: string };

export type DurableCallAnswer =
  | {
      ok: true;
      ref: DurableRef;
      /** A memo's node: whether it has a value already, and the value. */
      memo?: { existed: boolean; value: unknown };
      /** Completions to send after the answer: those recorded before (on a replay) and this. */
      completions: DurableCompletion[];
    }
  | { ok: false; ref: DurableRef; nondeterminism: string };

export interface DurableCallRequest {
  taskExternalId: string;
  invocation: number;
  call: DurableCall;
}

type DurableOp = Operation<
  DurableCallAnswer | DurableSpawnAnswer | DurableCompletion[] | DurableBranch | boolean | void
> &
  (
    | { kind: 'call'; tenantId: string; workerId: string; request: DurableCallRequest }
    | {
        kind: 'spawn';
        tenantId: string;
        workerId: string;
        taskExternalId: string;
        invocation: number;
        triggers: ResolvedTrigger[];
      }
    | { kind: 'child'; taskId: string; nodeId: number; run: RunResult }
    | {
        kind: 'evict';
        tenantId: string;
        workerId: string;
        taskExternalId: string;
        invocation: number;
        reason: string;
      }
    | { kind: 'restore'; taskId: string }
    | { kind: 'branch'; tenantId: string; taskId: string; from: DurableBranch }
    | { kind: 'memo-value'; tenantId: string; workerId: string; ref: DurableRef; value: unknown }
    | {
        kind: 'event';
        tenantId: string;
        met: { taskId: string; nodeId: number; index: number };
        event: WaitedEvent;
      }
    | { kind: 'due'; taskId: string; nodeId: number }
  );

export interface DurableSystemDeps {
  db: Queryable;
  running: RunningAttempts;
  /** Spawned runs are created in the same tick (the trigger phase runs after this one). */
  trigger: TriggerSystem;
  /** Completes a spawn's node when its run finishes (durable-tasks.ts subscribes to it). */
  watchChild(tenantId: string, runId: string, taskId: string, nodeId: number): void;
  logs: DurableLogs;
  events: EventWaits;
  /** Task gates share the waits' index and sleeps; what meets them goes there. */
  gates: GateSystem;
  sleeps: DurableSleeps;
  /** Sends a completion to the worker running the task (its DurableTask stream). */
  deliver(workerId: string, completion: DurableCompletion): void;
  wake(): void;
}

export class DurableSystem extends BufferedSystem<
  DurableOp,
  DurableCallAnswer | DurableSpawnAnswer | DurableCompletion[] | DurableBranch | boolean | void
> {
  /** Completions for running tasks' workers, and index changes, applied after COMMIT. */
  private afterCommit: (() => void)[] = [];
  /** Evicted tasks whose waits completed in this tick: queued again if nothing is open. */
  private toRestore = new Set<TaskLog>();

  constructor(private readonly deps: DurableSystemDeps) {
    super(deps.wake);
  }

  /** A worker's wait or memo; answered once it is stored. */
  call(
    tenantId: string,
    workerId: string,
    request: DurableCallRequest,
  ): Promise<DurableCallAnswer> {
    const op: DurableOp = { kind: 'call', tenantId, workerId, request };
    return this.pushAwaited(op) as Promise<DurableCallAnswer>;
  }

  /** A memo's value, computed by the worker; resolves with the node's completion to send. */
  memoValue(
    tenantId: string,
    workerId: string,
    ref: DurableRef,
    value: unknown,
  ): Promise<DurableCompletion[]> {
    const op: DurableOp = { kind: 'memo-value', tenantId, workerId, ref, value };
    return this.pushAwaited(op) as Promise<DurableCompletion[]>;
  }

  /** Runs a durable task spawns (`trigger_runs`), resolved; answered once they are stored. */
  spawn(
    tenantId: string,
    workerId: string,
    taskExternalId: string,
    invocation: number,
    triggers: ResolvedTrigger[],
  ): Promise<DurableSpawnAnswer> {
    const op: DurableOp = {
      kind: 'spawn',
      tenantId,
      workerId,
      taskExternalId,
      invocation,
      triggers,
    };
    return this.pushAwaited(op) as Promise<DurableSpawnAnswer>;
  }

  /**
   * A worker gives up a waiting invocation (`evict_invocation`): its attempt ends without
   * failing and frees its slot; the task is queued again when what it waits for completes.
   */
  evict(
    tenantId: string,
    workerId: string,
    taskExternalId: string,
    invocation: number,
    reason: string,
  ): Promise<void> {
    const op: DurableOp = { kind: 'evict', tenantId, workerId, taskExternalId, invocation, reason };
    return this.pushAwaited(op) as Promise<void>;
  }

  /** Queues an evicted task again now (REST restore); resolves with whether it was evicted. */
  restore(taskId: string): Promise<boolean> {
    const op: DurableOp = { kind: 'restore', taskId };
    return this.pushAwaited(op) as Promise<boolean>;
  }

  /**
   * Runs a finished or evicted task again from a node of its log (`from`; branch 0: its
   * current log), as a new branch; resolves with where the branch starts.
   */
  branch(tenantId: string, taskId: string, from: DurableBranch): Promise<DurableBranch> {
    const op: DurableOp = { kind: 'branch', tenantId, taskId, from };
    return this.pushAwaited(op) as Promise<DurableBranch>;
  }

  /** A spawned run finished: its node completes with the run's result. */
  childFinished(taskId: string, nodeId: number, run: RunResult): void {
    this.push({ kind: 'child', taskId, nodeId, run });
  }

  /** Waits whose sleep ended (durable-waits.ts); task gates' go to the gates phase. */
  due(nodes: readonly { taskId: string; nodeId: number }[]): void {
    const gates: string[] = [];
    for (const { taskId, nodeId } of nodes) {
      if (nodeId === GATE_NODE) gates.push(taskId);
      else this.push({ kind: 'due', taskId, nodeId });
    }
    if (gates.length > 0) this.deps.gates.due(gates);
  }

  /**
   * Events being stored in this tick (the pushed-event phase runs first): the open waits they
   * meet are met in the same transaction.
   */
  includeEvents(tenantId: string, events: readonly WaitedEvent[]): void {
    const ops: DurableOp[] = [];
    const gates: { met: MetCondition; event: WaitedEvent }[] = [];
    for (const event of events) {
      for (const met of this.deps.events.matching(tenantId, event)) {
        if (met.nodeId === GATE_NODE) gates.push({ met, event });
        else ops.push({ kind: 'event', tenantId, met, event });
      }
    }
    if (ops.length > 0) this.taken = [...this.taken, ...ops];
    this.deps.gates.includeEvents(tenantId, gates);
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const logs = await this.loadLogs(tick);
    this.toRestore = new Set();
    const touched = new Map<string, { log: TaskLog; nodes: Set<DurableNode> }>();
    const touch = (log: TaskLog, node?: DurableNode) => {
      const entry = touched.get(log.taskId) ?? { log, nodes: new Set<DurableNode>() };
      if (node) entry.nodes.add(node);
      touched.set(log.taskId, entry);
    };
    // Whatever this tick changed in memory is dropped if it is not stored: the table is read
    // again when the tasks are next touched.
    tick.onRollback(() => {
      for (const taskId of touched.keys()) this.deps.logs.forget(taskId);
      this.afterCommit = [];
    });
    for (const op of this.taken) {
      try {
        if (op.kind === 'call') await this.applyCall(tick, op, logs, touch);
        else if (op.kind === 'spawn') await this.applySpawn(tick, op, logs, touch);
        else if (op.kind === 'memo-value') this.applyMemoValue(tick, op, logs, touch);
        else if (op.kind === 'child') this.applyChild(tick, op, logs, touch);
        else if (op.kind === 'evict') await this.applyEvict(tick, op, logs, touch);
        else if (op.kind === 'restore') op.result = await this.applyRestore(tick, logs, op.taskId);
        else if (op.kind === 'branch') op.result = await this.applyBranch(tick, op, logs);
        else this.applyMet(tick, op, logs, touch);
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        op.done?.reject(error);
        op.done = undefined;
      }
    }
    for (const log of this.toRestore) {
      if (log.evicted && nothingOpen(log))
        await this.restoreTask(tick, log, 'what it waited for completed');
    }
    const nodes = [...touched.values()].flatMap(({ log, nodes }) =>
      [...nodes].map((node) => ({ taskId: log.taskId, tenantId: log.tenantId, node })),
    );
    if (nodes.length > 0) tick.write(durableNodesUpsert(nodes));
  }

  override settle(): void {
    for (const apply of this.afterCommit) apply();
    this.afterCommit = [];
    super.settle();
  }

  /** The logs of the tasks this tick touches, read from the table when not in memory. */
  private async loadLogs(tick: TickContext): Promise<Map<string, TaskLog>> {
    const wanted = new Set<string>();
    for (const op of this.taken) {
      const taskId = this.taskOf(op);
      if (taskId !== undefined) wanted.add(taskId);
    }
    const logs = new Map<string, TaskLog>();
    const missing: string[] = [];
    for (const taskId of wanted) {
      const log = this.deps.logs.get(taskId);
      if (log) logs.set(taskId, log);
      else missing.push(taskId);
    }
    if (missing.length === 0) return logs;
    for (const [taskId, stored] of await listDurableNodes(tick.tx, missing)) {
      const log: TaskLog = { taskId, ...stored };
      logs.set(taskId, log);
      this.deps.logs.set(log);
    }
    return logs;
  }

  /** The task an operation is about: a worker's running one, or the one named. */
  private taskOf(op: DurableOp): string | undefined {
    switch (op.kind) {
      case 'call':
        return this.deps.running.running(op.tenantId, op.request.taskExternalId)?.taskId;
      case 'spawn':
      case 'evict':
        return this.deps.running.running(op.tenantId, op.taskExternalId)?.taskId;
      case 'memo-value':
        return this.deps.running.running(op.tenantId, op.ref.taskExternalId)?.taskId;
      case 'event':
        return op.met.taskId;
      default:
        return op.taskId;
    }
  }

  private async applyCall(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'call' }>,
    logs: Map<string, TaskLog>,
    touch: (log: TaskLog, node?: DurableNode) => void,
  ): Promise<void> {
    const { request } = op;
    const attempt = this.holder(
      op.tenantId,
      op.workerId,
      request.taskExternalId,
      request.invocation,
    );
    const log = logs.get(attempt.taskId)!;
    const completions = this.primed(log, request.taskExternalId, request.invocation);
    const landed = visit(log, request.invocation, request.call, tick.now);
    const ref = refOf(request.taskExternalId, request.invocation, landed.node);
    if ('nondeterminism' in landed) {
      op.result = { ok: false, ref, nondeterminism: landed.nondeterminism };
      return;
    }
    const { node } = landed;
    touch(log, node);
    if (landed.created && node.kind === 'WAIT_FOR') {
      await this.openWait(tick, log, node);
      if (node.satisfiedSeq !== null) {
        completions.push(completionOf(request.taskExternalId, request.invocation, node));
      }
    }
    op.result = {
      ok: true,
      ref,
      ...(node.kind === 'MEMO'
        ? { memo: { existed: node.satisfiedSeq !== null, value: node.result } }
        : {}),
      completions,
    };
  }

  /**
   * An invocation's first call: it is given, in their order, the completions recorded before
   * it (a replay resumes where its predecessor was).
   */
  private primed(log: TaskLog, taskExternalId: string, invocation: number): DurableCompletion[] {
    if (!this.deps.logs.prime(log.taskId, invocation)) return [];
    return completionsInOrder(log).map((node) => completionOf(taskExternalId, invocation, node));
  }

  /**
   * Runs spawned from a durable task: a node each, in order, and the runs created in this
   * tick. A replay lands on the nodes of the runs spawned before and creates nothing (the
   * trigger phase would also find them by their child index).
   */
  private async applySpawn(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'spawn' }>,
    logs: Map<string, TaskLog>,
    touch: (log: TaskLog, node?: DurableNode) => void,
  ): Promise<void> {
    const attempt = this.holder(op.tenantId, op.workerId, op.taskExternalId, op.invocation);
    const log = logs.get(attempt.taskId)!;
    const completions = this.primed(log, op.taskExternalId, op.invocation);
    const runs: { ref: DurableRef; runId: string }[] = [];
    const created: ResolvedTrigger[] = [];
    for (const trigger of op.triggers) {
      const runId = newRunId(tick.now);
      const call = {
        kind: 'RUN' as const,
        workflowName: trigger.version.workflowName,
        isDag: trigger.version.isDag,
        runId,
      };
      const landed = visit(log, op.invocation, call, tick.now);
      const ref = refOf(op.taskExternalId, op.invocation, landed.node);
      if ('nondeterminism' in landed) {
        op.result = { ok: false, ref, nondeterminism: landed.nondeterminism };
        return;
      }
      touch(log, landed.node);
      if (landed.created) {
        // A child whose idempotency key another run holds is that run: the node awaits it.
        const holder = await claimRunKey(tick, trigger, runId);
        landed.node.childRunId = holder;
        if (holder === runId) created.push({ ...trigger, runId });
        const { nodeId } = landed.node;
        this.afterCommit.push(() => this.deps.watchChild(log.tenantId, holder, log.taskId, nodeId));
      }
      runs.push({ ref, runId: landed.node.childRunId! });
    }
    if (created.length > 0) this.deps.trigger.includeInTick(created);
    op.result = { ok: true, runs, completions };
  }

  private async applyEvict(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'evict' }>,
    logs: Map<string, TaskLog>,
    touch: (log: TaskLog, node?: DurableNode) => void,
  ): Promise<void> {
    const attempt = this.holder(op.tenantId, op.workerId, op.taskExternalId, op.invocation);
    const log = logs.get(attempt.taskId)!;
    const ended = await deleteRuntimes(tick.tx, [
      { taskId: attempt.taskId, retryCount: attempt.retryCount },
    ]);
    if (ended.length === 0) return;
    tick.outcome.endedRuntimes.push(attempt.taskId);
    tick.event({
      tenantId: log.tenantId,
      taskId: log.taskId,
      retryCount: attempt.retryCount,
      eventType: 'DURABLE_EVICTED',
      workerId: attempt.workerId,
      message: op.reason || 'Evicted by its worker while it waits',
    });
    await evictTasks(tick.tx, [log.taskId], new Date(tick.now));
    log.evicted = true;
    touch(log);
    // What it waits for may have completed meanwhile: then it goes back at once.
    this.toRestore.add(log);
  }

  private async applyRestore(
    tick: TickContext,
    logs: Map<string, TaskLog>,
    taskId: string,
  ): Promise<boolean> {
    const log = logs.get(taskId);
    if (!log?.evicted) return false;
    return this.restoreTask(tick, log, 'Restored by a user');
  }

  /**
   * A branch: the nodes from `from` on leave the log (their waits are no longer waited on) and
   * the task runs again, as its next invocation: an evicted one is restored, a finished one
   * replayed (with what follows it in its DAG). Its calls before the node replay; the call at
   * the node writes the new branch's first node.
   */
  private async applyBranch(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'branch' }>,
    logs: Map<string, TaskLog>,
  ): Promise<DurableBranch> {
    const log = logs.get(op.taskId)!;
    const { nodeId, branchId } = op.from;
    const node = log.nodes[nodeId - 1];
    if (!node || (branchId !== 0 && branchId !== node.branchId && branchId !== log.branchId)) {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `node ${nodeId}${branchId ? ` of branch ${branchId}` : ''} is not in the task's event log`,
      );
    }
    const [task] = await findTaskStatuses(tick.tx, [op.taskId]);
    if (!log.evicted && !isFinal(task!.status)) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        `the task is ${task!.status.toLowerCase()}: branch it once it is evicted or finished`,
      );
    }
    const branch = log.branchId + 1;
    await branchLog(tick.tx, log.taskId, nodeId, branch, new Date(tick.now));
    const left = log.nodes.splice(nodeId - 1);
    log.branchId = branch;
    this.afterCommit.push(() => {
      for (const n of left) {
        if (!n.conditions || n.satisfiedSeq !== null) continue;
        this.deps.events.remove(log.tenantId, log.taskId, n.nodeId, n.conditions);
        this.deps.sleeps.set(log.taskId, n.nodeId, null);
      }
    });
    if (log.evicted) await this.restoreTask(tick, log, `Branched from node ${nodeId}`);
    else await replayTasks(tick, { tenantId: op.tenantId, ids: [op.from.taskExternalId] });
    return { taskExternalId: op.from.taskExternalId, branchId: branch, nodeId };
  }

  /** Queues an evicted task again, as its next invocation (DURABLE_RESTORING). */
  private async restoreTask(tick: TickContext, log: TaskLog, why: string): Promise<boolean> {
    const [restored] = await restoreTasks(tick.tx, [log.taskId]);
    if (!restored) return false;
    const [policy] = await findRetryPolicies(tick.tx, [log.taskId]);
    tick.event({
      tenantId: log.tenantId,
      taskId: log.taskId,
      retryCount: restored.retryCount,
      eventType: 'DURABLE_RESTORING',
      message: why,
    });
    tick.queueTask({ ...policy!, tenantId: log.tenantId, resumed: true }, restored.retryCount);
    log.evicted = false;
    return true;
  }

  /** A spawned run finished: its node completes with its output, or as a failure. */
  private applyChild(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'child' }>,
    logs: Map<string, TaskLog>,
    touch: (log: TaskLog, node?: DurableNode) => void,
  ): void {
    const log = logs.get(op.taskId);
    const node = log?.nodes[op.nodeId - 1];
    // A node superseded by a branch since is not this run's any more.
    if (!log || node?.kind !== 'RUN' || node.childRunId !== op.run.runId) return;
    if (node.satisfiedSeq !== null) return;
    const { run: result } = op;
    if (result.status === 'COMPLETED') {
      const output = node.childIsDag
        ? Object.fromEntries(result.tasks.map((t) => [t.readableId, t.output]))
        : result.tasks[0]?.output;
      complete(log, node, output ?? null, tick.now);
    } else {
      const error = result.tasks.find((t) => t.error)?.error;
      complete(log, node, null, tick.now, error ?? `the run was ${result.status.toLowerCase()}`);
    }
    touch(log, node);
    this.completed(log, node);
  }

  /**
   * A new wait: sleeps already over and events already stored (a lookback) meet it at once;
   * otherwise it is indexed for what will meet it.
   */
  private async openWait(tick: TickContext, log: TaskLog, node: DurableNode): Promise<void> {
    const conditions = node.conditions!;
    for (const [index, condition] of conditions.entries()) {
      if (condition.kind === 'SLEEP' && condition.sleepMs === 0) {
        node.met[index] = sleepPayload(0);
      }
    }
    await meetLookbacks(tick.tx, log.tenantId, conditions, node.met);
    const outcome = waitOutcome(conditions, node.met);
    if (outcome) {
      complete(log, node, outcome, tick.now);
      return;
    }
    node.dueAt = nextSleepDue(node.conditions!, node.met, node.createdAt);
    const { taskId } = log;
    this.deps.events.add(log.tenantId, taskId, node.nodeId, conditions);
    this.deps.sleeps.set(taskId, node.nodeId, node.dueAt);
    tick.onRollback(() => {
      this.deps.events.remove(log.tenantId, taskId, node.nodeId, conditions);
      this.deps.sleeps.set(taskId, node.nodeId, null);
    });
  }

  private applyMemoValue(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'memo-value' }>,
    logs: Map<string, TaskLog>,
    touch: (log: TaskLog, node?: DurableNode) => void,
  ): void {
    const { ref } = op;
    const attempt = this.holder(op.tenantId, op.workerId, ref.taskExternalId, ref.invocation);
    const log = logs.get(attempt.taskId)!;
    const node = log.nodes[ref.nodeId - 1];
    if (!node || node.kind !== 'MEMO') {
      throw new EngineError('INVALID_ARGUMENT', `node ${ref.nodeId} of the task is not a memo`);
    }
    // A value sent again (a retried send) finds the memo complete and changes nothing.
    if (node.satisfiedSeq === null) {
      complete(log, node, op.value, tick.now);
      touch(log, node);
    }
    op.result = [completionOf(ref.taskExternalId, ref.invocation, node)];
  }

  /** An event met a condition, or a wait's sleep ended. */
  private applyMet(
    tick: TickContext,
    op: Extract<DurableOp, { kind: 'event' | 'due' }>,
    logs: Map<string, TaskLog>,
    touch: (log: TaskLog, node?: DurableNode) => void,
  ): void {
    const taskId = op.kind === 'event' ? op.met.taskId : op.taskId;
    const nodeId = op.kind === 'event' ? op.met.nodeId : op.nodeId;
    const log = logs.get(taskId);
    const node = log?.nodes[nodeId - 1];
    if (!log || !node?.conditions || node.satisfiedSeq !== null) return;
    if (op.kind === 'event') {
      if (op.met.index in node.met) return;
      node.met[op.met.index] = op.event.payload;
    } else {
      meetEndedSleeps(node.conditions, node.met, node.createdAt, tick.now);
    }
    touch(log, node);
    const outcome = waitOutcome(node.conditions, node.met);
    if (!outcome) {
      node.dueAt = nextSleepDue(node.conditions!, node.met, node.createdAt);
      const dueAt = node.dueAt;
      this.afterCommit.push(() => this.deps.sleeps.set(taskId, nodeId, dueAt));
      return;
    }
    complete(log, node, outcome, tick.now);
    const conditions = node.conditions;
    this.afterCommit.push(() => {
      this.deps.events.remove(log.tenantId, taskId, nodeId, conditions);
      this.deps.sleeps.set(taskId, nodeId, null);
    });
    this.completed(log, node);
  }

  /**
   * A node completed: after COMMIT, the task's running attempt hears of it; one not running
   * hears on its next dispatch (its first call is given the completions recorded before it),
   * which an evicted task gets once nothing else is open.
   */
  private completed(log: TaskLog, node: DurableNode): void {
    if (log.evicted) this.toRestore.add(log);
    this.afterCommit.push(() => {
      const attempt = this.deps.running.get(log.taskId);
      if (!attempt?.durable) return;
      this.deps.deliver(
        attempt.workerId,
        completionOf(attempt.externalId, durableInvocation(attempt.retryCount), node),
      );
    });
  }

  /** The running attempt a worker's call names: it must hold it, in its current invocation. */
  private holder(
    tenantId: string,
    workerId: string,
    taskExternalId: string,
    invocation: number,
  ): RunningAttempt {
    const attempt = this.deps.running.running(tenantId, taskExternalId);
    if (!attempt || attempt.workerId !== workerId) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        `worker ${workerId} does not run task ${taskExternalId}`,
      );
    }
    if (durableInvocation(attempt.retryCount) !== invocation) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        `invocation ${invocation} of task ${taskExternalId} is over (it is at ${durableInvocation(attempt.retryCount)})`,
      );
    }
    return attempt;
  }
}

function refOf(taskExternalId: string, invocation: number, node: DurableNode): DurableRef {
  return { taskExternalId, invocation, branchId: node.branchId, nodeId: node.nodeId };
}

/** A node's completion as the worker of `invocation` hears of it. */
export function completionOf(
  taskExternalId: string,
  invocation: number,
  node: DurableNode,
): DurableCompletion {
  return {
    ref: refOf(taskExternalId, invocation, node),
    payload: node.result,
    ...(node.failure !== null ? { failure: node.failure } : {}),
  };
}
