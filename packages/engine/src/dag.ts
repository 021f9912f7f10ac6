/**
 * DAG rules, pure: which waiting tasks of a run become ready, which are skipped or cancelled
 * (an ancestor failed or was cancelled, or their conditions say so: task-conditions.ts),
 * which start counting their conditions, whether the on-failure task must be created, and
 * the run's final status.
 */
import { finalRunStatus, isFinal, type RunStatus, type TaskStatus } from './task-lifecycle';
import {
  gateDecision,
  isSkippedOutput,
  metAtStart,
  SKIPPED_OUTPUT,
  type GateAction,
  type ParentResult,
  type TaskCondition,
} from './task-conditions';

export interface DagTask {
  id: string;
  readableId: string;
  status: TaskStatus;
  parents: readonly string[];
  isOnFailure: boolean;
  output: unknown;
  skipped: boolean;
  conditions: readonly TaskCondition[] | null;
}

/** A task's gate as stored: open (no decision yet) or decided. */
export interface GateState {
  decision: GateAction | null;
}

export const PARENT_FAILED = 'Cancelled because a parent task failed or was cancelled';
export const CANCELLED_BY_CONDITION = 'Cancelled: its cancel_if conditions were met';
export const SKIPPED_BY_CONDITION = 'Skipped: its skip_if conditions were met';
export const PARENTS_SKIPPED = 'Skipped because all its parents were skipped';

export interface RunProgress {
  /** PENDING tasks whose parents completed and whose conditions (if any) let them go. */
  queue: string[];
  /** PENDING tasks skipped, and why. */
  skip: { id: string; why: string }[];
  /** PENDING tasks cancelled (a failed or cancelled ancestor, or a condition), and why. */
  cancel: { id: string; why: string }[];
  /** Tasks whose conditions start counting now and wait: what is already met of them. */
  arm: { id: string; met: Record<number, unknown> }[];
  /** Tasks whose conditions were decided as they started counting: what met them, and how. */
  decided: { id: string; met: Record<number, unknown>; action: GateAction }[];
  /** A task failed, the workflow has an on-failure task and it has not been created yet. */
  createOnFailure: boolean;
  /** Set when every task of the run is final (after applying the above). */
  runStatus: RunStatus | undefined;
}

export function planRunProgress(
  tasks: readonly DagTask[],
  hasOnFailureStep: boolean,
  gates: ReadonlyMap<string, GateState> = new Map(),
): RunProgress {
  const main = tasks.filter((t) => !t.isOnFailure);
  const status = new Map(main.map((t) => [t.readableId, t.status]));
  const results = new Map<string, ParentResult>(
    main.map((t) => [
      t.readableId,
      {
        output: t.output,
        skipped: t.status === 'COMPLETED' && (t.skipped || isSkippedOutput(t.output)),
      },
    ]),
  );
  const progress: RunProgress = {
    queue: [],
    skip: [],
    cancel: [],
    arm: [],
    decided: [],
    createOnFailure: false,
    runStatus: undefined,
  };
  const armed = new Set<string>();
  const settle = (task: DagTask, to: 'QUEUED' | 'COMPLETED' | 'CANCELLED', why = '') => {
    status.set(task.readableId, to);
    if (to === 'QUEUED') progress.queue.push(task.id);
    else if (to === 'CANCELLED') progress.cancel.push({ id: task.id, why });
    else {
      progress.skip.push({ id: task.id, why });
      results.set(task.readableId, { output: SKIPPED_OUTPUT, skipped: true });
    }
  };
  // Skips and cancellations cascade through PENDING descendants: repeat until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const task of main) {
      if (status.get(task.readableId) !== 'PENDING' || armed.has(task.id)) continue;
      const parents = task.parents.map((p) => status.get(p));
      if (parents.some((s) => s === 'FAILED' || s === 'CANCELLED')) {
        settle(task, 'CANCELLED', PARENT_FAILED);
        changed = true;
        continue;
      }
      if (!parents.every((s) => s === 'COMPLETED')) continue;
      const allSkipped =
        task.parents.length > 0 && task.parents.every((p) => results.get(p)!.skipped);
      const decision = decide(task, gates.get(task.id), results, allSkipped);
      if (decision === 'WAIT') continue;
      if ('arm' in decision) {
        armed.add(task.id);
        progress.arm.push({ id: task.id, met: decision.arm });
        continue;
      }
      if (decision.met)
        progress.decided.push({ id: task.id, met: decision.met, action: decision.action });
      if (decision.action === 'QUEUE') settle(task, 'QUEUED');
      else if (decision.action === 'CANCEL') settle(task, 'CANCELLED', CANCELLED_BY_CONDITION);
      else settle(task, 'COMPLETED', decision.why);
      changed = decision.action !== 'QUEUE' || changed;
    }
  }
  const mainStatuses = [...status.values()];
  const onFailure = tasks.find((t) => t.isOnFailure);
  progress.runStatus = finalRunStatus(mainStatuses);
  if (progress.runStatus === 'FAILED' && hasOnFailureStep) {
    if (!onFailure) {
      progress.createOnFailure = true;
      progress.runStatus = undefined;
    } else if (!isFinal(onFailure.status)) {
      progress.runStatus = undefined;
    }
  }
  return progress;
}

/**
 * What a task whose parents all completed does: go, be skipped or cancelled, start counting
 * its conditions (`arm`, with what is met already), or keep waiting on its open gate.
 */
function decide(
  task: DagTask,
  gate: GateState | undefined,
  parents: ReadonlyMap<string, ParentResult>,
  allSkipped: boolean,
):
  | { action: GateAction; why: string; met?: Record<number, unknown> }
  | { arm: Record<number, unknown> }
  | 'WAIT' {
  if (!task.conditions) {
    return allSkipped ? { action: 'SKIP', why: PARENTS_SKIPPED } : { action: 'QUEUE', why: '' };
  }
  if (gate) return gate.decision ? { action: gate.decision, why: SKIPPED_BY_CONDITION } : 'WAIT';
  const met = metAtStart(task.conditions, parents);
  const action = gateDecision(task.conditions, met, allSkipped);
  if (!action) return { arm: met };
  const byDefault = action === 'SKIP' && gateDecision(task.conditions, met) !== 'SKIP';
  return { action, why: byDefault ? PARENTS_SKIPPED : SKIPPED_BY_CONDITION, met };
}

/** The readable ids of every task downstream of `roots` (not including them). */
export function descendantsOf(
  tasks: readonly Pick<DagTask, 'readableId' | 'parents'>[],
  roots: readonly string[],
): Set<string> {
  const found = new Set<string>();
  const frontier = [...roots];
  while (frontier.length > 0) {
    const current = frontier.pop()!;
    for (const task of tasks) {
      if (task.parents.includes(current) && !found.has(task.readableId)) {
        found.add(task.readableId);
        frontier.push(task.readableId);
      }
    }
  }
  return found;
}
