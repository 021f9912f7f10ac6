/**
 * Simulates runs the way the engine would have carried them out, and describes the rows the
 * engine would have left behind: runs, tasks, one task event per transition (QUEUED, ASSIGNED,
 * STARTED, FINISHED, RETRYING, FAILED, TIMED_OUT, SCHEDULING_TIMED_OUT, CANCELLED), log lines,
 * and for work still in flight at "now" its queue or running-set row. Timestamps, statuses,
 * messages and JSON shapes follow packages/engine/src/apply-batch.ts.
 */
import { newRunId, newTaskExternalId } from '@trellis/db';
import {
  isFinal,
  type NewRunRow,
  type RunStatus,
  type StepRow,
  type TaskEventType,
  type TaskStatus,
} from '@trellis/engine';
import type { EventGenerator, EventRow, RunTrigger } from './event-generator';
import type { EventLink } from './event-plan';
import type { SeedRandom } from './seed-random';
import {
  additionalMetadata,
  type SeedFilter,
  type StepBehaviour,
  type WorkflowBehaviour,
} from './workflow-catalog';

/** A step as the engine stored it, with how the catalog says its tasks behave. */
export interface SeedStep extends StepRow {
  behaviour: StepBehaviour;
}

export interface SeedVersion {
  id: string;
  /** Runs created from this time on use this version (until the next one). */
  activeFrom: number;
  /** Main steps in declaration order, parents before children. */
  steps: SeedStep[];
  onFailure: SeedStep | undefined;
}

/** A declared filter as the engine stored it. */
export interface RegisteredFilter extends SeedFilter {
  id: string;
}

export interface SeedWorkflow {
  id: string;
  behaviour: WorkflowBehaviour;
  versions: SeedVersion[];
  /** The catalog's filters, in its order. */
  filters: RegisteredFilter[];
}

/**
 * A run as the engine inserts it (the tenant is the writer's; seeded children have no key),
 * with the status and times it reached. Times are epoch milliseconds.
 */
export interface RunRow extends Omit<NewRunRow, 'tenantId' | 'childKey'> {
  additionalMetadata: Record<string, string>;
  status: RunStatus;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface TaskRow {
  /** Position in the chunk; the writer maps it to the task's database id. */
  index: number;
  externalId: string;
  runId: string;
  stepId: string;
  readableId: string;
  actionId: string;
  status: TaskStatus;
  retryCount: number;
  appRetryCount: number;
  priority: number;
  output: Record<string, unknown> | null;
  error: string | null;
  workerId: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface TaskEventRow {
  taskIndex: number;
  retryCount: number;
  eventType: TaskEventType;
  at: number;
  workerId: string | null;
  message: string;
  data: unknown;
}

export interface LogRow {
  taskIndex: number;
  retryCount: number;
  at: number;
  level: string;
  message: string;
  metadata: Record<string, unknown> | null;
}

export interface QueueRow {
  taskIndex: number;
  actionId: string;
  retryCount: number;
  priority: number;
  slotType: string;
  slotUnits: number;
  readyAt: number;
  scheduleTimeoutAt: number;
}

export interface RuntimeRow {
  taskIndex: number;
  retryCount: number;
  workerId: string;
  slotType: string;
  slotUnits: number;
  assignedAt: number;
  startedAt: number | null;
  timeoutAt: number;
}

export interface HistoryChunk {
  runs: RunRow[];
  tasks: TaskRow[];
  /** In the order the engine would have appended them (time, then cause before effect). */
  taskEvents: TaskEventRow[];
  logs: LogRow[];
  queue: QueueRow[];
  runtimes: RuntimeRow[];
  /** Pushed events, oldest first. */
  events: EventRow[];
}

/**
 * One top-level run to generate: which workflow, when, how many children it spawns, and the
 * event that triggered it, if one did.
 */
export interface RunPlan {
  workflow: number;
  createdAt: number;
  children: number;
  event?: EventLink;
}

// The engine's own texts, so seeded history reads exactly like history it wrote.
const CANCELLED_BY_REQUEST = 'Cancelled by request';
const CANCELLED_BY_PARENT = 'Cancelled because a parent task failed or was cancelled';
const SCHEDULE_TIMEOUT_ERROR = 'Task was not assigned to a worker before its schedule timeout';
const timeoutError = (seconds: number) => `Task exceeded its execution timeout of ${seconds}s`;

/** The engine's retry backoff (packages/engine/src/backoff.ts): factor^(n-1) s, capped. */
function retryDelayMs(failuresSoFar: number, factor: number | null, maxSeconds: number | null) {
  if (!factor || factor <= 0) return 0;
  const seconds = Math.pow(factor, Math.max(0, failuresSoFar - 1));
  return Math.round(Math.min(seconds, maxSeconds ?? 24 * 60 * 60) * 1000);
}

/** Where a task stands at the end of its simulation. */
interface TaskState {
  row: TaskRow;
  /** When it reached a final status (finished_at), if it did. */
  finalAt: number | undefined;
  queue: QueueRow | undefined;
  runtime: RuntimeRow | undefined;
}

export interface HistoryGeneratorOptions {
  workflows: SeedWorkflow[];
  workerIds: string[];
  /** Nothing happens after this instant: work still in flight then stays queued or running. */
  now: number;
  random: SeedRandom;
  /** Makes the events of plans that have one, and events that trigger nothing. */
  events?: EventGenerator;
}

export class HistoryGenerator {
  readonly #workflows: SeedWorkflow[];
  readonly #byName: Map<string, SeedWorkflow>;
  readonly #workerIds: string[];
  readonly #now: number;
  readonly #random: SeedRandom;
  readonly #events: EventGenerator | undefined;
  #chunk: HistoryChunk = emptyChunk();

  constructor(options: HistoryGeneratorOptions) {
    this.#workflows = options.workflows;
    this.#byName = new Map(options.workflows.map((w) => [w.behaviour.name, w]));
    this.#workerIds = options.workerIds;
    this.#now = options.now;
    this.#random = options.random;
    this.#events = options.events;
  }

  /** Tasks a plan produces, on-failure tasks aside (they exist only after a failure). */
  plannedTasks(plan: Pick<RunPlan, 'workflow' | 'children'>): number {
    const workflow = this.#workflows[plan.workflow]!;
    const latest = workflow.versions[workflow.versions.length - 1]!;
    const spawns = latest.steps.find((s) => s.behaviour.spawns)?.behaviour.spawns;
    const childSteps = spawns ? this.#workflow(spawns.workflow).versions[0]!.steps.length : 0;
    return latest.steps.length + plan.children * childSteps;
  }

  /** The runs of `plans`, and the events that trigger nothing created at `idleTimes`. */
  generate(plans: readonly RunPlan[], idleTimes: ArrayLike<number> = []): HistoryChunk {
    this.#chunk = emptyChunk();
    for (const plan of plans) {
      const workflow = this.#workflows[plan.workflow]!;
      // Drawn for every run, triggered or not: a triggered run takes the draws it would take
      // without its event.
      const metadata = additionalMetadata(this.#random);
      const priority = this.#random.chance(0.05) ? this.#random.int(2, 3) : 1;
      this.#run(workflow, plan.createdAt, {
        metadata,
        priority,
        children: plan.children,
        trigger: plan.event && this.#trigger(plan, plan.event, priority),
      });
    }
    // Task events were produced task by task; the engine appends them in time order. The sort is
    // stable, so events of one instant keep their causal order (FINISHED before the QUEUED of
    // the next task, FAILED and RETRYING before the new attempt's QUEUED).
    this.#chunk.taskEvents.sort((a, b) => a.at - b.at);
    for (let i = 0; i < idleTimes.length; i++) {
      this.#chunk.events.push(this.#eventGenerator().idle(idleTimes[i]!));
    }
    this.#chunk.events.sort((a, b) => a.createdAt - b.createdAt);
    return this.#chunk;
  }

  #eventGenerator(): EventGenerator {
    if (!this.#events) throw new Error('planned events need the generator of events');
    return this.#events;
  }

  /** The event behind a planned run (written with the first of its runs). */
  #trigger(plan: RunPlan, link: EventLink, priority: number): RunTrigger {
    const trigger = this.#eventGenerator().forRun(link, plan.workflow, plan.createdAt, priority);
    if (trigger.created) this.#chunk.events.push(trigger.event);
    return trigger;
  }

  #workflow(name: string): SeedWorkflow {
    const workflow = this.#byName.get(name);
    if (!workflow) throw new Error(`the seed catalog has no workflow "${name}"`);
    return workflow;
  }

  /** Simulates one run up to now (or up to its cancellation) and records its rows. */
  #run(
    workflow: SeedWorkflow,
    createdAt: number,
    options: {
      metadata: Record<string, string>;
      priority: number;
      children: number;
      parent?: { taskExternalId: string; runId: string; childIndex: number };
      trigger?: RunTrigger | undefined;
    },
  ): RunRow {
    const random = this.#random;
    const version =
      [...workflow.versions].reverse().find((v) => v.activeFrom <= createdAt) ??
      workflow.versions[0]!;
    const behaviour = workflow.behaviour;
    const run: RunRow = {
      id: newRunId(createdAt),
      workflowId: workflow.id,
      workflowVersionId: version.id,
      // As the engine decides it: several tasks or any dependency make a DAG.
      kind:
        version.steps.length > 1 || version.steps.some((s) => s.parents.length > 0)
          ? 'DAG'
          : 'TASK',
      status: 'QUEUED',
      input: behaviour.input(random),
      additionalMetadata: options.metadata,
      parentTaskExternalId: options.parent?.taskExternalId ?? null,
      parentRunId: options.parent?.runId ?? null,
      childIndex: options.parent?.childIndex ?? null,
      priority: options.priority,
      createdAt,
      startedAt: null,
      finishedAt: null,
    };
    const trigger = options.trigger;
    if (trigger) {
      run.input = trigger.input;
      run.additionalMetadata = trigger.metadata;
      run.priority = trigger.priority;
      run.triggeringEventId = trigger.event.id;
      run.triggeringFilterId = trigger.filter?.id ?? null;
      run.filterPayload = trigger.filter?.payload ?? null;
    }
    this.#chunk.runs.push(run);
    // Users cancel runs in flight (a stuck or unwanted run, a bulk cancel by filter).
    const cancelAt =
      random.chance(behaviour.cancelRate) && !options.parent
        ? createdAt + random.next() * 1.5 * this.#typicalRunMs(version)
        : undefined;
    const failing = version.steps.filter((s) => s.behaviour.errors?.length);
    const badInput =
      failing.length > 0 && random.chance(behaviour.badInputRate)
        ? { step: random.pick(failing).readableId, error: '' }
        : undefined;
    if (badInput) {
      const step = failing.find((s) => s.readableId === badInput.step)!;
      badInput.error = random.pick(step.behaviour.errors!);
    }
    const cutoff = Math.min(this.#now, cancelAt ?? Infinity);

    // Every main task is inserted with the run: roots QUEUED, the others PENDING.
    const states = new Map<string, TaskState>();
    for (const step of version.steps) {
      const row = this.#newTask(run, step, createdAt, step.parents.length === 0);
      states.set(step.readableId, {
        row,
        finalAt: undefined,
        queue: undefined,
        runtime: undefined,
      });
    }
    for (const step of version.steps) {
      const state = states.get(step.readableId)!;
      const parents = step.parents.map((p) => states.get(p)!);
      const failsWith = badInput?.step === step.readableId ? badInput.error : undefined;
      if (parents.length === 0) {
        this.#attempts(state, step, run, createdAt, cutoff, options.children, failsWith);
        continue;
      }
      const failedParent = parents
        .filter((p) => p.row.status === 'FAILED' || p.row.status === 'CANCELLED')
        .sort((a, b) => a.finalAt! - b.finalAt!)[0];
      if (failedParent) {
        this.#finish(state, 'CANCELLED', failedParent.finalAt!, null, null);
        this.#event(state.row, 'CANCELLED', failedParent.finalAt!, null, CANCELLED_BY_PARENT, null);
      } else if (parents.every((p) => p.row.status === 'COMPLETED')) {
        const readyAt = Math.max(...parents.map((p) => p.finalAt!));
        state.row.status = 'QUEUED';
        this.#attempts(state, step, run, readyAt, cutoff, options.children, failsWith);
      }
    }

    const main = [...states.values()];
    if (main.every((s) => isFinal(s.row.status))) {
      const allFinalAt = Math.max(...main.map((s) => s.finalAt!));
      const failed = main.some((s) => s.row.status === 'FAILED');
      if (failed && version.onFailure) {
        // Created once every main task is final; the run fails when it has run.
        const onFailure = this.#newTask(run, version.onFailure, allFinalAt, true);
        const state: TaskState = {
          row: onFailure,
          finalAt: undefined,
          queue: undefined,
          runtime: undefined,
        };
        states.set(version.onFailure.readableId, state);
        this.#attempts(state, version.onFailure, run, allFinalAt, cutoff, 0);
        if (isFinal(onFailure.status)) this.#finishRun(run, 'FAILED', state.finalAt!);
      } else {
        const status = failed
          ? 'FAILED'
          : main.some((s) => s.row.status === 'CANCELLED')
            ? 'CANCELLED'
            : 'COMPLETED';
        this.#finishRun(run, status, allFinalAt);
      }
    }
    if (run.finishedAt === null && cancelAt !== undefined && cancelAt < this.#now) {
      this.#cancelRun(run, [...states.values()], cancelAt);
    }
    if (run.finishedAt === null) {
      run.status = run.startedAt === null ? 'QUEUED' : 'RUNNING';
      for (const state of states.values()) {
        if (state.queue) this.#chunk.queue.push(state.queue);
        if (state.runtime) this.#chunk.runtimes.push(state.runtime);
      }
    }
    return run;
  }

  /** A user cancelled the run by its id: every task not yet final is cancelled at once. */
  #cancelRun(run: RunRow, states: TaskState[], at: number): void {
    for (const state of states) {
      if (isFinal(state.row.status)) continue;
      state.queue = undefined;
      state.runtime = undefined;
      this.#event(state.row, 'CANCELLED', at, null, CANCELLED_BY_REQUEST, null);
      this.#finish(state, 'CANCELLED', at, state.row.output, state.row.error);
      state.row.workerId = null;
    }
    const failed = states.some((s) => s.row.status === 'FAILED');
    this.#finishRun(run, failed ? 'FAILED' : 'CANCELLED', at);
  }

  #finishRun(run: RunRow, status: RunStatus, at: number): void {
    run.status = status;
    run.finishedAt = at;
  }

  /** How long a run of this version usually takes: where a user's cancel tends to land. */
  #typicalRunMs(version: SeedVersion): number {
    return version.steps.reduce((sum, s) => sum + s.behaviour.medianMs, 0) + 200;
  }

  #newTask(run: RunRow, step: SeedStep, createdAt: number, queued: boolean): TaskRow {
    const row: TaskRow = {
      index: this.#chunk.tasks.length,
      externalId: newTaskExternalId(run.id),
      runId: run.id,
      stepId: step.id,
      readableId: step.readableId,
      actionId: step.actionId,
      status: queued ? 'QUEUED' : 'PENDING',
      retryCount: 0,
      appRetryCount: 0,
      priority: run.priority,
      output: null,
      error: null,
      workerId: null,
      createdAt,
      startedAt: null,
      finishedAt: null,
    };
    this.#chunk.tasks.push(row);
    return row;
  }

  /**
   * The attempts of one task from the moment it is queued: wait for a worker, start, then
   * finish, fail (and maybe retry after the backoff) or time out, until a final status or the
   * cutoff. Leaves the task's queue or running-set row when it is still in flight.
   * `failsWith`: every attempt fails with this error (input the task cannot handle).
   */
  #attempts(
    state: TaskState,
    step: SeedStep,
    run: RunRow,
    firstQueuedAt: number,
    cutoff: number,
    children: number,
    failsWith?: string,
  ): void {
    const random = this.#random;
    const task = state.row;
    const behaviour = step.behaviour;
    const offlineFrom = this.#offlineFrom(run, step);
    let queuedAt = firstQueuedAt;
    let readyAt = firstQueuedAt;
    for (;;) {
      if (queuedAt > cutoff) return;
      task.status = 'QUEUED';
      this.#event(
        task,
        'QUEUED',
        queuedAt,
        null,
        '',
        readyAt > queuedAt ? { readyAt: new Date(readyAt).toISOString() } : null,
      );
      const scheduleDeadline = readyAt + step.scheduleTimeoutSeconds * 1000;
      const assignedAt = readyAt >= offlineFrom ? Infinity : readyAt + random.logNormal(18, 0.8);
      const queueRow: QueueRow = {
        taskIndex: task.index,
        actionId: step.actionId,
        retryCount: task.retryCount,
        priority: task.priority,
        slotType: step.slotType,
        slotUnits: step.slotUnits,
        readyAt,
        scheduleTimeoutAt: scheduleDeadline,
      };
      if (assignedAt > scheduleDeadline && scheduleDeadline <= cutoff) {
        this.#event(
          task,
          'SCHEDULING_TIMED_OUT',
          scheduleDeadline,
          null,
          SCHEDULE_TIMEOUT_ERROR,
          null,
        );
        this.#finish(state, 'FAILED', scheduleDeadline, null, SCHEDULE_TIMEOUT_ERROR);
        return;
      }
      if (assignedAt > cutoff) {
        state.queue = queueRow;
        return;
      }
      // The assignment is recorded by the runtime row and the ASSIGNED event; the task row
      // stays QUEUED, without a worker, until the worker reports the start.
      const workerId = random.pick(this.#workerIds);
      this.#event(task, 'ASSIGNED', assignedAt, workerId, '', null);
      const timeoutAt = assignedAt + step.timeoutSeconds * 1000;
      const runtime: RuntimeRow = {
        taskIndex: task.index,
        retryCount: task.retryCount,
        workerId,
        slotType: step.slotType,
        slotUnits: step.slotUnits,
        assignedAt,
        startedAt: null,
        timeoutAt,
      };
      const startedAt = assignedAt + random.logNormal(6, 0.6);
      if (startedAt > cutoff) {
        state.runtime = runtime;
        return;
      }
      task.status = 'RUNNING';
      task.workerId = workerId;
      task.startedAt = startedAt;
      runtime.startedAt = startedAt;
      run.startedAt = Math.min(run.startedAt ?? Infinity, startedAt);
      this.#event(task, 'STARTED', startedAt, null, '', null);

      let outcome: 'COMPLETED' | 'FAILED' | 'TIMED_OUT';
      let endAt: number;
      let output: Record<string, unknown> | null = null;
      let error = '';
      if (behaviour.spawns) {
        const result = this.#spawnChildren(task, run, behaviour, startedAt, children);
        outcome = result.failed > 0 ? 'FAILED' : 'COMPLETED';
        endAt = result.lastFinishedAt + random.logNormal(40, 0.5);
        error = `${result.failed} of ${children} child runs failed`;
        output = { ...behaviour.output(random), children };
      } else {
        const timedOut = failsWith === undefined && random.chance(behaviour.timeoutRate ?? 0);
        const failed =
          failsWith !== undefined || (!timedOut && random.chance(behaviour.failRate ?? 0));
        const duration = random.logNormal(behaviour.medianMs, behaviour.sigma ?? 0.5);
        outcome = timedOut ? 'TIMED_OUT' : failed ? 'FAILED' : 'COMPLETED';
        endAt = timedOut
          ? timeoutAt
          : Math.min(startedAt + (failed ? duration / 2 : duration), timeoutAt - 1);
        if (failed) error = failsWith ?? random.pick(behaviour.errors ?? ['Task failed']);
        if (timedOut) error = timeoutError(step.timeoutSeconds);
        if (outcome === 'COMPLETED') output = behaviour.output(random);
      }
      this.#logs(task, behaviour, startedAt, Math.min(endAt, cutoff), outcome, error);
      if (endAt > cutoff) {
        state.runtime = runtime;
        return;
      }
      if (outcome === 'COMPLETED') {
        this.#event(task, 'FINISHED', endAt, workerId, '', null);
        this.#finish(state, 'COMPLETED', endAt, output, null);
        return;
      }
      const data = outcome === 'FAILED' ? { stack: stackTrace(error, step) } : null;
      if (outcome === 'TIMED_OUT') this.#event(task, 'TIMED_OUT', endAt, null, error, null);
      task.error = error;
      // Every failed attempt is FAILED, a retried one then RETRYING, as the engine records them.
      this.#event(task, 'FAILED', endAt, null, error, data);
      if (task.appRetryCount < step.retries) {
        const delay = retryDelayMs(
          task.appRetryCount + 1,
          step.backoffFactor,
          step.backoffMaxSeconds,
        );
        const retry = `Retry ${task.appRetryCount + 1} of ${step.retries}`;
        this.#event(
          task,
          'RETRYING',
          endAt,
          null,
          delay > 0 ? `${retry} in ${delay / 1000}s` : retry,
          null,
        );
        task.appRetryCount += 1;
        task.retryCount += 1;
        task.workerId = null;
        queuedAt = endAt;
        readyAt = endAt + delay;
        continue;
      }
      this.#finish(state, 'FAILED', endAt, null, error);
      return;
    }
  }

  /**
   * From this instant the workers of the step's workflow are offline (the catalog's
   * `offlineForLastMinutes`): its tasks wait in the queue.
   */
  #offlineFrom(run: RunRow, step: SeedStep): number {
    const workflow = this.#workflows.find((w) => w.id === run.workflowId)!;
    const minutes = workflow.behaviour.offlineForLastMinutes;
    return minutes === undefined || step.behaviour.spawns ? Infinity : this.#now - minutes * 60_000;
  }

  /** A fan-out task spawns its child runs soon after it starts and waits for all of them. */
  #spawnChildren(
    task: TaskRow,
    run: RunRow,
    behaviour: StepBehaviour,
    startedAt: number,
    count: number,
  ): { failed: number; lastFinishedAt: number } {
    const childWorkflow = this.#workflow(behaviour.spawns!.workflow);
    let failed = 0;
    let lastFinishedAt = startedAt;
    for (let i = 0; i < count; i++) {
      const spawnedAt = startedAt + this.#random.logNormal(60, 0.5) + i * 3;
      if (spawnedAt > this.#now) return { failed, lastFinishedAt: Infinity };
      const child = this.#run(childWorkflow, spawnedAt, {
        metadata: run.additionalMetadata,
        priority: run.priority,
        children: 0,
        parent: { taskExternalId: task.externalId, runId: run.id, childIndex: i },
      });
      if (child.finishedAt === null) lastFinishedAt = Infinity;
      else lastFinishedAt = Math.max(lastFinishedAt, child.finishedAt);
      if (child.status === 'FAILED') failed += 1;
    }
    return { failed, lastFinishedAt };
  }

  /** An attempt's log lines, spread over its run time (only those written before the cutoff). */
  #logs(
    task: TaskRow,
    behaviour: StepBehaviour,
    startedAt: number,
    until: number,
    outcome: 'COMPLETED' | 'FAILED' | 'TIMED_OUT',
    error: string,
  ): void {
    const random = this.#random;
    const lines = behaviour.logs.filter((line) => !line.startsWith('debug:') || random.chance(0.5));
    const span = Math.max(1, until - startedAt);
    const last = outcome === 'COMPLETED' ? lines.length : Math.max(1, lines.length - 1);
    for (let i = 0; i < last; i++) {
      const at = startedAt + 1 + (span * i) / Math.max(1, last);
      if (at > until) break;
      const line = lines[i]!;
      const debug = line.startsWith('debug:');
      this.#chunk.logs.push({
        taskIndex: task.index,
        retryCount: task.retryCount,
        at,
        level: debug ? 'DEBUG' : 'INFO',
        message: debug ? line.slice(7) : line,
        metadata: null,
      });
    }
    if (outcome === 'FAILED' && until > startedAt) {
      this.#chunk.logs.push({
        taskIndex: task.index,
        retryCount: task.retryCount,
        at: until - 1,
        level: 'ERROR',
        message: error,
        metadata: { attempt: task.retryCount + 1 },
      });
    }
  }

  #finish(
    state: TaskState,
    status: TaskStatus,
    at: number,
    output: Record<string, unknown> | null,
    error: string | null,
  ): void {
    state.row.status = status;
    state.row.finishedAt = at;
    state.row.output = output;
    state.row.error = error;
    state.finalAt = at;
  }

  #event(
    task: TaskRow,
    eventType: TaskEventType,
    at: number,
    workerId: string | null,
    message: string,
    data: unknown,
  ): void {
    this.#chunk.taskEvents.push({
      taskIndex: task.index,
      retryCount: task.retryCount,
      eventType,
      at,
      workerId,
      message,
      data,
    });
  }
}

function emptyChunk(): HistoryChunk {
  return { runs: [], tasks: [], taskEvents: [], logs: [], queue: [], runtimes: [], events: [] };
}

/** What the SDK sends beside a failure's message: the JavaScript stack of the error. */
function stackTrace(message: string, step: SeedStep): string {
  const file = step.actionId.split(':')[0];
  return [
    `Error: ${message}`,
    `    at ${step.readableId.replace(/-./g, (m) => m[1]!.toUpperCase())} (/app/dist/workflows/${file}.js:${40 + (message.length % 60)}:11)`,
    '    at async Context.run (/app/node_modules/@hatchet-dev/typescript-sdk/v1/client/worker/context.js:92:24)',
    '    at async V1Worker.handleStartStepRun (/app/node_modules/@hatchet-dev/typescript-sdk/v1/client/worker/worker-internal.js:418:32)',
  ].join('\n');
}
