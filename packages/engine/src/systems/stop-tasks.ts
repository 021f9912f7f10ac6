import { closeGates } from '../queries/gate.queries';
import { deleteQueueItemsOfTasks } from '../queries/task-queue.queries';
import { deleteRuntimesOfTasks } from '../queries/task-runtime.queries';
import type { TickContext } from '../tick/tick-context';

/**
 * Takes tasks off the queue and the running set (cancel, replay), and closes the gates of those
 * waiting on their conditions; their workers are told to stop the attempts that were running.
 */
export async function stopTasks(tick: TickContext, taskIds: readonly string[]): Promise<void> {
  if (taskIds.length === 0) return;
  tick.outcome.dequeued.push(...(await deleteQueueItemsOfTasks(tick.tx, taskIds)));
  await closeGates(tick.tx, taskIds, new Date(tick.now));
  const running = await deleteRuntimesOfTasks(tick.tx, taskIds);
  tick.outcome.endedRuntimes.push(...running.map((r) => r.taskId));
  tick.outcome.unstarted.push(...running.filter((r) => !r.started).map((r) => r.taskId));
  tick.outcome.cancelOnWorker.push(...running.map((r) => r.taskId));
}
