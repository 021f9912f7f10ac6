/**
 * COMPLETED and FAILED reports from the worker running an attempt. Ending an attempt deletes
 * its runtime row: a second result for the same attempt (or a late one) finds none and is
 * acknowledged without effect, which is what makes results idempotent. A completed task is
 * written with its output in the same statement (endAttempts); a failed one goes on to a retry
 * or its final failure (fail-attempts.ts).
 */
import { describeFailure } from '../failure-payload';
import { EngineError } from '../errors';
import { endAttempts, type EndedAttemptRow } from '../queries/attempt.queries';
import { findSoleSteps } from '../queries/workflow.queries';
import { BufferedSystem, type Operation } from '../tick/system';
import { attemptId, attemptKey, type TickContext } from '../tick/tick-context';
import { assertPayloadSize } from '../validation';
import type { VersionFacts } from '../version-facts';
import type { AttemptRef } from './attempt-ref';
import { failAttempts } from './fail-attempts';
import type { CompletionsInTick } from './start';

interface ResultOp extends AttemptRef, Operation<void> {
  kind: 'COMPLETED' | 'FAILED';
  /** When the attempt ended, by the worker's clock. */
  at: Date;
  output: unknown;
  error: string;
  errorData: unknown;
  retryable: boolean;
}

export interface ResultReport {
  kind: 'COMPLETED' | 'FAILED';
  /** JSON text: the output for COMPLETED, `{message, stack}` for FAILED. */
  payload: string;
  /** What the report names the task by, for messages. */
  taskExternalId: string;
  /** When the attempt ended, by the worker's clock. */
  at: Date;
  shouldNotRetry?: boolean | undefined;
}

export class ResultSystem extends BufferedSystem<ResultOp> implements CompletionsInTick {
  /** Attempts with a COMPLETED result in the running tick. */
  private completed = new Set<string>();

  constructor(
    wake: () => void,
    private readonly facts: VersionFacts,
    private readonly maxPayloadBytes: number,
  ) {
    super(wake);
  }

  /** Resolves once the result is committed; refuses a payload that is too large or not JSON. */
  request(attempt: AttemptRef, report: ResultReport): Promise<void> {
    assertPayloadSize(report.payload, 'event payload', this.maxPayloadBytes);
    let parsed: unknown;
    try {
      parsed = report.payload === '' ? null : JSON.parse(report.payload);
    } catch {
      throw new EngineError(
        'INVALID_ARGUMENT',
        `the ${report.kind === 'COMPLETED' ? 'output' : 'error'} of task ${report.taskExternalId} is not valid JSON`,
      );
    }
    if (report.kind === 'COMPLETED') {
      return this.pushAwaited({
        ...attempt,
        at: report.at,
        kind: 'COMPLETED',
        output: parsed ?? null,
        error: '',
        errorData: null,
        retryable: false,
      });
    }
    const { message, data } = describeFailure(parsed, report.payload);
    return this.pushAwaited({
      ...attempt,
      at: report.at,
      kind: 'FAILED',
      output: null,
      error: message,
      errorData: data,
      retryable: !report.shouldNotRetry,
    });
  }

  override take(): void {
    super.take();
    // The first result of an attempt is the one that counts (see apply).
    const seen = new Set<string>();
    for (const r of this.taken) {
      const id = attemptId(r);
      if (seen.has(id)) continue;
      seen.add(id);
      if (r.kind === 'COMPLETED') this.completed.add(id);
    }
  }

  completes(attempt: string): boolean {
    return this.completed.has(attempt);
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    // The first result for an attempt wins; a second one (or a late one) finds no runtime row.
    const byAttempt = new Map<string, ResultOp>();
    for (const r of this.taken) {
      const key = attemptId(r);
      if (!byAttempt.has(key)) byAttempt.set(key, r);
    }
    const unique = [...byAttempt.values()];
    const live = await endAttempts(
      tick.tx,
      unique.map((r) => ({
        ...attemptKey(r),
        completed: r.kind === 'COMPLETED',
        output: r.output,
        startedAt: r.kind === 'COMPLETED' ? startOf(tick, r) : undefined,
        finishedAt: r.at,
      })),
    );
    const liveKeys = new Map(live.map((r) => [attemptId(r), r]));
    const ended = unique.filter((r) => liveKeys.has(attemptId(r)));
    tick.outcome.endedRuntimes.push(...ended.map((r) => r.taskId));
    for (const result of ended) {
      if (result.kind !== 'COMPLETED') continue;
      const attempt = liveKeys.get(attemptId(result))!;
      if (attempt.runId !== null) tick.touchRun(attempt.runId, result.tenantId);
      if (attempt.firstStart) {
        if (attempt.runId !== null) tick.startedRuns.add(attempt.runId);
        tick.event({
          tenantId: result.tenantId,
          taskId: result.taskId,
          retryCount: result.retryCount,
          eventType: 'STARTED',
          createdAt: startOf(tick, result),
        });
      }
      tick.event({
        tenantId: result.tenantId,
        taskId: result.taskId,
        retryCount: result.retryCount,
        eventType: 'FINISHED',
        workerId: attempt.workerId,
        createdAt: result.at,
      });
    }
    await this.noteSoleResults(tick, live);
    await failAttempts(
      tick,
      ended
        .filter((r) => r.kind === 'FAILED')
        .map((r) => ({
          tenantId: r.tenantId,
          taskId: r.taskId,
          retryCount: r.retryCount,
          error: r.error,
          data: r.errorData,
          retryable: r.retryable,
          timedOut: false,
          at: r.at,
        })),
    );
  }

  override settle(): void {
    super.settle();
    this.completed = new Set();
  }

  override fail(error: unknown): void {
    super.fail(error);
    this.completed = new Set();
  }

  /** Completed standalone tasks finish their runs (see TickContext.soleResults). */
  private async noteSoleResults(tick: TickContext, live: readonly EndedAttemptRow[]) {
    const soleSteps = this.facts.soleSteps;
    const completed = live.filter((a) => a.runId !== null && a.stepId !== null);
    const unknown = [...new Set(completed.map((a) => a.stepId!))].filter(
      (id) => !soleSteps.has(id),
    );
    if (unknown.length > 0) {
      for (const { stepId, sole } of await findSoleSteps(tick.tx, unknown))
        soleSteps.set(stepId, sole);
    }
    for (const a of completed) {
      if (soleSteps.get(a.stepId!) !== true) continue;
      tick.soleResults.set(a.runId!, {
        task: {
          externalId: a.externalId!,
          readableId: a.readableId!,
          status: 'COMPLETED',
          output: a.output,
          error: null,
        },
        startedAt: a.startedAt,
        finishedAt: a.finishedAt!,
      });
    }
  }
}

/**
 * When a completed attempt started: its STARTED of the same tick, or, when no STARTED was ever
 * recorded for it, the time it finished. The SDK sends STARTED without waiting for it and
 * COMPLETED once the task returns, as separate calls: under load the result can arrive first,
 * and the late STARTED then finds the attempt ended and is ignored. So no completed task is
 * left without a start (endAttempts keeps an earlier recorded start).
 */
function startOf(tick: TickContext, result: ResultOp): Date {
  return tick.startsWithResults.get(attemptId(result)) ?? result.at;
}
