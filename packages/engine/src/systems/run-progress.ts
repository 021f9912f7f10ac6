/**
 * DAG progress and run completion for every run whose task reached a final state in this tick
 * (TickContext.touchedRuns): waiting tasks whose parents completed are queued, skipped or
 * cancelled as their conditions and their parents say (dag.ts), those whose conditions must
 * wait get a gate (gates.ts meets it later), the on-failure task is created when one failed,
 * and a run whose tasks are all final finishes. Not a buffered kind: it follows the others.
 *
 * A run's times follow its tasks': it started when its first task started and finished when
 * its last task did, so that its duration is the work's and not the ticks'.
 */
import { newTaskExternalId } from '@trellis/db';
import { planRunProgress, type GateState, type RunProgress } from '../dag';
import type { DurableSleeps, EventWaits } from '../durable-waits';
import { listGates, writeGates, type Gate } from '../queries/gate.queries';
import type { Placement } from '../placement';
import { runsFinish, runsStart } from '../queries/run.queries';
import {
  cancelTasks,
  listRunTasks,
  queuePendingTasks,
  skipTasks,
  type NewTaskRow,
  type RunTaskRow,
} from '../queries/task.queries';
import { listOnFailureSteps, type OnFailureStep } from '../queries/workflow.queries';
import { taskResult } from '../run-results';
import { SKIPPED_OUTPUT } from '../task-conditions';
import type { RunStatus } from '../task-lifecycle';
import type { System } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { VersionFacts } from '../version-facts';
import { indexGates, openGate } from './gates';

type FinishedRun = {
  tenantId: string;
  runId: string;
  status: Exclude<RunStatus, 'QUEUED' | 'RUNNING'>;
  startedAt: Date | null;
  finishedAt: Date;
};

export interface RunProgressDeps {
  facts: VersionFacts;
  /** Where opened gates are indexed, after COMMIT (gates.ts meets them). */
  events: EventWaits;
  sleeps: DurableSleeps;
}

export class RunProgressSystem implements System {
  readonly pending = 0;
  /** Gates opened in this tick, indexed once it commits. */
  private opened: Gate[] = [];

  constructor(private readonly deps: RunProgressDeps) {}

  take(): void {}

  settle(): void {
    indexGates(this.opened, this.deps);
    this.opened = [];
  }

  fail(): void {
    this.opened = [];
  }

  async apply(tick: TickContext): Promise<void> {
    if (tick.touchedRuns.size === 0) return;
    const finished: FinishedRun[] = [];
    for (const [runId, { task, startedAt, finishedAt }] of tick.soleResults) {
      const tenantId = tick.touchedRuns.get(runId)!;
      finished.push({ tenantId, runId, status: 'COMPLETED', startedAt, finishedAt });
      tick.outcome.finishedRuns.push({
        tenantId,
        runId,
        status: 'COMPLETED',
        finishedAt,
        tasks: [task],
      });
    }
    const runs = [...tick.touchedRuns]
      .filter(([runId]) => !tick.soleResults.has(runId))
      .map(([runId, tenantId]) => ({ runId, tenantId }));
    const tasks = runs.length > 0 ? await listRunTasks(tick.tx, runs) : [];
    const onFailureSteps = await this.onFailureSteps(tick, tasks);
    const gates = await listGates(
      tick.tx,
      tasks.filter((t) => t.conditions && t.status === 'PENDING').map((t) => t.id),
    );
    const toQueue: RunTaskRow[] = [];
    /** Skipped and cancelled tasks, with the message of their event. */
    const toSkip: { task: RunTaskRow; why: string }[] = [];
    const toCancel: { task: RunTaskRow; why: string }[] = [];
    const opened: Gate[] = [];
    const onFailureTasks: (NewTaskRow & { step: OnFailureStep })[] = [];
    const goingOn: { runId: string; startedAt: Date }[] = [];
    for (const { runId, tenantId } of runs) {
      const runTasks = tasks.filter((t) => t.runId === runId);
      if (runTasks.length === 0) continue;
      const onFailureStep = onFailureSteps.get(runTasks[0]!.workflowVersionId) ?? undefined;
      const byId = new Map(runTasks.map((t) => [t.id, t]));
      const plan = await this.plan(tick, runTasks, onFailureStep !== undefined, gates, opened);
      for (const id of plan.queue) {
        const task = byId.get(id)!;
        task.placement = followParent(task, runTasks);
        toQueue.push(task);
      }
      for (const { id, why } of plan.skip) {
        const task = byId.get(id)!;
        Object.assign(task, { status: 'COMPLETED', skipped: true, output: SKIPPED_OUTPUT });
        task.finishedAt = new Date(tick.now);
        toSkip.push({ task, why });
      }
      for (const { id, why } of plan.cancel) {
        const task = byId.get(id)!;
        task.status = 'CANCELLED';
        task.error = why;
        task.finishedAt = new Date(tick.now);
        toCancel.push({ task, why });
      }
      if (plan.createOnFailure && onFailureStep) {
        onFailureTasks.push({
          externalId: newTaskExternalId(runId),
          tenantId,
          runId,
          stepId: onFailureStep.id,
          readableId: onFailureStep.readableId,
          actionId: onFailureStep.actionId,
          status: 'QUEUED',
          retryCount: 0,
          priority: runTasks[0]!.priority,
          step: onFailureStep,
        });
      }
      const { startedAt, finishedAt } = runTimes(runTasks, tick.now);
      if (plan.runStatus && plan.runStatus !== 'QUEUED' && plan.runStatus !== 'RUNNING') {
        finished.push({ tenantId, runId, status: plan.runStatus, startedAt, finishedAt });
        tick.outcome.finishedRuns.push({
          tenantId,
          runId,
          status: plan.runStatus,
          finishedAt,
          tasks: runTasks.map(taskResult),
        });
      } else if (tick.startedRuns.has(runId) && startedAt) {
        goingOn.push({ runId, startedAt });
      }
    }
    if (toQueue.length > 0) {
      await queuePendingTasks(
        tick.tx,
        toQueue.map((t) => ({ id: t.id, placement: t.placement })),
      );
      for (const task of toQueue) tick.queueTask(task, task.retryCount);
    }
    if (toSkip.length > 0) {
      await skipTasks(
        tick.tx,
        toSkip.map(({ task }) => task.id),
        new Date(tick.now),
      );
    }
    if (toCancel.length > 0) {
      await cancelTasks(
        tick.tx,
        toCancel.map(({ task }) => task.id),
        new Date(tick.now),
      );
    }
    for (const [ended, eventType] of [
      [toSkip, 'SKIPPED'],
      [toCancel, 'CANCELLED'],
    ] as const) {
      for (const { task, why } of ended) {
        tick.event({
          tenantId: task.tenantId,
          taskId: task.id,
          retryCount: task.retryCount,
          eventType,
          message: why,
        });
      }
    }
    await writeGates(tick.tx, opened);
    this.opened.push(...opened);
    if (onFailureTasks.length > 0) {
      const ids = await tick.insertTasks(onFailureTasks.map(({ step: _step, ...task }) => task));
      onFailureTasks.forEach((task, i) =>
        // An on-failure task runs alone (its step declares no batch).
        tick.queueTask({ ...task.step, ...task, id: ids[i]!, batch: null }, 0),
      );
    }
    if (finished.length > 0) tick.write(runsFinish(finished));
    if (goingOn.length > 0) tick.write(runsStart(goingOn));
  }

  /**
   * A run's progress. Tasks whose conditions start counting get a gate (decided at once, or
   * open); an event wait with a lookback may be met by events stored before, which can decide
   * the gate at once and let the run go further, so it is planned again until no new gate is
   * decided.
   */
  private async plan(
    tick: TickContext,
    runTasks: readonly RunTaskRow[],
    hasOnFailureStep: boolean,
    gates: Map<string, GateState>,
    opened: Gate[],
  ): Promise<RunProgress> {
    for (;;) {
      const plan = planRunProgress(runTasks, hasOnFailureStep, gates);
      let decided = false;
      for (const { id, met } of plan.arm) {
        const task = runTasks.find((t) => t.id === id)!;
        const gate = await openGate(
          tick.tx,
          { taskId: id, tenantId: task.tenantId },
          task.conditions!,
          met,
          tick.now,
        );
        opened.push(gate);
        gates.set(id, { decision: gate.decision });
        decided ||= gate.decision !== null;
      }
      if (!decided) {
        // Conditions decided as they started counting are kept too: what met them shows.
        for (const { id, met, action } of plan.decided) {
          const task = runTasks.find((t) => t.id === id)!;
          opened.push({
            taskId: id,
            tenantId: task.tenantId,
            conditions: task.conditions!,
            met,
            startedAt: tick.now,
            dueAt: null,
            decision: action,
            decidedAt: tick.now,
          });
        }
        return plan;
      }
    }
  }

  /** The on-failure step of each version among these tasks' (remembered across ticks). */
  private async onFailureSteps(
    tick: TickContext,
    tasks: readonly RunTaskRow[],
  ): Promise<Map<string, OnFailureStep | null>> {
    const known = this.deps.facts.onFailureSteps;
    const unknown = [...new Set(tasks.map((t) => t.workflowVersionId))].filter(
      (id) => !known.has(id),
    );
    if (unknown.length > 0) {
      for (const id of unknown) known.set(id, null);
      for (const step of await listOnFailureSteps(tick.tx, unknown))
        known.set(step.workflowVersionId, step);
    }
    return known;
  }
}

/**
 * A sticky workflow's task follows the worker that ran a parent of it (SOFT: there first;
 * HARD: only there), unless the run already names a worker.
 */
function followParent(task: RunTaskRow, runTasks: readonly RunTaskRow[]): Placement | null {
  if (!task.sticky || task.placement?.workerId) return task.placement;
  const parent = runTasks.find((t) => task.parents.includes(t.readableId) && t.workerId);
  if (!parent) return task.placement;
  return { ...task.placement, workerId: parent.workerId!, strict: task.sticky === 'HARD' };
}

/**
 * When a run's work started (its first task's start) and ended (its last task's finish, or now
 * for a run none of whose tasks recorded one).
 */
function runTimes(
  tasks: readonly RunTaskRow[],
  now: number,
): { startedAt: Date | null; finishedAt: Date } {
  let started: number | undefined;
  let finished: number | undefined;
  for (const task of tasks) {
    const s = task.startedAt?.getTime();
    const f = task.finishedAt?.getTime();
    if (s !== undefined && (started === undefined || s < started)) started = s;
    if (f !== undefined && (finished === undefined || f > finished)) finished = f;
  }
  return {
    startedAt: started === undefined ? null : new Date(started),
    finishedAt: new Date(finished ?? now),
  };
}
