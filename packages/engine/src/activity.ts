/**
 * What the engine counts for operators: per tenant, the runs it created and the tasks that
 * reached a final state, by outcome. The server turns these into Prometheus metrics when it is
 * scraped; the engine knows nothing of Prometheus.
 *
 * Counted once a tick has committed, from the runs it created and its task events (every
 * transition appends one, task-lifecycle.ts), so a tick that rolled back counts nothing. The
 * numbers only grow, and they are plain fields: the hot path pays one pass over the tick's
 * events and no allocation per task.
 */
import type { TaskEventType } from './task-lifecycle';

/** A tenant's totals since this engine started. */
export interface TenantActivity {
  /** Runs created: triggered by a caller, an event, a cron, a schedule, or a parent task. */
  runsTriggered: number;
  /** Tasks COMPLETED by their worker's result. */
  tasksCompleted: number;
  /** Tasks FAILED for good: no retry left, or never assigned (schedule timeout, rate limit error). */
  tasksFailed: number;
  /** Tasks CANCELLED: by request, by a concurrency strategy, or because a parent failed. */
  tasksCancelled: number;
  /** DAG tasks skipped by their conditions. */
  tasksSkipped: number;
  /** Failed attempts that were given another try. */
  taskRetries: number;
}

/** One tick that carried work, for the scheduler tick time. */
export interface TickObservation {
  /** From the tick's start to its callers being answered, in milliseconds. */
  durationMs: number;
  /** Assignments plus buffered operations it carried. */
  operations: number;
  /** False when its transaction failed (the loop tries again after a pause). */
  ok: boolean;
}

export class EngineActivity {
  private readonly tenants = new Map<string, TenantActivity>();

  /** Totals by tenant id; the records change in place as ticks commit. */
  get byTenant(): ReadonlyMap<string, Readonly<TenantActivity>> {
    return this.tenants;
  }

  /** Counts what a committed tick did: the runs it created and its task events. */
  count(
    runs: readonly { tenantId: string }[],
    events: readonly { tenantId: string; eventType: TaskEventType }[],
  ): void {
    // A tick's rows mostly belong to a few tenants: the last one found is kept at hand.
    let tenantId: string | undefined;
    let activity: TenantActivity | undefined;
    for (const run of runs) {
      if (run.tenantId !== tenantId) activity = this.of((tenantId = run.tenantId));
      activity!.runsTriggered++;
    }
    for (const event of events) {
      switch (event.eventType) {
        case 'FINISHED':
        case 'FAILED':
        case 'RETRYING':
        case 'SCHEDULING_TIMED_OUT':
        case 'RATE_LIMIT_ERROR':
        case 'CANCELLED':
        case 'SKIPPED':
          break;
        default:
          continue;
      }
      if (event.tenantId !== tenantId) activity = this.of((tenantId = event.tenantId));
      const a = activity!;
      switch (event.eventType) {
        case 'FINISHED':
          a.tasksCompleted++;
          break;
        // Every failed attempt records FAILED; one given another try records RETRYING right
        // after it, in the same tick (systems/fail-attempts.ts): only the rest failed for good.
        case 'FAILED':
          a.tasksFailed++;
          break;
        case 'RETRYING':
          a.tasksFailed--;
          a.taskRetries++;
          break;
        // A queued attempt that was never assigned fails its task without a FAILED event.
        case 'SCHEDULING_TIMED_OUT':
        case 'RATE_LIMIT_ERROR':
          a.tasksFailed++;
          break;
        case 'CANCELLED':
          a.tasksCancelled++;
          break;
        case 'SKIPPED':
          a.tasksSkipped++;
          break;
      }
    }
  }

  private of(tenantId: string): TenantActivity {
    let activity = this.tenants.get(tenantId);
    if (!activity) {
      activity = {
        runsTriggered: 0,
        tasksCompleted: 0,
        tasksFailed: 0,
        tasksCancelled: 0,
        tasksSkipped: 0,
        taskRetries: 0,
      };
      this.tenants.set(tenantId, activity);
    }
    return activity;
  }
}
