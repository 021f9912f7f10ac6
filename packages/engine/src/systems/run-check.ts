/**
 * A subscriber to a run's result asks whether the run exists and has already finished. Checked
 * in the tick rather than one query per subscription: the SDK subscribes to every run it
 * triggers, so this was one statement per task.
 */
import { EngineError } from '../errors';
import { findRunStates } from '../queries/run.queries';
import { listRunTasks } from '../queries/task.queries';
import { taskResult } from '../run-results';
import { isFinal } from '../task-lifecycle';
import { BufferedSystem, type Operation } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { RunResult } from '../types';

/** `result` is the run's result when it has finished, null while it has not. */
interface RunCheckOp extends Operation<RunResult | null> {
  tenantId: string;
  runId: string;
}

export class RunCheckSystem extends BufferedSystem<RunCheckOp, RunResult | null> {
  /** Resolves with the run's result if it is final, null if not; NOT_FOUND when unknown. */
  request(tenantId: string, runId: string): Promise<RunResult | null> {
    return this.pushAwaited({ tenantId, runId });
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const states = new Map(
      (await findRunStates(tick.tx, [...new Set(this.taken.map((op) => op.runId))])).map((r) => [
        r.id,
        r,
      ]),
    );
    const finished = [...states.values()].filter((r) => r.finishedAt !== null && isFinal(r.status));
    const tasks =
      finished.length === 0
        ? []
        : await listRunTasks(
            tick.tx,
            finished.map((r) => ({ tenantId: r.tenantId, runId: r.id })),
          );
    for (const op of this.taken) {
      const run = states.get(op.runId);
      // Left undefined for a run that does not exist in the caller's tenant: NOT_FOUND.
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

  override settle(): void {
    for (const op of this.taken) {
      if (op.result === undefined)
        op.done!.reject(new EngineError('NOT_FOUND', `run ${op.runId} does not exist`));
      else op.done!.resolve(op.result);
    }
    this.taken = [];
  }
}
