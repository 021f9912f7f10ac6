/**
 * Triggers: new runs, from clients and from tasks spawning children. A run and its tasks are
 * written in the tick's last statement; its root tasks are queued, or, when a worker has a
 * free slot and nothing of their action waits, assigned at once in the same transaction
 * (direct assignment: no queue row, no assignment statement, one tick less of latency).
 * Children are deduplicated on (parent task, child key or index), so a re-sent spawn returns
 * the run it created the first time.
 */
import { newRunId, newTaskExternalId, type Queryable } from '@trellis/db';
import { batchesOf, type TaskBatch } from '../batches';
import { claimsOf, type ConcurrencyClaim } from '../concurrency';
import { EngineError, type IdempotencyCollisions } from '../errors';
import { idempotencyKeyOf } from '../idempotency';
import { claimIdempotencyKeys, claimKey, type KeyClaim } from '../queries/idempotency.queries';
import { rateLimitsCreate } from '../queries/rate-limit.queries';
import {
  mergeLabels,
  normaliseDesiredLabels,
  placementOf,
  type DesiredLabel,
  type Placement,
} from '../placement';
import { rateLimitClaimsOf, type RateLimitClaim } from '../rate-limits';
import type { DispatchRow } from '../queries/attempt.queries';
import {
  findChildRuns,
  findParentRunMetadata,
  runsInsert,
  type NewRunRow,
} from '../queries/run.queries';
import { gatesUpsert, type Gate } from '../queries/gate.queries';
import { runtimesInsert } from '../queries/task-runtime.queries';
import type { NewTaskRow } from '../queries/task.queries';
import type { StepRow } from '../queries/workflow.queries';
import type { Assignment, ReadyItem, Scheduler } from '../scheduler';
import { BufferedSystem, type Operation } from '../tick/system';
import { readyItem, type TickContext } from '../tick/tick-context';
import type { TriggerRequest } from '../types';
import { assertJsonSize, assertUuid, isUuid } from '../validation';
import type { CachedVersion, VersionCache } from '../version-cache';
import type { WorkerRegistry } from '../worker-registry';
import { releaseUnits } from '../worker-pool';
import { metAtStart } from '../task-conditions';
import { indexGates, openGate, type GateSystemDeps } from './gates';

export interface ResolvedTrigger {
  tenantId: string;
  version: CachedVersion;
  input: unknown;
  additionalMetadata: Record<string, unknown>;
  priority: number;
  parentTaskExternalId: string | null;
  parentRunId: string | null;
  childIndex: number | null;
  childKey: string | null;
  /** The event that triggered this run (events.ts), and the filter that let it through. */
  event: TriggeringEvent | null;
  /** The cron or scheduled run that fired it (systems/timed-fire.ts). */
  timed?: TimedTrigger | undefined;
  /** The run's id, when the caller had to know it before the tick (a fire records it). */
  runId?: string | undefined;
  /** Each step's concurrency claims, by readable id (resolveClaims). */
  claims?: Map<string, ConcurrencyClaim[]> | undefined;
  /** Each step's rate limit claims, by readable id (resolveClaims). */
  rateLimits?: Map<string, RateLimitClaim[]> | undefined;
  /** Each batching step's batch, by readable id (resolveClaims). */
  batches?: Map<string, TaskBatch> | undefined;
  /** The run's idempotency key (resolveClaims). */
  idempotencyKey?: string | undefined;
  /** Where the run's tasks should run (placement.ts). */
  desiredWorkerId?: string | undefined;
  desiredLabels?: DesiredLabel[] | undefined;
}

export interface TimedTrigger {
  cronId?: string | undefined;
  scheduleId?: string | undefined;
  /** The fire's due time; none for a cron's "run now". */
  dueAt: Date | null;
  late: boolean;
}

export interface TriggeringEvent {
  id: string;
  key: string;
  filterId: string | null;
  filterPayload: Record<string, unknown> | null;
}

interface TriggerOp extends Operation<string[]> {
  triggers: ResolvedTrigger[];
  /** Triggers refused because a run holds their idempotency key: the caller gets ALREADY_EXISTS. */
  collisions?: IdempotencyCollisions;
}

/** A root task of a run being triggered: what its action carries comes from the trigger. */
interface NewRootTask {
  trigger: ResolvedTrigger;
  step: StepRow;
  runId: string;
}

type ReadyRootTask = NewRootTask & { item: ReadyItem };

export interface TriggerSystemDeps {
  db: Queryable;
  versions: VersionCache;
  scheduler: Scheduler;
  workers: WorkerRegistry;
  maxPayloadBytes: number;
  /** A closing engine assigns nothing new: what it still writes is queued. */
  isClosing(): boolean;
  wake(): void;
  /** Where the gates of root tasks with conditions are indexed, after COMMIT. */
  gateIndexes: Pick<GateSystemDeps, 'events' | 'sleeps'>;
}

export class TriggerSystem extends BufferedSystem<TriggerOp, string[]> {
  /** Gates of root tasks written in this tick, indexed once it commits. */
  private opened: Gate[] = [];

  constructor(private readonly deps: TriggerSystemDeps) {
    super(deps.wake);
  }

  /** Creates runs; resolves with their ids, in order, once they are committed. */
  async request(tenantId: string, requests: readonly TriggerRequest[]): Promise<string[]> {
    return this.pushAwaited({ triggers: await this.resolveAll(tenantId, requests) });
  }

  /** Requests checked and resolved against their workflows' versions, not buffered. */
  async resolveAll(
    tenantId: string,
    requests: readonly TriggerRequest[],
  ): Promise<ResolvedTrigger[]> {
    const triggers: ResolvedTrigger[] = [];
    for (const request of requests) triggers.push(await this.resolve(tenantId, request));
    return triggers;
  }

  private async resolve(tenantId: string, request: TriggerRequest): Promise<ResolvedTrigger> {
    const name = request.workflowName.toLowerCase();
    const version = await this.deps.versions.get(this.deps.db, tenantId, name);
    if (!version) throw new EngineError('NOT_FOUND', `workflow "${name}" does not exist`);
    if (request.parentTaskExternalId) assertUuid(request.parentTaskExternalId, 'parent task id');
    // The parent run id is informational (dedup keys on the parent task); drop a bad one.
    const parentRunId =
      request.parentRunId && isUuid(request.parentRunId) ? request.parentRunId : null;
    assertJsonSize(request.input ?? {}, 'input', this.deps.maxPayloadBytes);
    assertJsonSize(
      request.additionalMetadata ?? {},
      'additional metadata',
      this.deps.maxPayloadBytes,
    );
    const child = request.parentTaskExternalId !== undefined && request.parentTaskExternalId !== '';
    const trigger: ResolvedTrigger = {
      tenantId,
      version,
      input: request.input ?? {},
      additionalMetadata: request.additionalMetadata ?? {},
      priority: request.priority ?? version.defaultPriority,
      parentTaskExternalId: request.parentTaskExternalId || null,
      parentRunId: child ? parentRunId : null,
      childIndex: child ? (request.childIndex ?? null) : null,
      childKey: child ? (request.childKey ?? null) : null,
      event: null,
      timed: request.timed,
      ...(request.desiredWorkerId && isUuid(request.desiredWorkerId)
        ? { desiredWorkerId: request.desiredWorkerId }
        : {}),
      ...(request.desiredWorkerLabels
        ? {
            desiredLabels: normaliseDesiredLabels(
              request.desiredWorkerLabels,
              `workflow "${name}"`,
            ),
          }
        : {}),
    };
    const refused = resolveClaims(trigger);
    if (refused !== undefined) throw new EngineError('INVALID_ARGUMENT', refused);
    return trigger;
  }

  /**
   * Adds runs to the tick being written, from a phase that runs before this one (an event and
   * the runs it triggers are stored in the same transaction). Nobody awaits them here: the
   * caller answers for them.
   */
  includeInTick(triggers: ResolvedTrigger[]): void {
    if (triggers.length > 0) this.taken = [...this.taken, { triggers }];
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    const parents = parentTasks(this.taken);
    const existing = await existingChildren(tick, parents);
    await inheritMetadata(tick, parents, this.taken);
    const runs: NewRunRow[] = [];
    const tasks: NewTaskRow[] = [];
    /** The root tasks, ready at once, by external id. */
    const roots = new Map<string, NewRootTask>();
    /** Root tasks waiting on their conditions: their gates, by external id. */
    const gates = new Map<string, Gate>();
    for (const op of this.taken) {
      // Callers' triggers were checked when they were buffered; a fire whose workflow changed
      // its concurrency keys since the cron or schedule was made starts no run.
      op.triggers = op.triggers.filter((trigger) => resolveClaims(trigger) === undefined);
      for (const trigger of op.triggers) trigger.runId ??= newRunId(tick.now);
    }
    const holders = await claimKeys(tick, this.taken);
    for (const op of this.taken) {
      const ids: string[] = [];
      for (const trigger of op.triggers) {
        const key = childKey(trigger);
        const known = key === undefined ? undefined : existing.get(key);
        if (known) {
          ids.push(known);
          continue;
        }
        const runId = trigger.runId!;
        const holder = trigger.idempotencyKey === undefined ? runId : holders.get(keyOf(trigger));
        if (holder !== runId) {
          op.collisions ??= { collisions: [], createdRunIds: [] };
          op.collisions.collisions.push({ existingRunId: holder!, collidingRunId: runId });
          continue;
        }
        if (key !== undefined) existing.set(key, runId);
        ids.push(runId);
        runs.push(newRun(runId, trigger));
        for (const step of trigger.version.steps) {
          if (step.isOnFailure) continue;
          const externalId = newTaskExternalId(runId);
          // A root task with conditions waits on its gate unless they let it go at once.
          const gate =
            step.parents.length === 0 && step.conditions
              ? await openGate(
                  tick.tx,
                  { taskId: '', tenantId: trigger.tenantId },
                  step.conditions,
                  metAtStart(step.conditions, new Map()),
                  tick.now,
                )
              : undefined;
          const root = step.parents.length === 0 && (!gate || gate.decision === 'QUEUE');
          if (root) roots.set(externalId, { trigger, step, runId });
          else if (gate) gates.set(externalId, gate);
          const claims = trigger.claims?.get(step.readableId);
          const rateLimitClaims = trigger.rateLimits?.get(step.readableId);
          const placement = stepPlacement(trigger, step);
          const batch = trigger.batches?.get(step.readableId);
          tasks.push({
            ...(placement ? { placement } : {}),
            ...(batch ? { batch } : {}),
            ...(claims ? { claims } : {}),
            ...(rateLimitClaims ? { rateLimitClaims } : {}),
            externalId,
            tenantId: trigger.tenantId,
            runId,
            stepId: step.id,
            readableId: step.readableId,
            actionId: step.actionId,
            status: root ? 'QUEUED' : 'PENDING',
            retryCount: 0,
            priority: trigger.priority,
          });
        }
      }
      op.result = ids;
      if (op.collisions) op.collisions.createdRunIds = ids;
    }
    if (runs.length === 0) return;
    tick.write(runsInsert(runs, new Date(tick.now)));
    for (const run of runs) tick.outcome.createdRuns.push(run);
    const declared = declaredRateLimits(this.taken);
    if (declared.length > 0) tick.write(rateLimitsCreate(declared, new Date(tick.now)));
    const taskIds = await tick.insertTasks(tasks);
    this.writeGates(tick, tasks, taskIds, gates);
    const ready: ReadyRootTask[] = [];
    tasks.forEach(({ externalId }, i) => {
      const root = roots.get(externalId);
      if (!root) return;
      const { trigger, step, runId } = root;
      const task = {
        ...step,
        id: taskIds[i]!,
        externalId,
        runId,
        tenantId: trigger.tenantId,
        priority: trigger.priority,
        claims: trigger.claims?.get(step.readableId),
        rateLimitClaims: trigger.rateLimits?.get(step.readableId),
        placement: stepPlacement(trigger, step),
        batch: trigger.batches?.get(step.readableId),
      };
      ready.push({ ...root, item: readyItem(task, 0, tick.now) });
    });
    const assigned = new Map(this.assignNew(tick, ready).map((a) => [a.item, a]));
    const runtimes = [];
    for (const root of ready) {
      const assignment = assigned.get(root.item);
      if (!assignment) {
        tick.enqueue(root.item);
        continue;
      }
      runtimes.push(recordAssigned(tick, root, assignment));
    }
    if (runtimes.length > 0) tick.write(runtimesInsert(runtimes));
  }

  /**
   * Root tasks' gates, written with their tasks. One decided as it opens (a lookback met a
   * skip or a cancel) is timed for now instead: the gates phase decides it next tick, when
   * its task is there to read.
   */
  private writeGates(
    tick: TickContext,
    tasks: readonly NewTaskRow[],
    taskIds: readonly string[],
    gates: ReadonlyMap<string, Gate>,
  ): void {
    if (gates.size === 0) return;
    const opened: Gate[] = [];
    tasks.forEach(({ externalId }, i) => {
      const gate = gates.get(externalId);
      if (!gate) return;
      opened.push({
        ...gate,
        taskId: taskIds[i]!,
        dueAt: gate.decision === null ? gate.dueAt : tick.now,
        decision: null,
        decidedAt: null,
      });
    });
    tick.write(gatesUpsert(opened));
    this.opened.push(...opened);
    tick.onRollback(() => (this.opened = []));
  }

  /** Callers whose triggers collided on an idempotency key get ALREADY_EXISTS, naming the runs. */
  override settle(): void {
    indexGates(this.opened, this.deps.gateIndexes);
    this.opened = [];
    for (const op of this.taken) {
      if (!op.collisions || !op.done) continue;
      const [first] = op.collisions.collisions;
      op.done.reject(
        new EngineError(
          'ALREADY_EXISTS',
          `a run with the same idempotency key already exists: ${first!.existingRunId}`,
          op.collisions,
        ),
      );
      op.done = undefined;
    }
    super.settle();
  }

  /**
   * Assigns new root tasks to workers with free slots, in memory (Scheduler.assignNew),
   * reserving the slots; they are given back if the transaction fails.
   */
  private assignNew(tick: TickContext, ready: readonly ReadyRootTask[]): Assignment[] {
    if (this.deps.isClosing() || ready.length === 0) return [];
    const taken = this.deps.scheduler.assignNew(
      ready.map((r) => r.item),
      this.deps.workers.values(),
    );
    tick.onRollback(() => {
      for (const { item, worker } of taken) releaseUnits(worker, item.slotType, item.slotUnits);
    });
    return taken;
  }
}

/**
 * Works out a trigger's concurrency claims (once); says why when its keys cannot be evaluated
 * on its input and metadata, in which case the run must not be created.
 */
export function resolveClaims(trigger: ResolvedTrigger): string | undefined {
  if (trigger.claims !== undefined || !trigger.version.hasClaims) return undefined;
  const { version, input, additionalMetadata } = trigger;
  const concurrency = claimsOf(version, input, additionalMetadata);
  if (!concurrency.ok) return `workflow "${version.workflowName}": ${concurrency.error}`;
  const rateLimits = rateLimitClaimsOf(version.steps, input, additionalMetadata);
  if (!rateLimits.ok) return `workflow "${version.workflowName}": ${rateLimits.error}`;
  const batches = batchesOf(version.steps, input, additionalMetadata);
  if (!batches.ok) return `workflow "${version.workflowName}": ${batches.error}`;
  if (version.idempotency) {
    const key = idempotencyKeyOf(version.idempotency, input, additionalMetadata);
    if (!key.ok) return `workflow "${version.workflowName}": ${key.error}`;
    trigger.idempotencyKey = key.key;
  }
  trigger.claims = concurrency.claims;
  trigger.rateLimits = rateLimits.claims;
  trigger.batches = batches.batches;
  return undefined;
}

const keyOf = (trigger: ResolvedTrigger) =>
  claimKey({
    tenantId: trigger.tenantId,
    workflowId: trigger.version.workflowId,
    key: trigger.idempotencyKey!,
  });

/**
 * Claims the idempotency keys of the new runs (the first trigger of a key in the tick claims
 * it for its run); returns the run holding each key afterwards.
 */
async function claimKeys(
  tick: TickContext,
  ops: readonly TriggerOp[],
): Promise<Map<string, string>> {
  const claims = new Map<string, KeyClaim>();
  for (const { triggers } of ops) {
    for (const trigger of triggers) {
      const claim = keyClaimOf(trigger, trigger.runId!, tick.now);
      if (claim && !claims.has(keyOf(trigger))) claims.set(keyOf(trigger), claim);
    }
  }
  if (claims.size === 0) return new Map();
  return claimIdempotencyKeys(tick.tx, [...claims.values()], new Date(tick.now));
}

/** The claim of a trigger's idempotency key for `runId`, when its workflow has one. */
function keyClaimOf(trigger: ResolvedTrigger, runId: string, now: number): KeyClaim | undefined {
  const idempotency = trigger.version.idempotency;
  if (trigger.idempotencyKey === undefined || !idempotency) return undefined;
  return {
    tenantId: trigger.tenantId,
    workflowId: trigger.version.workflowId,
    key: trigger.idempotencyKey,
    runId,
    method: idempotency.method,
    expiresAt: new Date(now + idempotency.ttlMs),
  };
}

/**
 * Claims a trigger's idempotency key for `runId` ahead of the trigger phase (which then finds
 * the key already its run's); returns the run holding the key: `runId`, or the run it
 * collides with.
 */
export async function claimRunKey(
  tick: TickContext,
  trigger: ResolvedTrigger,
  runId: string,
): Promise<string> {
  const claim = keyClaimOf(trigger, runId, tick.now);
  if (!claim) return runId;
  const holders = await claimIdempotencyKeys(tick.tx, [claim], new Date(tick.now));
  return holders.get(keyOf(trigger)) ?? runId;
}

/** Where a new run's task should run: its step's labels, the run's wishes, the sticky strategy. */
function stepPlacement(trigger: ResolvedTrigger, step: StepRow): Placement | undefined {
  return placementOf(
    mergeLabels(step.desiredLabels, trigger.desiredLabels),
    step.sticky,
    trigger.desiredWorkerId,
  );
}

/** Rate limit keys the new runs' tasks declare with a limit: created if missing. */
function declaredRateLimits(ops: readonly TriggerOp[]) {
  const keys = new Map<
    string,
    { tenantId: string; key: string; limit: number; duration: string }
  >();
  for (const { triggers } of ops) {
    for (const { tenantId, rateLimits } of triggers) {
      for (const claims of rateLimits?.values() ?? []) {
        for (const { key, limit, duration } of claims) {
          if (limit !== null)
            keys.set(`${tenantId}\u0000${key}`, { tenantId, key, limit, duration });
        }
      }
    }
  }
  return [...keys.values()];
}

type ParentTask = { tenantId: string; parentTaskExternalId: string };

/** The parent tasks of the child triggers among these, once each. */
function parentTasks(ops: readonly TriggerOp[]): ParentTask[] {
  const parents = new Map<string, ParentTask>();
  for (const { triggers } of ops) {
    for (const { tenantId, parentTaskExternalId } of triggers) {
      if (parentTaskExternalId === null) continue;
      parents.set(`${tenantId}/${parentTaskExternalId}`, { tenantId, parentTaskExternalId });
    }
  }
  return [...parents.values()];
}

/** Runs already spawned by these parents, by child key. */
async function existingChildren(
  tick: TickContext,
  parents: readonly ParentTask[],
): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  if (parents.length === 0) return existing;
  for (const run of await findChildRuns(tick.tx, parents)) {
    const key = childKey(run);
    if (key) existing.set(key, run.id);
  }
  return existing;
}

/**
 * A child run carries its parent run's additional metadata, its own keys winning, as the
 * reference does: filtering runs by a metadata key then finds a parent's children too.
 */
async function inheritMetadata(
  tick: TickContext,
  parents: readonly ParentTask[],
  ops: readonly TriggerOp[],
): Promise<void> {
  if (parents.length === 0) return;
  const inherited = new Map(
    (await findParentRunMetadata(tick.tx, parents)).map((p) => [
      `${p.tenantId}/${p.parentTaskExternalId}`,
      p.additionalMetadata,
    ]),
  );
  for (const { triggers } of ops) {
    for (const trigger of triggers) {
      if (trigger.parentTaskExternalId === null) continue;
      const parent = inherited.get(`${trigger.tenantId}/${trigger.parentTaskExternalId}`);
      if (parent) trigger.additionalMetadata = { ...parent, ...trigger.additionalMetadata };
    }
  }
}

function childKey(t: {
  tenantId: string;
  parentTaskExternalId: string | null;
  childIndex: number | null;
  childKey: string | null;
}): string | undefined {
  if (t.parentTaskExternalId === null) return undefined;
  if (t.childKey !== null) return `${t.tenantId}/${t.parentTaskExternalId}/key:${t.childKey}`;
  if (t.childIndex !== null) return `${t.tenantId}/${t.parentTaskExternalId}/index:${t.childIndex}`;
  return undefined;
}

function newRun(id: string, trigger: ResolvedTrigger): NewRunRow {
  return {
    id,
    tenantId: trigger.tenantId,
    workflowId: trigger.version.workflowId,
    workflowVersionId: trigger.version.versionId,
    kind: trigger.version.isDag ? 'DAG' : 'TASK',
    input: trigger.input,
    additionalMetadata: trigger.additionalMetadata,
    parentTaskExternalId: trigger.parentTaskExternalId,
    parentRunId: trigger.parentRunId,
    childIndex: trigger.childIndex,
    childKey: trigger.childKey,
    priority: trigger.priority,
    triggeringEventId: trigger.event?.id ?? null,
    triggeringFilterId: trigger.event?.filterId ?? null,
    filterPayload: trigger.event?.filterPayload ?? null,
    triggeringCronId: trigger.timed?.cronId ?? null,
    triggeringScheduleId: trigger.timed?.scheduleId ?? null,
    triggerDueAt: trigger.timed?.dueAt ?? null,
    triggerLate: trigger.timed ? trigger.timed.late : null,
  };
}

/**
 * Records a new root task as assigned without queueing it (its QUEUED and ASSIGNED events),
 * and what its action carries, as assignAttempts would have returned it; returns its runtime.
 */
function recordAssigned(
  tick: TickContext,
  { trigger, step, item }: ReadyRootTask,
  assignment: Assignment,
) {
  const workerId = assignment.worker.id;
  const attempt = { tenantId: item.tenantId, taskId: item.taskId, retryCount: 0 };
  tick.event({ ...attempt, eventType: 'QUEUED' });
  tick.event({ ...attempt, eventType: 'ASSIGNED', workerId });
  const row: DispatchRow = {
    id: item.taskId,
    externalId: item.externalId,
    tenantId: item.tenantId,
    runId: item.runId,
    readableId: step.readableId,
    actionId: step.actionId,
    retryCount: 0,
    priority: item.priority,
    createdAt: new Date(tick.now),
    workflowId: trigger.version.workflowId,
    workflowVersionId: trigger.version.versionId,
    workflowName: trigger.version.workflowName,
    stepId: step.id,
    input: trigger.input,
    additionalMetadata: trigger.additionalMetadata,
    childIndex: trigger.childIndex,
    childKey: trigger.childKey,
    parentTaskExternalId: trigger.parentTaskExternalId,
    parents: step.parents,
    isOnFailure: false,
    isDurable: step.isDurable,
    timeoutSeconds: step.timeoutSeconds,
    triggeringEventId: trigger.event?.id ?? null,
    triggeringEventKey: trigger.event?.key ?? null,
    filterPayload: trigger.event?.filterPayload ?? null,
  };
  tick.outcome.assigned.push({ assignment, row });
  return {
    ...attempt,
    workerId,
    slotType: item.slotType,
    slotUnits: item.slotUnits,
    assignedAt: new Date(tick.now),
    timeoutAt: new Date(tick.now + step.timeoutSeconds * 1000),
  };
}
