/**
 * The ticker: when crons and scheduled runs fall due. It keeps every enabled cron in memory
 * (its due times come from @trellis/cron) and the unfired scheduled runs due within the next
 * HORIZON_MS, and arms one timer for the earliest due time. When it fires, what is due goes to
 * the timed-fire system, which claims each fire in the database in the tick that creates its
 * run; so several server processes may hold the same crons and the database decides which one
 * fires, once.
 *
 * An idle ticker makes next to no queries: it sleeps until the next due time or the horizon,
 * when it reads again what falls due in the next one (two statements every HORIZON_MS). Changes
 * reach it at once: from this process by a call, from the others by a notification.
 *
 * A fire missed while no server ran (or while this one was busy past LATE_AFTER_MS) fires once,
 * marked late: a cron fires its latest missed due time only, not every one it missed. Due
 * times that passed within LATE_AFTER_MS while this server ran all fire, on time: a moment of
 * lag delays fires, it drops none.
 */
import type { ErrorContext } from './engine-options';
import { randomUUID } from 'node:crypto';
import { parseCron, type CronSchedule } from '@trellis/cron';
import type { Database } from '@trellis/db';
import { listLiveCrons, type LiveCronRow } from './queries/cron-trigger.queries';
import { listSchedulesDueBefore } from './queries/scheduled-run.queries';
import type { TimedFire } from './systems/timed-fire';
import { scopeIncludes, type TenantScope } from './tenant-scope';
import type { Clock } from './types';

/** Scheduled runs due within this are held in memory; the rest are read when they come near. */
export const HORIZON_MS = 5 * 60_000;
/** A fire made more than this after its due time is marked late. */
export const LATE_AFTER_MS = 10_000;
/** Where processes tell each other of changed crons and scheduled runs. */
export const TICKER_CHANNEL = 'trellis_ticker';

interface CronEntry {
  id: string;
  tenantId: string;
  expression: string;
  schedule: CronSchedule;
  /** No due time at or before this fires again (epoch ms). */
  cursor: number;
  nextDue: number | undefined;
}

interface ScheduleEntry {
  id: string;
  tenantId: string;
  dueAt: number;
}

/** What one process tells the others. */
type TickerChange =
  | { kind: 'cron'; tenantId: string; cronId: string }
  | { kind: 'tenant-crons'; tenantId: string }
  | { kind: 'schedule'; tenantId: string; id: string; dueAt: number | null };
/** A change with the process that made it, which ignores its own. */
type TickerNotice = TickerChange & { origin: string };

export interface TickerDeps {
  db: Database;
  clock: Clock;
  /** The tenants whose crons and scheduled runs this ticker fires. */
  scope: TenantScope;
  fire(fires: TimedFire[]): void;
  onError(message: string, error: unknown, context?: ErrorContext): void;
}

export class Ticker {
  private readonly crons = new Map<string, CronEntry>();
  private readonly schedules = new Map<string, ScheduleEntry>();
  /** Scheduled runs due before this are in memory. */
  private loadedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt: number | undefined;
  private stopped = false;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly origin = randomUUID();
  /** Due times before this were missed while no ticker of this process ran. */
  private startedAt = 0;

  constructor(private readonly deps: TickerDeps) {}

  /** Reads the crons and what falls due soon, listens for other processes, arms the timer. */
  async start(): Promise<void> {
    this.startedAt = this.deps.clock.now();
    this.unlisten = await this.deps.db.listen(TICKER_CHANNEL, (payload) => this.onNotice(payload));
    await this.resync();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.unlisten?.();
  }

  /** How much is waiting in memory (tests and metrics). */
  stats(): { crons: number; schedules: number } {
    return { crons: this.crons.size, schedules: this.schedules.size };
  }

  // ------------------------------------------------------------------------------------------
  // Changes
  // ------------------------------------------------------------------------------------------

  /** A cron was created, changed or deleted in this process. */
  async cronChanged(tenantId: string, cronId: string): Promise<void> {
    await this.reloadCrons({ tenantId, cronId });
    await this.notify({ kind: 'cron', tenantId, cronId });
  }

  /** A workflow's crons changed together (its code declared others, or it was deleted). */
  async tenantCronsChanged(tenantId: string): Promise<void> {
    await this.reloadCrons({ tenantId });
    await this.notify({ kind: 'tenant-crons', tenantId });
  }

  /** A scheduled run was created or moved (`dueAt`), or deleted or fired (null). */
  async scheduleChanged(tenantId: string, id: string, dueAt: Date | null): Promise<void> {
    this.setSchedule(tenantId, id, dueAt?.getTime() ?? null);
    await this.notify({ kind: 'schedule', tenantId, id, dueAt: dueAt?.getTime() ?? null });
  }

  private async notify(change: TickerChange): Promise<void> {
    const payload = JSON.stringify({ ...change, origin: this.origin });
    await this.deps.db.query(`SELECT pg_notify($1, $2)`, [TICKER_CHANNEL, payload]);
  }

  private onNotice(payload: string): void {
    let notice: TickerNotice;
    try {
      notice = JSON.parse(payload) as TickerNotice;
    } catch {
      return;
    }
    if (notice.origin === this.origin || this.stopped) return;
    // Another shard's tenant: its own engine fires it.
    if (!scopeIncludes(this.deps.scope, notice.tenantId)) return;
    if (notice.kind === 'schedule') {
      this.setSchedule(notice.tenantId, notice.id, notice.dueAt);
      return;
    }
    const scope =
      notice.kind === 'cron'
        ? { tenantId: notice.tenantId, cronId: notice.cronId }
        : { tenantId: notice.tenantId };
    this.reloadCrons(scope).catch((error: unknown) =>
      this.deps.onError('ticker: could not read changed crons', error),
    );
  }

  private setSchedule(tenantId: string, id: string, dueAt: number | null): void {
    if (dueAt === null || dueAt >= this.loadedUntil) this.schedules.delete(id);
    else this.schedules.set(id, { id, tenantId, dueAt });
    this.arm();
  }

  /** Replaces the crons in `scope` (one, a tenant's, or all) with what the database holds. */
  private async reloadCrons(scope: { tenantId?: string; cronId?: string }): Promise<void> {
    const rows = await listLiveCrons(this.deps.db, this.deps.scope, scope);
    const previous = new Map<string, CronEntry>();
    for (const [id, entry] of this.crons) {
      const inScope =
        scope.cronId !== undefined
          ? id === scope.cronId
          : scope.tenantId === undefined || entry.tenantId === scope.tenantId;
      if (!inScope) continue;
      previous.set(id, entry);
      this.crons.delete(id);
    }
    for (const row of rows) this.addCron(row, previous.get(row.id));
    this.arm();
  }

  private addCron(row: LiveCronRow, previous: CronEntry | undefined): void {
    let schedule: CronSchedule;
    try {
      schedule = parseCron(row.expression);
    } catch (error) {
      // Refused on the way in; only a change of the rules could make a stored one invalid.
      this.deps.onError(`ticker: cron ${row.id} "${row.expression}" cannot be scheduled`, error, {
        tenantId: row.tenantId,
      });
      return;
    }
    // A fire this process buffered may not be committed yet: never step the cursor back.
    const kept = previous?.expression === row.expression ? previous.cursor : 0;
    const cursor = Math.max(row.firedThrough.getTime(), kept);
    this.crons.set(row.id, {
      id: row.id,
      tenantId: row.tenantId,
      expression: row.expression,
      schedule,
      cursor,
      nextDue: schedule.nextAfter(new Date(cursor))?.getTime(),
    });
  }

  /** Everything again: the crons, and the scheduled runs due within the next horizon. */
  private async resync(): Promise<void> {
    const horizon = this.deps.clock.now() + HORIZON_MS;
    const due = await listSchedulesDueBefore(this.deps.db, this.deps.scope, new Date(horizon));
    this.schedules.clear();
    for (const row of due) {
      this.schedules.set(row.id, {
        id: row.id,
        tenantId: row.tenantId,
        dueAt: row.triggerAt.getTime(),
      });
    }
    this.loadedUntil = horizon;
    await this.reloadCrons({});
  }

  // ------------------------------------------------------------------------------------------
  // The timer
  // ------------------------------------------------------------------------------------------

  /**
   * The earliest due time, or the horizon. A scan over everything held: at ten thousand
   * entries it takes well under a millisecond, once per fire, which a heap would not repay.
   */
  private next(): number | undefined {
    if (this.loadedUntil === 0) return undefined;
    let next = this.loadedUntil;
    for (const cron of this.crons.values()) {
      if (cron.nextDue !== undefined && cron.nextDue < next) next = cron.nextDue;
    }
    for (const schedule of this.schedules.values()) {
      if (schedule.dueAt < next) next = schedule.dueAt;
    }
    return next;
  }

  private arm(): void {
    if (this.stopped) return;
    const next = this.next();
    if (next === undefined) return;
    if (this.timer && this.timerAt !== undefined && this.timerAt <= next) return;
    clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = undefined;
        this.fireDue();
      },
      Math.max(0, next - this.deps.clock.now()),
    );
  }

  /**
   * Hands what is due to the timed-fire system and arms the timer again; at the horizon, reads
   * what falls due in the next one first. Public for tests on a controlled clock.
   */
  fireDue(): void {
    if (this.stopped) return;
    const now = this.deps.clock.now();
    const fires: TimedFire[] = [];
    for (const cron of this.crons.values()) {
      if (cron.nextDue === undefined || cron.nextDue > now) continue;
      const fire = (dueAt: number, late: boolean) => {
        fires.push({
          kind: 'cron',
          id: cron.id,
          tenantId: cron.tenantId,
          expression: cron.expression,
          dueAt: new Date(dueAt),
          late,
        });
        cron.cursor = dueAt;
      };
      let dueAt: number | undefined = cron.nextDue;
      const missedBefore = Math.max(now - LATE_AFTER_MS, this.startedAt);
      if (dueAt < missedBefore) {
        // Due times missed while no server ran, or this one stalled past LATE_AFTER_MS: the
        // latest of them fires once, late; the ones before it are not replayed.
        const latest =
          cron.schedule.latestBetween(new Date(dueAt - 1), new Date(missedBefore))?.getTime() ??
          dueAt;
        fire(latest, true);
        dueAt = cron.schedule.nextAfter(new Date(latest))?.getTime();
      }
      // Every due time since then fires: a busy moment delays a fire, it does not drop it.
      while (dueAt !== undefined && dueAt <= now) {
        fire(dueAt, false);
        dueAt = cron.schedule.nextAfter(new Date(dueAt))?.getTime();
      }
      cron.nextDue = dueAt;
    }
    for (const schedule of this.schedules.values()) {
      if (schedule.dueAt > now) continue;
      fires.push({
        kind: 'schedule',
        id: schedule.id,
        tenantId: schedule.tenantId,
        dueAt: new Date(schedule.dueAt),
        late: now - schedule.dueAt > LATE_AFTER_MS,
      });
      this.schedules.delete(schedule.id);
    }
    this.deps.fire(fires);
    if (now < this.loadedUntil) {
      this.arm();
      return;
    }
    this.resync().catch((error: unknown) => {
      this.deps.onError('ticker: could not read what falls due next; trying again soon', error);
      this.loadedUntil = now + RESYNC_RETRY_MS;
      this.arm();
    });
  }
}

/** After a failed read at the horizon, the next try. */
const RESYNC_RETRY_MS = 5_000;
