/**
 * Crons and scheduled runs as callers manage them (REST, and PutWorkflow for crons declared in
 * code): each change is written, then the ticker learns it at once (ticker.ts), in this process
 * by a call and in the others by a notification. Firing is the ticker's and the timed-fire
 * system's; this module only adds "run now" and "fire now".
 */
import type { Database } from '@trellis/db';
import { EngineError } from './errors';
import {
  deleteCron,
  findCron,
  insertCron,
  updateCron,
  type CronChange,
} from './queries/cron-trigger.queries';
import {
  deleteScheduledRuns,
  findScheduleStates,
  insertScheduledRun,
  rescheduleRuns,
} from './queries/scheduled-run.queries';
import type { TimedFireSystem } from './systems/timed-fire';
import type { TriggerSystem } from './systems/trigger';
import type { Ticker } from './ticker';
import type { Clock } from './types';
import { assertCron, assertJsonSize, assertUuid } from './validation';
import type { VersionCache } from './version-cache';

export interface TimedTriggersDeps {
  db: Database;
  clock: Clock;
  versions: VersionCache;
  ticker: Ticker;
  trigger: TriggerSystem;
  timedFire: TimedFireSystem;
  maxPayloadBytes: number;
  assertOpen(): void;
}

export interface CronRequest {
  name: string;
  expression: string;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority?: number | undefined;
}

export interface ScheduleRequest {
  triggerAt: Date;
  input: Record<string, unknown>;
  additionalMetadata: Record<string, unknown>;
  priority?: number | undefined;
}

/** Why a scheduled run was not changed: the reference's words. */
export const SCHEDULE_REFUSALS = {
  notFound: 'scheduled workflow run not found',
  declaredInCode: 'Cannot delete scheduled run created via code definition.',
  alreadyTriggered: 'Scheduled run has already been triggered and cannot be rescheduled.',
} as const;

export class TimedTriggers {
  constructor(private readonly deps: TimedTriggersDeps) {}

  // ------------------------------------------------------------------------------------------
  // Crons
  // ------------------------------------------------------------------------------------------

  /** Creates a cron for the named workflow; resolves with its id. */
  async createCron(tenantId: string, workflowName: string, cron: CronRequest): Promise<string> {
    this.deps.assertOpen();
    assertCron(cron.expression);
    this.assertPayloads(cron);
    const workflowId = await this.workflowId(tenantId, workflowName);
    const id = await insertCron(
      this.deps.db,
      tenantId,
      {
        workflowId,
        name: cron.name,
        expression: cron.expression.trim(),
        input: cron.input,
        additionalMetadata: cron.additionalMetadata,
        priority: cron.priority ?? null,
      },
      this.now(),
    );
    if (id === undefined) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        'cron trigger with that name-expression pair already exists',
      );
    }
    await this.deps.ticker.cronChanged(tenantId, id);
    return id;
  }

  /**
   * Enables or disables a cron; one created over REST may also take a new name, expression,
   * input, metadata or priority. False when the cron does not exist.
   */
  async updateCron(tenantId: string, cronId: string, change: CronChange): Promise<boolean> {
    this.deps.assertOpen();
    assertUuid(cronId, 'cron id');
    const cron = await findCron(this.deps.db, tenantId, cronId);
    if (!cron) return false;
    const edits = { ...change, enabled: undefined };
    if (cron.method === 'DEFAULT' && Object.values(edits).some((v) => v !== undefined)) {
      throw new EngineError(
        'FAILED_PRECONDITION',
        'this cron is declared in code: change it there (only enabling and disabling it works here)',
      );
    }
    if (change.expression !== undefined) assertCron(change.expression);
    this.assertPayloads(change);
    const expression = change.expression?.trim();
    const updated = await updateCron(
      this.deps.db,
      tenantId,
      cronId,
      { ...change, expression },
      this.now(),
    );
    if (updated === 'duplicate') {
      throw new EngineError(
        'FAILED_PRECONDITION',
        'cron trigger with that name-expression pair already exists',
      );
    }
    if (updated) await this.deps.ticker.cronChanged(tenantId, cronId);
    return updated;
  }

  /** Deletes a cron created over REST (one declared in code goes with its code). */
  async deleteCron(tenantId: string, cronId: string): Promise<boolean> {
    this.deps.assertOpen();
    assertUuid(cronId, 'cron id');
    const cron = await findCron(this.deps.db, tenantId, cronId);
    if (!cron) return false;
    if (cron.method === 'DEFAULT') {
      throw new EngineError(
        'FAILED_PRECONDITION',
        'this cron is declared in code: remove it there, or disable it',
      );
    }
    if (!(await deleteCron(this.deps.db, tenantId, cronId))) return false;
    await this.deps.ticker.cronChanged(tenantId, cronId);
    return true;
  }

  /** Runs the cron's workflow now with its input and metadata; resolves with the run id. */
  async runCronNow(tenantId: string, cronId: string): Promise<string> {
    this.deps.assertOpen();
    assertUuid(cronId, 'cron id');
    const cron = await findCron(this.deps.db, tenantId, cronId);
    if (!cron) throw new EngineError('NOT_FOUND', 'cron workflow not found');
    const [runId] = await this.deps.trigger.request(tenantId, [
      {
        workflowName: cron.workflowName,
        input: cron.input,
        additionalMetadata: cron.additionalMetadata,
        priority: cron.priority ?? undefined,
        timed: { cronId, dueAt: null, late: false },
      },
    ]);
    return runId!;
  }

  // ------------------------------------------------------------------------------------------
  // Scheduled runs
  // ------------------------------------------------------------------------------------------

  /** Schedules a run of the named workflow; resolves with the scheduled run's id. */
  async schedule(tenantId: string, workflowName: string, run: ScheduleRequest): Promise<string> {
    this.deps.assertOpen();
    this.assertPayloads(run);
    const workflowId = await this.workflowId(tenantId, workflowName);
    const id = await insertScheduledRun(
      this.deps.db,
      tenantId,
      { workflowId, ...run, priority: run.priority ?? null },
      this.now(),
    );
    await this.deps.ticker.scheduleChanged(tenantId, id, run.triggerAt);
    return id;
  }

  /**
   * Moves unfired scheduled runs; resolves with the ids moved and, for each one refused, why
   * (unknown, declared in code, already fired).
   */
  async reschedule(
    tenantId: string,
    updates: readonly { id: string; triggerAt: Date }[],
  ): Promise<{ updatedIds: string[]; errors: { id: string; error: string }[] }> {
    this.deps.assertOpen();
    for (const { id } of updates) assertUuid(id, 'scheduled run id');
    const updatedIds = await rescheduleRuns(this.deps.db, tenantId, updates, this.now());
    const moved = new Set(updatedIds);
    for (const { id, triggerAt } of updates) {
      if (moved.has(id)) await this.deps.ticker.scheduleChanged(tenantId, id, triggerAt);
    }
    const refused = updates.filter(({ id }) => !moved.has(id)).map(({ id }) => id);
    const errors = await this.refusals(tenantId, refused, SCHEDULE_REFUSALS.alreadyTriggered);
    return { updatedIds, errors };
  }

  /** Deletes scheduled runs: unfired ones never fire; fired ones leave their runs alone. */
  async deleteScheduled(
    tenantId: string,
    ids: readonly string[],
  ): Promise<{ deletedIds: string[]; errors: { id: string; error: string }[] }> {
    this.deps.assertOpen();
    for (const id of ids) assertUuid(id, 'scheduled run id');
    const deletedIds = await deleteScheduledRuns(this.deps.db, tenantId, ids);
    for (const id of deletedIds) await this.deps.ticker.scheduleChanged(tenantId, id, null);
    const gone = new Set(deletedIds);
    const errors = await this.refusals(
      tenantId,
      ids.filter((id) => !gone.has(id)),
      SCHEDULE_REFUSALS.notFound,
    );
    return { deletedIds, errors };
  }

  /** Fires a scheduled run now; resolves with its run id. */
  async fireScheduledNow(tenantId: string, id: string): Promise<string> {
    this.deps.assertOpen();
    assertUuid(id, 'scheduled run id');
    const [state] = await findScheduleStates(this.deps.db, tenantId, [id]);
    if (!state) throw new EngineError('NOT_FOUND', SCHEDULE_REFUSALS.notFound);
    const runId = await this.deps.timedFire.fireScheduleNow(tenantId, id);
    if (runId === undefined) {
      throw new EngineError('FAILED_PRECONDITION', 'Scheduled run has already been triggered.');
    }
    await this.deps.ticker.scheduleChanged(tenantId, id, null);
    return runId;
  }

  // ------------------------------------------------------------------------------------------

  /** Why each of these scheduled runs was left alone. */
  private async refusals(
    tenantId: string,
    ids: readonly string[],
    ifFired: string,
  ): Promise<{ id: string; error: string }[]> {
    if (ids.length === 0) return [];
    const states = new Map(
      (await findScheduleStates(this.deps.db, tenantId, ids)).map((s) => [s.id, s]),
    );
    return ids.map((id) => {
      const state = states.get(id);
      if (!state) return { id, error: SCHEDULE_REFUSALS.notFound };
      if (state.method === 'DEFAULT') return { id, error: SCHEDULE_REFUSALS.declaredInCode };
      return { id, error: state.fired ? ifFired : SCHEDULE_REFUSALS.notFound };
    });
  }

  private async workflowId(tenantId: string, workflowName: string): Promise<string> {
    const version = await this.deps.versions.get(
      this.deps.db,
      tenantId,
      workflowName.toLowerCase(),
    );
    if (!version) throw new EngineError('NOT_FOUND', 'workflow not found');
    return version.workflowId;
  }

  private assertPayloads(payloads: {
    input?: Record<string, unknown> | undefined;
    additionalMetadata?: Record<string, unknown> | undefined;
  }): void {
    const max = this.deps.maxPayloadBytes;
    if (payloads.input) assertJsonSize(payloads.input, 'input', max);
    if (payloads.additionalMetadata) {
      assertJsonSize(payloads.additionalMetadata, 'additional metadata', max);
    }
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }
}
