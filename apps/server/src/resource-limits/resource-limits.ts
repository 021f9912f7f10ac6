/**
 * Tenant resource limits: what a tenant may use, what it uses, and the refusals when a request
 * would take it over (docs/resource-limits.md).
 *
 * Events and task runs are metered over a window, on hot paths: a tenant's meters live in
 * memory, loaded with one statement the first time the process needs them and written back in
 * batches every `flushIntervalMs`, so a request costs no database round trip and the counts are
 * exact within the process (a tenant's requests are all served by the one process that
 * schedules it: docs/operations.md).
 * Task runs are read from the engine's own count of the runs it created, whatever created them
 * (a caller, an event, a cron, a schedule, a parent task). Workers, slots, crons, schedules and
 * incoming webhooks are what exists now: counted when one is added, one addition per tenant at
 * a time, so deleting one frees its place at once.
 */
import type { Queryable } from '@trellis/db';
import { EngineError } from '@trellis/engine';
import {
  TENANT_RESOURCES,
  type ResourceLimitAlert,
  type ResourceLimitAlertSink,
  type TenantResource,
} from '../alerting/resource-limit-alert';
import {
  UNENFORCED_RESOURCE_LIMITS,
  UNLIMITED,
  type ResourceLimitsConfig,
} from './resource-limit-config';
import {
  countCodeCrons,
  countLiveUse,
  upsertTenantLimits,
  writeMeters,
  type LiveUse,
} from './resource-limit.queries';

/** The reference's answer for events and triggers alike. */
export const TASK_RUN_OR_EVENT_LIMIT =
  'resource limit exceeded: task run or event limit reached for tenant';

/** The refusal of each resource counted by what exists (incoming webhooks: the reference's). */
const LIVE_REFUSALS: Record<keyof LiveUse, string> = {
  WORKER: 'resource limit exceeded: worker limit reached for tenant',
  WORKER_SLOT: 'resource limit exceeded: worker slot limit reached for tenant',
  CRON: 'resource limit exceeded: cron limit reached for tenant',
  SCHEDULE: 'resource limit exceeded: schedule limit reached for tenant',
  INCOMING_WEBHOOK: 'incoming webhook limit reached',
};

/** A request refused for a limit: RESOURCE_EXHAUSTED on gRPC; REST routes pick their status. */
export class ResourceLimitExceeded extends EngineError {
  constructor(
    readonly resource: TenantResource,
    message: string,
  ) {
    super('RESOURCE_EXHAUSTED', message);
  }
}

/** A limit as the resource policy shows it. */
export interface TenantResourceLimitView {
  id: string;
  resource: TenantResource;
  limitValue: number;
  alarmValue: number;
  value: number;
  window: string | undefined;
  lastRefill: Date | undefined;
  createdAt: Date;
  updatedAt: Date;
}

export interface ResourceLimitsOptions {
  db: Queryable;
  config: ResourceLimitsConfig;
  /** Runs the engine created per tenant since it started (Engine.activityByTenant). */
  runsCreated: () => ReadonlyMap<string, { runsTriggered: number }>;
  /** Told when use reaches an alarm value or a request is refused (alerting delivers it). */
  onAlert?: ResourceLimitAlertSink | undefined;
  onError?: (message: string, error: unknown) => void;
  /** Epoch ms; tests move it to pass a window. */
  now?: () => number;
  flushIntervalMs?: number;
}

interface Limit extends TenantResourceLimitView {
  windowMs: number | undefined;
  /** Changed since the last write. */
  dirty: boolean;
}

interface TenantLimits {
  tenantId: string;
  limits: Map<TenantResource, Limit>;
  /** The engine's run count for the tenant, as far as TASK_RUN has taken it in. */
  runsSeen: number;
  /** Runs that triggers under way may still create. */
  runsInFlight: number;
  /** The addition of something counted under way: the next waits for it. */
  adding: Promise<unknown>;
}

const FLUSH_INTERVAL_MS = 500;
/** A limit of what exists alerts at most this often for the same kind. */
const LIVE_ALERT_EVERY_MS = 3_600_000;

export class ResourceLimits {
  private readonly tenants = new Map<string, TenantLimits>();
  private readonly loading = new Map<string, Promise<TenantLimits>>();
  /** When each (tenant, resource, kind) last alerted: its window's start, or the time. */
  private readonly alerted = new Map<string, number>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: ResourceLimitsOptions) {
    this.now = options.now ?? Date.now;
    if (options.config.enforced) {
      this.timer = setInterval(
        () => void this.flush(),
        options.flushIntervalMs ?? FLUSH_INTERVAL_MS,
      );
      this.timer.unref();
    }
  }

  /** Limits that are not enforced: for servers made without a configuration (tests). */
  static unenforced(db: Queryable): ResourceLimits {
    return new ResourceLimits({
      db,
      config: UNENFORCED_RESOURCE_LIMITS,
      runsCreated: () => new Map(),
    });
  }

  get enforced(): boolean {
    return this.options.config.enforced;
  }

  /** Ingests `count` events through `ingest`, unless the tenant's events or task runs are spent. */
  async admitEvents<T>(tenantId: string, count: number, ingest: () => Promise<T>): Promise<T> {
    if (!this.enforced) return ingest();
    const tenant = this.tenants.get(tenantId) ?? (await this.load(tenantId));
    const events = this.meter(tenant, 'EVENT');
    const runs = this.meter(tenant, 'TASK_RUN');
    if (exceeds(events, events.value + count)) this.refuse(tenant, events, TASK_RUN_OR_EVENT_LIMIT);
    if (exceeds(runs, runs.value + tenant.runsInFlight + 1)) {
      this.refuse(tenant, runs, TASK_RUN_OR_EVENT_LIMIT);
    }
    this.use(tenant, events, events.value + count);
    try {
      return await ingest();
    } catch (error) {
      // Not ingested: the places go back (to the next window, should this one have passed).
      events.value = Math.max(0, events.value - count);
      events.dirty = true;
      throw error;
    } finally {
      this.meter(tenant, 'TASK_RUN');
    }
  }

  /** Starts `count` runs through `trigger`, unless they would take the tenant over its task runs. */
  async admitRuns<T>(tenantId: string, count: number, trigger: () => Promise<T>): Promise<T> {
    if (!this.enforced) return trigger();
    const tenant = this.tenants.get(tenantId) ?? (await this.load(tenantId));
    const runs = this.meter(tenant, 'TASK_RUN');
    if (exceeds(runs, runs.value + tenant.runsInFlight + count)) {
      this.refuse(tenant, runs, TASK_RUN_OR_EVENT_LIMIT);
    }
    // Held until the engine answers, by when it has counted the runs it created.
    tenant.runsInFlight += count;
    try {
      return await trigger();
    } finally {
      tenant.runsInFlight -= count;
      this.meter(tenant, 'TASK_RUN');
    }
  }

  /** Adds a cron (or several) through `create`, unless the tenant has all it may have. */
  admitCrons<T>(tenantId: string, count: number, create: () => Promise<T>): Promise<T> {
    return this.admitLive(tenantId, { CRON: count }, create);
  }

  /** A workflow version's crons replace its previous version's: only the difference counts. */
  admitWorkflowCrons<T>(
    tenantId: string,
    workflowName: string,
    crons: number,
    put: () => Promise<T>,
  ): Promise<T> {
    if (!this.enforced || crons === 0) return put();
    return this.admitLive(tenantId, { CRON: crons }, put, () =>
      countCodeCrons(this.options.db, tenantId, workflowName).then((had) => ({ CRON: had })),
    );
  }

  admitSchedules<T>(tenantId: string, count: number, create: () => Promise<T>): Promise<T> {
    return this.admitLive(tenantId, { SCHEDULE: count }, create);
  }

  admitIncomingWebhook<T>(tenantId: string, create: () => Promise<T>): Promise<T> {
    return this.admitLive(tenantId, { INCOMING_WEBHOOK: 1 }, create);
  }

  /** Registers a worker with `slots` slots in all through `register`. */
  admitWorker<T>(tenantId: string, slots: number, register: () => Promise<T>): Promise<T> {
    return this.admitLive(tenantId, { WORKER: 1, WORKER_SLOT: slots }, register);
  }

  /** The tenant's limits with their use now; none when limits are not enforced. */
  async policy(tenantId: string): Promise<TenantResourceLimitView[]> {
    if (!this.enforced) return [];
    const tenant = this.tenants.get(tenantId) ?? (await this.load(tenantId));
    const live = await countLiveUse(this.options.db, tenantId);
    return TENANT_RESOURCES.map((resource) =>
      resource === 'EVENT' || resource === 'TASK_RUN'
        ? this.meter(tenant, resource)
        : this.counted(tenant, resource, live[resource]),
    )
      .filter((limit) => limit.limitValue !== UNLIMITED)
      .map((limit) => ({
        id: limit.id,
        resource: limit.resource,
        limitValue: limit.limitValue,
        alarmValue: limit.alarmValue,
        value: limit.value,
        window: limit.window,
        lastRefill: limit.lastRefill,
        createdAt: limit.createdAt,
        updatedAt: limit.updatedAt,
      }));
  }

  /** Writes what changed; the timer calls it, and close() a last time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /**
   * Writes the meters of the tenants `leaving` picks and forgets them: their scheduling moved to
   * another process (cluster/tenant-engines.ts), which meters them from now on. Should they come
   * back, they are read again, with what the other process wrote meanwhile.
   */
  async forget(leaving: (tenantId: string) => boolean): Promise<void> {
    await this.flush();
    for (const tenantId of [...this.tenants.keys()]) {
      if (leaving(tenantId)) this.tenants.delete(tenantId);
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.enforced) await this.flush();
  }

  private async write(): Promise<void> {
    try {
      // Runs created for tenants no request has loaded yet (crons, schedules) count too.
      for (const [tenantId, activity] of this.options.runsCreated()) {
        if (activity.runsTriggered > 0 && !this.tenants.has(tenantId)) await this.load(tenantId);
      }
      const changed: Limit[] = [];
      for (const tenant of this.tenants.values()) {
        this.meter(tenant, 'TASK_RUN');
        for (const limit of tenant.limits.values()) if (limit.dirty) changed.push(limit);
      }
      if (changed.length === 0) return;
      for (const limit of changed) limit.dirty = false;
      await writeMeters(
        this.options.db,
        changed.map((limit) => ({
          id: limit.id,
          value: Math.min(limit.value, UNLIMITED),
          lastRefill: limit.lastRefill ?? null,
        })),
      ).catch((error: unknown) => {
        for (const limit of changed) limit.dirty = true;
        throw error;
      });
    } catch (error) {
      this.options.onError?.('resource limits: writing the meters failed; retrying', error);
    }
  }

  /** The tenant's limits, loaded (and made, for a new tenant) once per process. */
  private load(tenantId: string): Promise<TenantLimits> {
    let loading = this.loading.get(tenantId);
    if (!loading) {
      loading = this.read(tenantId).finally(() => this.loading.delete(tenantId));
      this.loading.set(tenantId, loading);
    }
    return loading;
  }

  private async read(tenantId: string): Promise<TenantLimits> {
    const { defaults } = this.options.config;
    const rows = await upsertTenantLimits(
      this.options.db,
      tenantId,
      TENANT_RESOURCES.map((resource) => ({
        resource,
        limitValue: defaults[resource].limitValue,
        alarmValue: defaults[resource].alarmValue,
        window: defaults[resource].window ?? null,
      })),
      new Date(this.now()),
    );
    const limits = new Map<TenantResource, Limit>();
    for (const row of rows) {
      const setting = defaults[row.resource];
      limits.set(row.resource, {
        id: row.id,
        resource: row.resource,
        limitValue: setting.limitValue,
        alarmValue: setting.alarmValue,
        window: setting.window,
        windowMs: setting.windowMs,
        value: row.value,
        lastRefill: row.lastRefill ?? undefined,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        dirty: false,
      });
    }
    // Another caller may have loaded it meanwhile: the first one stays.
    const existing = this.tenants.get(tenantId);
    if (existing) return existing;
    // The engine's count starts with the process; what earlier processes counted is in `value`.
    const tenant: TenantLimits = {
      tenantId,
      limits,
      runsSeen: 0,
      runsInFlight: 0,
      adding: Promise.resolve(),
    };
    this.tenants.set(tenantId, tenant);
    return tenant;
  }

  /** A metered limit, its window refilled when it has passed and task runs brought up to date. */
  private meter(tenant: TenantLimits, resource: 'EVENT' | 'TASK_RUN'): Limit {
    const limit = tenant.limits.get(resource)!;
    const now = this.now();
    if (
      limit.windowMs !== undefined &&
      (limit.lastRefill === undefined || now >= limit.lastRefill.getTime() + limit.windowMs)
    ) {
      limit.value = 0;
      limit.lastRefill = new Date(now);
      limit.dirty = true;
    }
    if (resource === 'TASK_RUN') {
      const created = this.options.runsCreated().get(tenant.tenantId)?.runsTriggered ?? 0;
      if (created > tenant.runsSeen) {
        this.use(tenant, limit, limit.value + created - tenant.runsSeen);
        tenant.runsSeen = created;
      }
    }
    return limit;
  }

  private counted(tenant: TenantLimits, resource: keyof LiveUse, value: number): Limit {
    const limit = tenant.limits.get(resource)!;
    if (limit.value !== value) {
      limit.value = value;
      limit.dirty = true;
    }
    return limit;
  }

  /**
   * Counts what exists of the resources in `adding`, refuses when an addition would take one
   * over its limit, and otherwise runs `create`. One addition per tenant at a time, so two
   * requests cannot both take the last place.
   */
  private async admitLive<T>(
    tenantId: string,
    adding: Partial<LiveUse>,
    create: () => Promise<T>,
    replaced?: () => Promise<Partial<LiveUse>>,
  ): Promise<T> {
    if (!this.enforced) return create();
    const tenant = this.tenants.get(tenantId) ?? (await this.load(tenantId));
    const turn = tenant.adding.then(async () => {
      const [live, gone] = await Promise.all([
        countLiveUse(this.options.db, tenantId),
        replaced?.() ?? Promise.resolve<Partial<LiveUse>>({}),
      ]);
      const after = new Map<Limit, number>();
      for (const [resource, count] of Object.entries(adding) as [keyof LiveUse, number][]) {
        const limit = this.counted(tenant, resource, live[resource]);
        const value = live[resource] - (gone[resource] ?? 0) + count;
        if (value > live[resource] && exceeds(limit, value)) {
          this.refuse(tenant, limit, LIVE_REFUSALS[resource]);
        }
        after.set(limit, value);
      }
      const result = await create();
      for (const [limit, value] of after) this.use(tenant, limit, value);
      return result;
    });
    tenant.adding = turn.catch(() => {});
    return turn;
  }

  /** Records use; reaching the alarm value alerts (once per window, or per hour). */
  private use(tenant: TenantLimits, limit: Limit, value: number): void {
    limit.value = value;
    limit.dirty = true;
    if (limit.limitValue !== UNLIMITED && value >= limit.alarmValue) {
      this.alert(tenant, limit, 'alarm');
    }
  }

  private refuse(tenant: TenantLimits, limit: Limit, message: string): never {
    this.alert(tenant, limit, 'exhausted');
    throw new ResourceLimitExceeded(limit.resource, message);
  }

  private alert(tenant: TenantLimits, limit: Limit, kind: ResourceLimitAlert['kind']): void {
    const sink = this.options.onAlert;
    if (!sink) return;
    const key = `${tenant.tenantId}/${limit.resource}/${kind}`;
    const last = this.alerted.get(key);
    const now = this.now();
    const since = limit.lastRefill?.getTime();
    if (last !== undefined) {
      if (since !== undefined ? last >= since : now - last < LIVE_ALERT_EVERY_MS) return;
    }
    this.alerted.set(key, now);
    try {
      sink({
        tenantId: tenant.tenantId,
        resource: limit.resource,
        value: limit.value,
        limitValue: limit.limitValue,
        alarmValue: limit.alarmValue,
        kind,
        ...(limit.window !== undefined ? { window: limit.window } : {}),
      });
    } catch (error) {
      this.options.onError?.('resource limits: the alert sink failed', error);
    }
  }
}

function exceeds(limit: Limit, value: number): boolean {
  return limit.limitValue !== UNLIMITED && value > limit.limitValue;
}
