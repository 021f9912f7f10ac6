/**
 * STARTED reports from the worker running an attempt: the runtime records its first start, the
 * task becomes RUNNING and its run RUNNING if it was QUEUED (one statement, startAttempts). A
 * start whose attempt also COMPLETED in this tick is left to the result (TickContext
 * .startsWithResults): the task is then written once, from QUEUED straight to COMPLETED.
 */
import { startAttempts } from '../queries/attempt.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import { attemptId, attemptKey, type TickContext } from '../tick/tick-context';
import type { AttemptRef } from './attempt-ref';

interface StartOp extends AttemptRef, Operation<void> {
  startedAt: Date;
}

/** What a start needs to know of the results in the same tick. */
export interface CompletionsInTick {
  /** Whether this attempt COMPLETED in the running tick. */
  completes(attempt: string): boolean;
}

export class StartSystem extends BufferedSystem<StartOp> {
  constructor(
    wake: () => void,
    private readonly results: CompletionsInTick,
  ) {
    super(wake);
  }

  /** Resolves once the start is committed; `startedAt` is the worker's time of the start. */
  request(attempt: AttemptRef, startedAt: Date): Promise<void> {
    return this.pushAwaited({ ...attempt, startedAt });
  }

  async apply(tick: TickContext): Promise<void> {
    const starts: StartOp[] = [];
    for (const start of this.taken) {
      const id = attemptId(start);
      if (!this.results.completes(id)) starts.push(start);
      // The first STARTED of an attempt counts (a repeat is ignored, as in startAttempts).
      else if (!tick.startsWithResults.has(id)) tick.startsWithResults.set(id, start.startedAt);
    }
    if (starts.length === 0) return;
    const started = new Set(
      (
        await startAttempts(
          tick.tx,
          starts.map((s) => ({ ...attemptKey(s), startedAt: s.startedAt })),
        )
      ).map((r) => r.taskId),
    );
    // The first STARTED of an attempt counts; a duplicate in the same tick finds it taken.
    const firsts = starts.filter((s) => started.delete(s.taskId));
    for (const start of firsts) {
      tick.event({
        tenantId: start.tenantId,
        taskId: start.taskId,
        retryCount: start.retryCount,
        eventType: 'STARTED',
        createdAt: start.startedAt,
      });
      tick.outcome.started.push({ taskId: start.taskId, at: start.startedAt.getTime() });
    }
  }
}
