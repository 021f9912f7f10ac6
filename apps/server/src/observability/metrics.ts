/**
 * The server's Prometheus metrics (docs/operations.md lists them): one registry per server,
 * with prom-client, fed at the narrowest seams.
 *
 * - Engine: it counts runs created and tasks finished per tenant in plain fields
 *   (`Engine.activityByTenant`) and walks its queue on demand (`queueDepthByTenant`); both are
 *   read when the registry is scraped, so the hot path never touches prom-client. Its tick time
 *   arrives through `EngineOptions.onTick` (`observeTick`), once per tick.
 * - gRPC: the transport tells `grpcCallEnded` of every call's end; counts are kept per method in
 *   an array indexed by status code and handed to prom-client at scrape time.
 * - HTTP: Fastify's onResponse hook, labelled with the route pattern, never the raw URL.
 * - Database: `instrumentDatabase` counts what is in flight (statements outside a transaction,
 *   transactions open or waiting for their connection); the adapter's statement counts come from
 *   `withStatementCounts`.
 *
 * The series labelled with `tenant_id` are a tenant's own: `renderTenant` serves them alone.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, DatabaseStats } from '@trellis/db';
import type { EngineApi, TenantActivity, TickObservation } from '@trellis/engine';

/** What the metrics read of the engine when scraped. */
export type EngineReadings = Pick<EngineApi, 'activityByTenant' | 'queueDepthByTenant'>;

/** gRPC status names by code (the gRPC spec's numbering). */
const GRPC_CODES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;
const UNKNOWN_CODE = 2;

/** The route label of a request no route matched (404s): raw URLs would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Task outcomes, as the `outcome` label says them, with the activity field that counts each. */
const OUTCOMES = [
  ['completed', 'tasksCompleted'],
  ['failed', 'tasksFailed'],
  ['cancelled', 'tasksCancelled'],
  ['skipped', 'tasksSkipped'],
] as const satisfies readonly (readonly [string, keyof TenantActivity])[];

const NO_ACTIVITY: Readonly<TenantActivity> = {
  runsTriggered: 0,
  tasksCompleted: 0,
  tasksFailed: 0,
  tasksCancelled: 0,
  tasksSkipped: 0,
  taskRetries: 0,
};

interface GrpcMethodCounts {
  service: string;
  method: string;
  /** Calls ended, by status code. */
  byCode: number[];
}

export interface ServerMetricsOptions {
  version: string;
  /** prom-client's process and Node.js metrics (CPU, memory, event loop, GC). Default true. */
  processMetrics?: boolean;
}

export class ServerMetrics {
  readonly registry = new Registry();
  private engine: EngineReadings | undefined;
  private statementCounts: (() => DatabaseStats) | undefined;
  private readonly tickSeconds: Histogram;
  private readonly ticksFailed: Counter;
  private readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  private readonly httpSeconds: Histogram<'method' | 'route'>;
  private readonly grpcCalls = new Map<string, GrpcMethodCounts>();
  private readonly inFlight = { statement: 0, transaction: 0 };

  constructor(options: ServerMetricsOptions) {
    const registers = [this.registry];
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'trellis_build_info',
      help: 'The running Trellis version (always 1).',
      labelNames: ['version'],
      registers,
    }).set({ version: options.version }, 1);

    registerTenantMetrics(this.registry, () => this.engine);

    this.tickSeconds = new Histogram({
      name: 'trellis_engine_tick_duration_seconds',
      help: "Time of the engine's ticks that carried work: assignment, one transaction, and answering callers.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.ticksFailed = new Counter({
      name: 'trellis_engine_ticks_failed_total',
      help: 'Engine ticks whose transaction failed (their callers got UNAVAILABLE; the tick is retried).',
      registers,
    });

    this.httpRequests = new Counter({
      name: 'trellis_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.httpSeconds = new Histogram({
      name: 'trellis_http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to the end of its response, by method and route pattern.',
      labelNames: ['method', 'route'],
      registers,
    });

    const grpcCalls = this.grpcCalls;
    new Counter({
      name: 'trellis_grpc_server_handled_total',
      help: 'gRPC calls ended, by service, method and status code (CANCELLED: the call ended before the server answered).',
      labelNames: ['grpc_service', 'grpc_method', 'grpc_code'],
      registers,
      collect() {
        this.reset();
        for (const { service, method, byCode } of grpcCalls.values()) {
          byCode.forEach((count, code) => {
            if (count > 0) {
              this.inc(
                { grpc_service: service, grpc_method: method, grpc_code: GRPC_CODES[code]! },
                count,
              );
            }
          });
        }
      },
    });

    const inFlight = this.inFlight;
    new Gauge({
      name: 'trellis_db_in_flight',
      help: 'Database work in flight: statements sent outside a transaction, and transactions open or waiting for a connection (PGlite serves one at a time; PostgreSQL as many as its pool has connections).',
      labelNames: ['operation'],
      registers,
      collect() {
        this.set({ operation: 'statement' }, inFlight.statement);
        this.set({ operation: 'transaction' }, inFlight.transaction);
      },
    });
    const statementCounts = () => this.statementCounts?.();
    new Counter({
      name: 'trellis_db_statements_total',
      help: 'Statements the database adapter has run, inside transactions or not.',
      registers,
      collect() {
        const stats = statementCounts();
        if (!stats) return;
        this.reset();
        this.inc(stats.statements);
      },
    });
    new Counter({
      name: 'trellis_db_transactions_total',
      help: 'Transactions the database adapter has run: explicit ones, and every statement sent outside one.',
      registers,
      collect() {
        const stats = statementCounts();
        if (!stats) return;
        this.reset();
        this.inc(stats.transactions);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every series, in the Prometheus text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /**
   * The series labelled with this tenant's id, and no other: the same metric definitions, in a
   * registry of their own that reads this tenant alone.
   */
  renderTenant(tenantId: string): Promise<string> {
    const registry = new Registry();
    registerTenantMetrics(registry, () => this.engine, tenantId);
    return registry.metrics();
  }

  /** Where the per-tenant series come from. */
  observeEngine(engine: EngineReadings): void {
    this.engine = engine;
  }

  /** For `EngineOptions.onTick`. */
  readonly observeTick = (tick: TickObservation): void => {
    this.tickSeconds.observe(tick.durationMs / 1000);
    if (!tick.ok) this.ticksFailed.inc();
  };

  /** For the gRPC transport's `callEnded`: a method's path (`/package.Service/Method`) and code. */
  readonly grpcCallEnded = (path: string, code: number): void => {
    let counts = this.grpcCalls.get(path);
    if (counts === undefined) {
      const slash = path.lastIndexOf('/');
      counts = {
        service: path.slice(1, slash),
        method: path.slice(slash + 1),
        byCode: GRPC_CODES.map(() => 0),
      };
      this.grpcCalls.set(path, counts);
    }
    counts.byCode[code >= 0 && code < GRPC_CODES.length ? code : UNKNOWN_CODE]!++;
  };

  /** Counts every HTTP response of `app` by route pattern and status. */
  installHttp(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const method = request.method;
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      this.httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
      this.httpSeconds.observe({ method, route }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The adapter's statement and transaction counts (`withStatementCounts`). */
  observeStatementCounts(stats: () => DatabaseStats): void {
    this.statementCounts = stats;
  }

  /**
   * Wraps a database so that what is in flight is counted. Statements inside a transaction are
   * not: the transaction holds its connection, and they pass through untouched.
   */
  instrumentDatabase(db: Database): Database {
    const inFlight = this.inFlight;
    /** Runs `work`, counted as in flight under `operation` until it settles (or throws). */
    const tracked = <T>(operation: keyof typeof inFlight, work: () => Promise<T>): Promise<T> => {
      const done = () => {
        inFlight[operation]--;
      };
      inFlight[operation]++;
      try {
        const promise = work();
        promise.then(done, done);
        return promise;
      } catch (error) {
        done();
        throw error;
      }
    };
    return {
      get kind() {
        return db.kind;
      },
      query: (text, params) => tracked('statement', () => db.query(text, params)),
      exec: (sql) => tracked('statement', () => db.exec(sql)),
      transaction: (work) => tracked('transaction', () => db.transaction(work)),
      listen: (channel, onNotify) => db.listen(channel, onNotify),
      close: () => db.close(),
    };
  }
}

/**
 * A count as a counter takes it: prom-client throws on a negative increment, and a scrape must
 * never fail for one odd number (the engine's counts cannot go below zero; this makes sure).
 */
function countOf(value: number): number {
  return value > 0 ? value : 0;
}

/**
 * The series labelled with `tenant_id`, read from the engine at scrape time: every tenant it
 * knows of, or `onlyTenant` alone (its series are there even before it has done anything).
 */
function registerTenantMetrics(
  registry: Registry,
  engine: () => EngineReadings | undefined,
  onlyTenant?: string,
): void {
  const registers = [registry];
  const activities = (): Iterable<readonly [string, Readonly<TenantActivity>]> => {
    const all = engine()?.activityByTenant() ?? new Map<string, TenantActivity>();
    if (onlyTenant === undefined) return all;
    return [[onlyTenant, all.get(onlyTenant) ?? NO_ACTIVITY]];
  };

  new Counter({
    name: 'trellis_runs_triggered_total',
    help: 'Runs created, by tenant: triggered by a caller, an event, a cron, a schedule or a parent task.',
    labelNames: ['tenant_id'],
    registers,
    collect() {
      this.reset();
      for (const [tenantId, activity] of activities()) {
        this.inc({ tenant_id: tenantId }, countOf(activity.runsTriggered));
      }
    },
  });
  new Counter({
    name: 'trellis_tasks_finished_total',
    help: 'Tasks that reached a final state, by tenant and outcome (completed, failed for good, cancelled, skipped).',
    labelNames: ['tenant_id', 'outcome'],
    registers,
    collect() {
      this.reset();
      for (const [tenantId, activity] of activities()) {
        for (const [outcome, field] of OUTCOMES) {
          this.inc({ tenant_id: tenantId, outcome }, countOf(activity[field]));
        }
      }
    },
  });
  new Counter({
    name: 'trellis_task_retries_total',
    help: 'Failed task attempts given another try, by tenant.',
    labelNames: ['tenant_id'],
    registers,
    collect() {
      this.reset();
      for (const [tenantId, activity] of activities()) {
        this.inc({ tenant_id: tenantId }, countOf(activity.taskRetries));
      }
    },
  });
  new Gauge({
    name: 'trellis_queue_depth',
    help: "Task attempts waiting in this server's queue, by tenant: ready, backing off before a retry, or held for a rate limit.",
    labelNames: ['tenant_id'],
    registers,
    collect() {
      this.reset();
      const depths = engine()?.queueDepthByTenant() ?? new Map<string, number>();
      if (onlyTenant !== undefined) {
        this.set({ tenant_id: onlyTenant }, depths.get(onlyTenant) ?? 0);
        return;
      }
      // Tenants with an empty queue that have done something say 0 rather than nothing.
      for (const [tenantId] of activities()) this.set({ tenant_id: tenantId }, 0);
      for (const [tenantId, depth] of depths) this.set({ tenant_id: tenantId }, depth);
    },
  });
}
