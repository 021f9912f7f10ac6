/**
 * Fires of crons and scheduled runs (ticker.ts finds them due). In the tick, each fire is
 * claimed by a compare-and-set on its trigger's row (queries/cron-trigger.queries.ts,
 * scheduled-run.queries.ts) and its run is handed to the trigger phase, which runs next in the
 * same transaction: a fire and its run commit together or not at all, and a fire another server
 * process claimed first is dropped here. A tick takes at most MAX_FIRES_PER_TICK fires, so that
 * ten thousand runs due in one second start in steps rather than in one huge transaction, and
 * at most one of each trigger.
 */
import { newRunId, type Queryable } from '@trellis/db';
import { claimCronFires, type ClaimedCronFire } from '../queries/cron-trigger.queries';
import { claimScheduleFires, type ClaimedScheduleFire } from '../queries/scheduled-run.queries';
import { Deferred } from '../tick/deferred';
import type { System } from '../tick/system';
import type { TickContext } from '../tick/tick-context';
import type { VersionCache } from '../version-cache';
import type { ResolvedTrigger, TimedTrigger, TriggerSystem } from './trigger';

/** Fires per tick; the rest wait for the next one (measured in bench/: engine timed scenario). */
export const MAX_FIRES_PER_TICK = 1000;

export type TimedFire =
  | { kind: 'cron'; id: string; tenantId: string; expression: string; dueAt: Date; late: boolean }
  /** `dueAt` null: fired now on request, whatever its time. */
  | { kind: 'schedule'; id: string; tenantId: string; dueAt: Date | null; late: boolean };

interface FireOp {
  fire: TimedFire;
  /** Given when a tick takes the fire: the run's id carries the tick's time (day-ids.ts). */
  runId: string;
  /** Set for a fire a caller awaits: resolves with the run id, or undefined if not claimed. */
  done?: Deferred<string | undefined>;
  claimed?: boolean;
}

export interface TimedFireSystemDeps {
  db: Queryable;
  versions: VersionCache;
  trigger: TriggerSystem;
  wake(): void;
}

export class TimedFireSystem implements System {
  private buffer: FireOp[] = [];
  private taken: FireOp[] = [];

  constructor(private readonly deps: TimedFireSystemDeps) {}

  get pending(): number {
    return this.buffer.length;
  }

  /** Fires the ticker found due; nobody awaits them, and a failed tick buffers them again. */
  fire(fires: readonly TimedFire[]): void {
    if (fires.length === 0) return;
    for (const fire of fires) this.buffer.push({ fire, runId: '' });
    this.deps.wake();
  }

  /** Fires one scheduled run now; resolves with its run id, or undefined if it had fired. */
  fireScheduleNow(tenantId: string, id: string): Promise<string | undefined> {
    const done = new Deferred<string | undefined>();
    // The claim answers with the id as stored (lower case); the op is found by it.
    const fire: TimedFire = {
      kind: 'schedule',
      id: id.toLowerCase(),
      tenantId,
      dueAt: null,
      late: false,
    };
    this.buffer.push({ fire, runId: '', done });
    this.deps.wake();
    return done.promise;
  }

  take(): void {
    // One fire per cron or scheduled run a tick: its claim updates the trigger's row once, so
    // a cron's second due time (caught up after a lag) waits for the next tick, in order.
    const ids = new Set<string>();
    const taken: FireOp[] = [];
    const rest: FireOp[] = [];
    for (const op of this.buffer) {
      if (taken.length < MAX_FIRES_PER_TICK && !ids.has(op.fire.id)) {
        ids.add(op.fire.id);
        taken.push(op);
      } else rest.push(op);
    }
    this.taken = taken;
    this.buffer = rest;
  }

  async apply(tick: TickContext): Promise<void> {
    if (this.taken.length === 0) return;
    for (const op of this.taken) op.runId = newRunId(tick.now);
    const byId = new Map(this.taken.map((op) => [op.fire.id, op]));
    const crons = this.taken.flatMap(({ fire, runId }) =>
      fire.kind === 'cron' ? [{ ...fire, runId }] : [],
    );
    const schedules = this.taken.flatMap(({ fire, runId }) =>
      fire.kind === 'schedule' ? [{ ...fire, runId }] : [],
    );
    const claimed: {
      op: FireOp;
      row: ClaimedCronFire | ClaimedScheduleFire;
      timed: TimedTrigger;
    }[] = [];
    if (crons.length > 0) {
      for (const row of await claimCronFires(tick.tx, crons)) {
        const op = byId.get(row.id)!;
        const { dueAt, late } = op.fire;
        claimed.push({ op, row, timed: { cronId: row.id, dueAt, late } });
      }
    }
    if (schedules.length > 0) {
      for (const row of await claimScheduleFires(tick.tx, schedules, new Date(tick.now))) {
        const op = byId.get(row.id)!;
        claimed.push({
          op,
          row,
          timed: { scheduleId: row.id, dueAt: row.triggerAt, late: op.fire.late },
        });
      }
    }
    const triggers: ResolvedTrigger[] = [];
    for (const { op, row, timed } of claimed) {
      const version = await this.deps.versions.get(tick.tx, row.tenantId, row.workflowName);
      if (!version) continue;
      op.claimed = true;
      triggers.push({
        tenantId: row.tenantId,
        version,
        input: row.input ?? {},
        additionalMetadata: row.additionalMetadata,
        priority: row.priority ?? version.defaultPriority,
        parentTaskExternalId: null,
        parentRunId: null,
        childIndex: null,
        childKey: null,
        event: null,
        timed,
        runId: op.runId,
      });
    }
    this.deps.trigger.includeInTick(triggers);
  }

  settle(): void {
    for (const op of this.taken) op.done?.resolve(op.claimed ? op.runId : undefined);
    this.taken = [];
    // More fell due than one tick takes: the next tick takes the rest.
    if (this.buffer.length > 0) this.deps.wake();
  }

  /** Nothing was written: the ticker's fires wait for the next tick; callers get the error. */
  fail(error: unknown): void {
    const retry: FireOp[] = [];
    for (const op of this.taken) {
      op.claimed = false;
      if (op.done) op.done.reject(error);
      else retry.push(op);
    }
    this.buffer.unshift(...retry);
    this.taken = [];
  }
}
