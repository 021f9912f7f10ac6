/**
 * Durable tasks' event logs in memory: for each durable task the engine has touched since it
 * started, its nodes (one per durable call, in call order) as `durable_nodes` holds them. The
 * table is the truth; this is its cache, loaded when a task is first touched and dropped when
 * its attempt ends or a tick that changed it fails.
 *
 * Replay: an invocation (the n-th dispatch of the task) calls again what the one before it
 * called, in the same order. Its k-th call is answered with the k-th node: the first node it
 * has not reached yet (`visitedBy` below its number), so a replay finds its place even after
 * a restart. A call of another kind than the node it lands on (or a memo of other
 * dependencies) is non-deterministic: the code changed, and the replay cannot go on.
 */
import type { WaitCondition } from './durable-conditions';

export type DurableCallKind = 'WAIT_FOR' | 'MEMO' | 'RUN';

/** The branch a task's log starts in; branching (durable-tasks/branch) starts others. */
export const MAIN_BRANCH = 1;

export interface DurableNode {
  branchId: number;
  nodeId: number;
  kind: DurableCallKind;
  /** The invocation that wrote it. */
  invocation: number;
  /** The last invocation that reached it. */
  visitedBy: number;
  /** What the worker named a wait; for a spawn, the workflow it spawned. */
  label: string | null;
  /** WAIT_FOR: what it waits for, and the payload of each condition met, by index. */
  conditions: WaitCondition[] | null;
  met: Record<number, unknown>;
  /** MEMO: the key the SDK derives from the task and the memo's dependencies (base64). */
  memoKey: string | null;
  /** RUN: the child run it spawned, and whether that is a DAG (its result is then a map). */
  childRunId: string | null;
  childIsDag: boolean;
  /** WAIT_FOR: when its earliest open sleep ends (epoch ms). */
  dueAt: number | null;
  /** Its completion's place among the task's completions, once it has one. */
  satisfiedSeq: number | null;
  satisfiedAt: number | null;
  /** What completed it: a wait's answer, a memo's value, a child's output. */
  result: unknown;
  /** A child that failed: its error (the node completes as a failure). */
  failure: string | null;
  createdAt: number;
}

export interface TaskLog {
  taskId: string;
  tenantId: string;
  /**
   * The log as the task replays it: node k at index k-1, each in the branch that wrote it (a
   * branch takes over its parent's nodes below the node it started from).
   */
  nodes: DurableNode[];
  /** The branch new nodes are written in. */
  branchId: number;
  /** Evicted: no attempt runs it while it waits; it is queued again once nothing is open. */
  evicted: boolean;
}

/** Whether the task waits on nothing: every wait met and every spawned run finished. */
export function nothingOpen(log: TaskLog): boolean {
  return log.nodes.every((n) => n.kind === 'MEMO' || n.satisfiedSeq !== null);
}

export type DurableCall =
  | { kind: 'WAIT_FOR'; conditions: WaitCondition[]; label: string | null }
  | { kind: 'MEMO'; memoKey: string }
  | { kind: 'RUN'; workflowName: string; isDag: boolean; runId: string };

export type Visit =
  { node: DurableNode; created: boolean } | { nondeterminism: string; node: DurableNode };

/** Where an invocation's call lands: the next node it has not reached, or a new one. */
export function visit(log: TaskLog, invocation: number, call: DurableCall, now: number): Visit {
  const next = log.nodes.find((n) => n.visitedBy < invocation);
  if (next) {
    const differs =
      next.kind !== call.kind || (call.kind === 'MEMO' && next.memoKey !== call.memoKey);
    if (differs) {
      const what =
        call.kind === 'MEMO' && next.kind === 'MEMO'
          ? 'a memo of other dependencies'
          : `a ${describe(call.kind)}`;
      return {
        node: next,
        nondeterminism: `non-determinism at node ${next.nodeId}: the task made ${what} where its earlier invocation made a ${describe(next.kind)}`,
      };
    }
    next.visitedBy = invocation;
    return { node: next, created: false };
  }
  const node: DurableNode = {
    branchId: log.branchId,
    nodeId: log.nodes.length + 1,
    kind: call.kind,
    invocation,
    visitedBy: invocation,
    label: call.kind === 'WAIT_FOR' ? call.label : call.kind === 'RUN' ? call.workflowName : null,
    conditions: call.kind === 'WAIT_FOR' ? call.conditions : null,
    met: {},
    memoKey: call.kind === 'MEMO' ? call.memoKey : null,
    childRunId: call.kind === 'RUN' ? call.runId : null,
    childIsDag: call.kind === 'RUN' && call.isDag,
    dueAt: null,
    satisfiedSeq: null,
    satisfiedAt: null,
    result: null,
    failure: null,
    createdAt: now,
  };
  log.nodes.push(node);
  return { node, created: true };
}

const describe = (kind: DurableCallKind) =>
  kind === 'MEMO' ? 'memo' : kind === 'RUN' ? 'spawn of a run' : 'wait';

/** Records a node's completion, in the task's order of completions. */
export function complete(
  log: TaskLog,
  node: DurableNode,
  result: unknown,
  now: number,
  failure: string | null = null,
): void {
  let seq = 0;
  for (const n of log.nodes)
    if (n.satisfiedSeq !== null && n.satisfiedSeq > seq) seq = n.satisfiedSeq;
  node.satisfiedSeq = seq + 1;
  node.satisfiedAt = now;
  node.result = result;
  node.failure = failure;
  node.dueAt = null;
}

/** The completed nodes, in the order they completed: what a replay is given again. */
export function completionsInOrder(log: TaskLog): DurableNode[] {
  return log.nodes
    .filter((n) => n.satisfiedSeq !== null)
    .sort((a, b) => a.satisfiedSeq! - b.satisfiedSeq!);
}

export class DurableLogs {
  private readonly logs = new Map<string, TaskLog>();
  /** The invocations of each task that were given the task's earlier completions. */
  private readonly primed = new Map<string, Set<number>>();

  get(taskId: string): TaskLog | undefined {
    return this.logs.get(taskId);
  }

  set(log: TaskLog): void {
    this.logs.set(log.taskId, log);
  }

  /**
   * Whether an invocation is yet to be given the completions recorded before it (true once,
   * on its first call).
   */
  prime(taskId: string, invocation: number): boolean {
    const invocations = this.primed.get(taskId) ?? new Set<number>();
    if (invocations.has(invocation)) return false;
    this.primed.set(taskId, invocations.add(invocation));
    return true;
  }

  /** The task's log leaves memory (its attempt ended, or a change to it was not stored). */
  forget(taskId: string): void {
    this.logs.delete(taskId);
    this.primed.delete(taskId);
  }
}
