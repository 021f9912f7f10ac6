/**
 * Replays of finished tasks: a run id replays the whole run, a task id that task and every
 * task downstream of it. Each gets a new attempt (RETRIED_BY_USER), QUEUED when its parents
 * completed and are not replayed, PENDING otherwise (and when it has conditions, which count
 * again from now); the run is live again, and run progress looks at it in this tick.
 */
import { descendantsOf } from '../dag';
import { deleteGates } from '../queries/gate.queries';
import { reopenRuns } from '../queries/run.queries';
import {
  findTasksByTaskOrRunIds,
  listRunTasks,
  resetTasksForReplay,
  type RunTaskRow,
} from '../queries/task.queries';
import type { TickContext } from '../tick/tick-context';
import { isFinal } from '../task-lifecycle';
import { IdsRequestSystem, type IdsOp } from './ids-request';
import { stopTasks } from './stop-tasks';

/** Answers with the external ids of the tasks replayed (not their downstream). */
export class ReplaySystem extends IdsRequestSystem {
  async apply(tick: TickContext): Promise<void> {
    for (const op of this.taken) op.result = await replayTasks(tick, op);
  }
}

/** Replays in the tick (also a durable task's branch, durable.ts); the ids of those replayed. */
export async function replayTasks(
  tick: TickContext,
  op: Pick<IdsOp, 'tenantId' | 'ids'>,
): Promise<string[]> {
  const named = await findTasksByTaskOrRunIds(tick.tx, op.tenantId, op.ids);
  // A run id replays the whole run; a task id replays that task and what follows it.
  const targets = named.filter(
    (t) =>
      !t.isOnFailure &&
      isFinal(t.status) &&
      (op.ids.includes(t.externalId) || op.ids.includes(t.runId)),
  );
  const runIds = [...new Set(targets.map((t) => t.runId))];
  if (runIds.length === 0) return [];
  const runTasks = await listRunTasks(
    tick.tx,
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
      // A task with conditions counts them again: run progress opens its gate below.
      resets.push({ task, status: ready && !task.conditions ? 'QUEUED' : 'PENDING' });
    }
  }
  await stopTasks(
    tick,
    resets.filter((r) => !isFinal(r.task.status)).map((r) => r.task.id),
  );
  const newRetry = new Map(
    (
      await resetTasksForReplay(
        tick.tx,
        resets.map((r) => ({ taskId: r.task.id, status: r.status })),
      )
    ).map((r) => [r.id, r.retryCount]),
  );
  for (const { task, status } of resets) {
    const retryCount = newRetry.get(task.id)!;
    tick.event({
      tenantId: op.tenantId,
      taskId: task.id,
      retryCount,
      eventType: 'RETRIED_BY_USER',
      // The task keeps one output, its latest attempt's: the one this replay clears is kept
      // here, so the attempt it replaces can still be compared with the new one.
      ...(task.status === 'COMPLETED' && task.output !== null
        ? { data: { replacedOutput: task.output } }
        : {}),
    });
    if (status === 'QUEUED') tick.queueTask(task, retryCount);
  }
  await deleteGates(
    tick.tx,
    resets.filter((r) => r.task.conditions).map((r) => r.task.id),
  );
  await reopenRuns(tick.tx, op.tenantId, runIds);
  for (const runId of runIds) tick.touchRun(runId, op.tenantId);
  // A run finished earlier in this tick is live again: its progress is read, not assumed
  // (touching it above took it out of the sole results).
  return targets.map((t) => t.externalId);
}
