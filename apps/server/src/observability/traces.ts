/**
 * OpenTelemetry traces, exported over OTLP/HTTP when the standard OTEL_EXPORTER_OTLP_ENDPOINT
 * (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; the exporter reads its headers, timeout and
 * the rest of the standard variables itself (docs/operations.md).
 *
 * - **A trace per HTTP request**, named by its route (`GET /api/v1/tenants/{tenant}/runs`),
 *   continuing the caller's trace when it sends a W3C `traceparent`.
 * - **A trace per run**, from its trigger through each task's wait for a worker (assignment) to
 *   its completion. It is written when the run finishes, from the times the engine stored (the
 *   task events), so the engine's hot path pays nothing and the spans carry the exact times.
 *   Its trace id is the run's id without dashes: a run is found in the tracing backend by the id
 *   the dashboard shows.
 */
import { context, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  RandomIdGenerator,
  type IdGenerator,
} from '@opentelemetry/sdk-trace-base';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '@trellis/db';
import type { FinishedRun } from '@trellis/engine';
import { byTenant } from '../by-tenant';
import { readRunTraces, type RunTrace } from '../read-models/run-trace.queries';

/** Finished runs wait this long to be written together (one read per tenant per batch). */
const FLUSH_MS = 1_000;
/** At most this many runs are written per batch; more wait for the next. */
const MAX_RUNS_PER_FLUSH = 500;
/** Runs waiting beyond this are dropped (and counted) rather than held without bound. */
const MAX_PENDING_RUNS = 20_000;

/**
 * Trace ids from the caller when it names one (a run's trace), random otherwise. The OTel API
 * has no way to give a root span a chosen trace id; its id generator is the seam for it.
 */
class RunTraceIds implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  next: string | undefined;

  generateTraceId(): string {
    const id = this.next ?? this.random.generateTraceId();
    this.next = undefined;
    return id;
  }

  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}

export interface TracingOptions {
  db: Queryable;
  version: string;
  /** Where failures to read or export go. */
  onError: (message: string, error: unknown) => void;
}

export class Tracing {
  private readonly provider: BasicTracerProvider;
  private readonly tracer: Tracer;
  private readonly ids = new RunTraceIds();
  private readonly propagator = new W3CTraceContextPropagator();
  private readonly spans = new WeakMap<FastifyRequest, Span>();
  private pending: FinishedRun[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Finished runs not traced because too many were waiting. */
  dropped = 0;

  constructor(private readonly options: TracingOptions) {
    this.provider = new BasicTracerProvider({
      resource: resourceFromAttributes({
        [ATTR_SERVICE_NAME]: process.env['OTEL_SERVICE_NAME'] ?? 'trellis',
        [ATTR_SERVICE_VERSION]: options.version,
      }),
      idGenerator: this.ids,
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    });
    this.tracer = this.provider.getTracer('trellis', options.version);
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** A span per request, named by its route, under the caller's trace when it sent one. */
  installHttp(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => {
      const parent = this.propagator.extract(context.active(), request.headers, {
        get: (headers, key) => headers[key],
        keys: (headers) => Object.keys(headers),
      });
      const route = request.routeOptions.url ?? 'unmatched';
      const span = this.tracer.startSpan(
        `${request.method} ${route}`,
        {
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            [ATTR_HTTP_ROUTE]: route,
            [ATTR_URL_PATH]: request.url.split('?')[0]!,
          },
        },
        parent,
      );
      const tenant = (request.params as Record<string, unknown> | undefined)?.['tenant'];
      if (typeof tenant === 'string') span.setAttribute('trellis.tenant.id', tenant);
      this.spans.set(request, span);
    });
    app.addHook('onResponse', async (request, reply) => {
      const span = this.spans.get(request);
      if (!span) return;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  }

  /** For the engine's `onRunsFinished`: the runs are traced in the next batch. */
  readonly runsFinished = (runs: readonly FinishedRun[]): void => {
    const room = MAX_PENDING_RUNS - this.pending.length;
    if (room < runs.length) this.dropped += runs.length - Math.max(room, 0);
    if (room > 0) this.pending.push(...runs.slice(0, room));
  };

  /** Writes what is waiting and sends every span (a clean stop). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.provider.shutdown();
  }

  /** Traces the runs that finished since the last batch; one batch at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending.splice(0, MAX_RUNS_PER_FLUSH);
      if (batch.length === 0) return;
      for (const [tenantId, runIds] of byTenant(batch, (run) => run.runId)) {
        try {
          for (const run of await readRunTraces(this.options.db, tenantId, runIds))
            this.traceRun(run);
        } catch (error) {
          this.options.onError('traces: could not read finished runs', error);
        }
      }
    });
    return this.flushing;
  }

  private traceRun(run: RunTrace): void {
    this.ids.next = run.runId.replaceAll('-', '');
    const root = this.tracer.startSpan(`run ${run.workflowName}`, {
      root: true,
      startTime: run.createdAt,
      attributes: {
        'trellis.tenant.id': run.tenantId,
        'trellis.run.id': run.runId,
        'trellis.workflow.name': run.workflowName,
        'trellis.run.status': run.status,
      },
    });
    if (run.status === 'FAILED') root.setStatus({ code: SpanStatusCode.ERROR });
    const runContext = trace.setSpan(context.active(), root);
    for (const task of run.tasks) {
      const taskSpan = this.tracer.startSpan(
        `task ${task.readableId}`,
        {
          startTime: task.createdAt,
          attributes: {
            'trellis.tenant.id': run.tenantId,
            'trellis.run.id': run.runId,
            'trellis.task.id': task.externalId,
            'trellis.task.action': task.actionId,
            'trellis.task.status': task.status,
            'trellis.task.retries': task.retryCount,
          },
        },
        runContext,
      );
      const taskContext = trace.setSpan(runContext, taskSpan);
      for (const attempt of task.attempts) {
        // Waiting for a worker: from queued (or, for a DAG task, created) to assigned.
        if (attempt.assignedAt) {
          this.tracer
            .startSpan(
              `queued for a worker (attempt ${attempt.retryCount + 1})`,
              { startTime: attempt.queuedAt ?? task.createdAt },
              taskContext,
            )
            .end(attempt.assignedAt);
        }
        if (attempt.startedAt) {
          const span = this.tracer.startSpan(
            `attempt ${attempt.retryCount + 1}`,
            {
              startTime: attempt.startedAt,
              attributes: attempt.workerId ? { 'trellis.worker.id': attempt.workerId } : {},
            },
            taskContext,
          );
          if (attempt.outcome === 'FAILED') {
            span.setStatus({ code: SpanStatusCode.ERROR, message: attempt.message ?? undefined });
          }
          span.end(attempt.endedAt ?? task.finishedAt ?? run.finishedAt);
        }
      }
      if (task.status === 'FAILED') taskSpan.setStatus({ code: SpanStatusCode.ERROR });
      taskSpan.end(task.finishedAt ?? run.finishedAt);
    }
    root.end(run.finishedAt);
  }
}

/** Tracing when the standard OTLP variables ask for it; none otherwise (no cost at all). */
export function tracingFromEnv(
  env: NodeJS.ProcessEnv,
  options: TracingOptions,
): Tracing | undefined {
  const endpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ?? env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  if (!endpoint || env['OTEL_SDK_DISABLED'] === 'true') return undefined;
  return new Tracing(options);
}
