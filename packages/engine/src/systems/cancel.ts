/**
 * Cancels, by task external id or run id: every task named that is not final yet is taken off
 * the queue or the running set (its worker told to stop) and CANCELLED; its run's progress
 * follows (run-progress.ts cancels what waited on it). Callers' cancels say "Cancelled by
 * request"; the scheduler's (concurrency strategies) say which strategy and key, and are
 * buffered again if their tick fails, since nobody awaits them.
 */
import type { StrategyCancel } from '../concurrency-gate';
import { cancelTasks, findTasksByTaskOrRunIds } from '../queries/task.queries';
import type { TickContext } from '../tick/tick-context';
import { isFinal } from '../task-lifecycle';
import { IdsRequestSystem } from './ids-request';
import { stopTasks } from './stop-tasks';

/** Answers with the external ids of the tasks cancelled. */
export class CancelSystem extends IdsRequestSystem {
  /** Cancellations a concurrency strategy decided, written in the next tick. */
  fromStrategies(cancels: readonly StrategyCancel[]): void {
    for (const { tenantId, id, message } of cancels) this.push({ tenantId, ids: [id], message });
  }

  override fail(error: unknown): void {
    const unanswered = this.taken.filter((op) => !op.done);
    super.fail(error);
    for (const op of unanswered) this.push(op);
  }

  async apply(tick: TickContext): Promise<void> {
    for (const op of this.taken) {
      const tasks = (await findTasksByTaskOrRunIds(tick.tx, op.tenantId, op.ids)).filter(
        (t) => !isFinal(t.status),
      );
      const ids = tasks.map((t) => t.id);
      await stopTasks(tick, ids);
      if (ids.length > 0) await cancelTasks(tick.tx, ids, new Date(tick.now));
      for (const task of tasks) {
        tick.event({
          tenantId: op.tenantId,
          taskId: task.id,
          retryCount: task.retryCount,
          eventType: 'CANCELLED',
          message: op.message ?? 'Cancelled by request',
        });
        tick.touchRun(task.runId, op.tenantId);
      }
      op.result = tasks.map((t) => t.externalId);
    }
  }
}
