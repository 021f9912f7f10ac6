/**
 * Timers, not polling: one timer armed for the earliest known deadline (a backoff's ready time,
 * a rate limit's refill, a collecting batch's interval, a schedule timeout, an execution
 * timeout, an assignment's start grace, a worker's heartbeat expiry, the end of a hold on
 * durable work for a worker whose DurableTask stream did not come back). When it fires, what is
 * due is buffered for the next tick. An idle engine with no workers arms nothing; with idle
 * workers it wakes once per heartbeat window, without querying.
 */
import type { EngineSettings } from './engine-options';
import type { RunningAttempts } from './running-attempts';
import type { Scheduler } from './scheduler';
import type { AttemptRef } from './systems/attempt-ref';
import type { Clock } from './types';
import type { WorkerRegistry } from './worker-registry';

export interface DeadlineDeps {
  clock: Clock;
  settings: Pick<EngineSettings, 'workerInactiveAfterMs' | 'reassignAfterMs' | 'startGraceMs'>;
  scheduler: Scheduler;
  running: RunningAttempts;
  workers: WorkerRegistry;
  /** Where what is due goes: the systems that write it. */
  timedOut(attempt: AttemptRef, deadline: Date): void;
  reassign(attempt: AttemptRef, reason: string): void;
  scheduleTimedOut(attempt: AttemptRef & { runId: string }): void;
  isClosed(): boolean;
  wake(): void;
}

export class Deadlines {
  private timer: NodeJS.Timeout | undefined;
  private timerAt: number | undefined;
  /** Attempts whose deadline was buffered and not yet written, so a scan does not repeat them. */
  private readonly buffered = new Set<string>();

  constructor(private readonly deps: DeadlineDeps) {}

  /** Sets the one timer to the earliest known deadline (none when nothing is pending). */
  arm(): void {
    if (this.deps.isClosed()) return;
    const next = this.next();
    if (next === undefined) {
      this.stop();
      return;
    }
    if (this.timer && this.timerAt !== undefined && this.timerAt <= next) return;
    clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = undefined;
        this.scan();
      },
      Math.max(0, next - this.deps.clock.now()),
    );
  }

  /** A tick wrote (or failed to write) what was buffered: later scans may buffer it again. */
  tickEnded(): void {
    this.buffered.clear();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = undefined;
  }

  private next(): number | undefined {
    const { settings, scheduler, running, workers } = this.deps;
    let next: number | undefined;
    const consider = (at: number) => {
      if (next === undefined || at < next) next = at;
    };
    const delayed = scheduler.nextReadyAt();
    if (delayed !== undefined) consider(delayed);
    const refill = scheduler.nextRateLimitRefill();
    if (refill !== undefined) consider(refill);
    const batchDue = scheduler.nextBatchDue();
    if (batchDue !== undefined) consider(batchDue);
    const scheduleTimeout = scheduler.earliestScheduleTimeout();
    if (scheduleTimeout !== undefined) consider(scheduleTimeout);
    for (const attempt of running.values()) {
      consider(attempt.timeoutAt);
      if (attempt.startedAt === undefined) consider(attempt.assignedAt + settings.startGraceMs);
      consider(workers.lastSeen(attempt.workerId) + settings.reassignAfterMs);
    }
    for (const worker of workers.values()) {
      if (worker.status === 'ACTIVE')
        consider(worker.lastHeartbeatAt + settings.workerInactiveAfterMs);
      if (worker.durableHeldUntil > 0) consider(worker.durableHeldUntil);
    }
    return next;
  }

  private scan(): void {
    const { clock, settings, scheduler, running, workers } = this.deps;
    if (this.deps.isClosed()) return;
    const now = clock.now();
    let buffered = false;
    const once = (key: string) => {
      if (this.buffered.has(key)) return false;
      this.buffered.add(key);
      buffered = true;
      return true;
    };
    for (const attempt of running.values()) {
      const ref = {
        tenantId: attempt.tenantId,
        taskId: attempt.taskId,
        retryCount: attempt.retryCount,
      };
      const key = `${attempt.taskId}/${attempt.retryCount}`;
      if (now >= attempt.timeoutAt) {
        if (once(key)) this.deps.timedOut(ref, new Date(attempt.timeoutAt));
      } else if (
        attempt.startedAt === undefined &&
        now >= attempt.assignedAt + settings.startGraceMs
      ) {
        if (once(key)) this.deps.reassign(ref, 'the worker never started the task');
      } else if (now >= workers.lastSeen(attempt.workerId) + settings.reassignAfterMs) {
        if (once(key)) this.deps.reassign(ref, 'the worker stopped sending heartbeats');
      }
    }
    for (const item of scheduler.scheduleTimedOut(now)) {
      if (once(`${item.taskId}/${item.retryCount}`)) {
        this.deps.scheduleTimedOut({
          tenantId: item.tenantId,
          taskId: item.taskId,
          retryCount: item.retryCount,
          runId: item.runId,
        });
      }
    }
    for (const worker of workers.values()) {
      if (
        worker.status === 'ACTIVE' &&
        now >= worker.lastHeartbeatAt + settings.workerInactiveAfterMs
      ) {
        workers.markInactive(worker);
      }
    }
    const released = workers.releaseDurableHolds(now);
    if (scheduler.promoteDue(now) || buffered || released) this.deps.wake();
    this.arm();
  }
}
