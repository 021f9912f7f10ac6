import { join } from 'node:path';
import { renameSync, writeFileSync } from 'node:fs';
import {
  migrate,
  openDatabase,
  startHistoryPartitions,
  startPgliteMaintenance,
  withStatementCounts,
  type DatabaseStats,
} from '@trellis/db';
import { Engine, shardOfTenant } from '@trellis/engine';
import { bootstrapAdmin, type BootstrappedAdmin } from './accounts/bootstrap-admin';
import { RunsFinishedFanOut } from './alerting/runs-finished-fan-out';
import { buildApp } from './app';
import {
  startOneEngine,
  startShardedEngines,
  type EngineFactory,
  type TenantEngines,
} from './cluster/tenant-engines';
import { ConfigError, loadConfig, type Config } from './config';
import { startDemo, type Demo } from './demo/start-demo';
import { startGrpcServer } from './grpc/grpc-server';
import type { ServerContext } from './http/server-context';
import type { LogContext } from './observability/log-context';
import { ServerMetrics } from './observability/metrics';
import { tracingFromEnv } from './observability/traces';
import { TRELLIS_VERSION } from './version';

/**
 * Start-up: configuration, database, migrations, first admin, the engines (on PostgreSQL, one
 * per tenant shard this process takes: each recovers its tenants' queue and running set), gRPC,
 * HTTP; then wait for a signal.
 */
async function main(): Promise<void> {
  const config = loadOrExit();
  const counted = withStatementCounts(
    await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    ),
  );
  // Prometheus metrics, when turned on, from the engine, the database, gRPC and HTTP alike.
  const metrics = config.metrics.enabled
    ? new ServerMetrics({ version: TRELLIS_VERSION })
    : undefined;
  metrics?.observeStatementCounts(counted.stats);
  const db = metrics ? metrics.instrumentDatabase(counted.db) : counted.db;
  const stopStats = config.statsFile
    ? writeStatsEverySecond(config.statsFile, counted.stats)
    : () => {};
  await migrate(db);
  // The engine reports background failures through the app's logger, which exists once the
  // app is built; the app in turn needs the engine.
  let log = (message: string, error: unknown, _context?: LogContext) =>
    console.error(message, error);
  // History's daily partitions: today's exist before the engine writes, expired days are
  // dropped. Every process runs it; one lock in the database serialises their changes.
  let note = (message: string) => console.log(message);
  const stopHistory = await startHistoryPartitions(db, {
    retentionMs: config.historyRetentionMs,
    onError: (error) => log('history partition maintenance failed', error),
    onChange: ({ created, dropped, skipped, strayRowsDeleted }) =>
      note(
        `history partitions: ${created.length} created, ${dropped.length} dropped` +
          (dropped.length ? ` (${dropped.join(', ')})` : '') +
          (skipped.length
            ? `, ${skipped.join(', ')} left to the default partition (it holds rows of those days)`
            : '') +
          (strayRowsDeleted ? `, ${strayRowsDeleted} expired rows deleted` : ''),
      ),
  });
  const admin = await bootstrapAdmin(db, config.admin);
  // OpenTelemetry traces, when the standard OTLP variables ask for them.
  const tracing = tracingFromEnv(process.env, {
    db,
    version: TRELLIS_VERSION,
    onError: (message, error) => log(message, error),
  });
  // Traces and failure alerts both hear of finished runs (alerting joins in buildApp).
  const runsFinished = new RunsFinishedFanOut(tracing?.runsFinished, (message, error) =>
    log(message, error),
  );
  const createEngine: EngineFactory = (scope, fence) =>
    new Engine({
      db,
      scope,
      fence,
      onError: (message, error, context) => log(message, error, context),
      onTick: metrics?.observeTick,
      onRunsFinished: runsFinished.notify,
    });
  // PGlite's data-folder lock already keeps every other process out; on PostgreSQL the
  // processes share the tenants' shards (docs/operations.md).
  const engines: TenantEngines =
    db.kind === 'postgres'
      ? await startShardedEngines({
          db,
          create: createEngine,
          addresses: {
            http: `${config.peerHost}:${config.http.port}`,
            grpc: `${config.peerHost}:${config.grpc.port}`,
          },
          log: (message, error) => log(message, error),
        })
      : await startOneEngine(createEngine);
  const { app, context } = await buildApp({
    db,
    config,
    engine: engines.api,
    tenantHome: async (tenantId) => {
      const home = await engines.homeOf(tenantId);
      return home === undefined ? undefined : home.here ? 'here' : home.addresses.http;
    },
    logger: { level: config.logLevel },
    metrics,
    tracing,
    runsFinished,
  });
  engines.onShardEnded(async (shard) => {
    const inShard = (tenantId: string) => shardOfTenant(tenantId) === shard;
    // A tenant's meters go with its scheduling (resource-limits.ts), and its dashboards' live
    // streams end: nothing feeds them here any more, and reopened they reach its new home.
    context.live.endTenants(inShard);
    await context.resourceLimits.forget(inShard);
  });
  // Error lines carry the tenant and the run they concern, when there is one.
  log = (message, error, context) => app.log.error({ err: error, ...context }, message);
  note = (message) => app.log.info(message);
  const stopMaintenance = startPgliteMaintenance(db, {
    onError: (error) => log('database maintenance (VACUUM) failed', error),
  });
  const grpc = await startGrpcServer({
    db,
    engine: engines.api,
    homeOf: (tenantId) => engines.homeOf(tenantId),
    signer: context.signer,
    host: config.http.host,
    port: config.grpc.port,
    tls: config.grpc.tls,
    log,
    onCallEnded: metrics?.grpcCallEnded,
    resourceLimits: context.resourceLimits,
  });

  // Started last, once both ports listen; stopped first.
  const running: { demo?: Demo | undefined } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // In-flight work gets a deadline: a request or stream that never ends must not keep a
    // stopping process (and its shards) alive. Shards not handed over lapse within their time
    // to live; the fences keep this process's engines from committing once others took them.
    setTimeout(() => {
      app.log.error(
        `${signal}: in-flight work did not finish within ${config.shutdownTimeoutMs / 1000} s; exiting`,
      );
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    await running.demo?.stop();
    stopMaintenance();
    stopHistory();
    // Stop accepting on both ports; the engines then write what is buffered (acknowledging
    // in-flight worker results) and end the worker streams, and their shards are handed over
    // (the other processes take them at once); the database closes last.
    const grpcClosed = grpc.close();
    await app.close();
    await engines.close();
    await tracing?.close();
    await grpcClosed;
    await db.close();
    stopStats();
    app.log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.http.host, port: config.http.port });
  running.demo = await startDemoIfWanted(config, context, (message) => app.log.info(message));
  printWelcome(config, db.kind, admin);
}

/**
 * Writes the statement counts and the process's memory and open handles to `path` every second
 * and once more when stopped (the benchmarks read them; the soak watches memory for growth).
 */
function writeStatsEverySecond(path: string, stats: () => DatabaseStats): () => void {
  const write = () => {
    const memory = process.memoryUsage();
    const snapshot = {
      ...stats(),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      activeResources: process.getActiveResourcesInfo().length,
    };
    // Written aside and renamed, so a reader never sees half a file.
    writeFileSync(`${path}.tmp`, JSON.stringify(snapshot));
    renameSync(`${path}.tmp`, path);
  };
  const timer = setInterval(write, 1000);
  timer.unref();
  return () => {
    clearInterval(timer);
    write();
  };
}

/** The demo speaks plaintext gRPC to this server; with TLS on, it stays off. */
async function startDemoIfWanted(
  config: Config,
  context: ServerContext,
  log: (message: string) => void,
): Promise<Demo | undefined> {
  if (!config.demo) return undefined;
  if (config.grpc.tls) {
    log(
      'demo not started: it speaks plaintext gRPC and TLS is configured (set TRELLIS_DEMO=0 to silence this)',
    );
    return undefined;
  }
  return startDemo({
    db: context.db,
    signer: context.signer,
    httpPort: config.http.port,
    grpcPort: config.grpc.port,
    log,
  });
}

function loadOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function printWelcome(
  config: Config,
  databaseKind: string,
  admin: BootstrappedAdmin | undefined,
): void {
  const lines = [
    '',
    `  Trellis is running: ${config.publicUrl}`,
    `  database: ${databaseKind === 'pglite' ? `embedded (${join(config.dataDir, 'pgdata')})` : 'PostgreSQL'}`,
  ];
  if (admin) {
    lines.push(`  sign in at ${config.publicUrl}/auth/login as ${admin.email}`);
    if (admin.generatedPassword) {
      lines.push(`  password: ${admin.password}   (generated once: it is not shown again)`);
    }
  } else {
    lines.push(`  sign in at ${config.publicUrl}/auth/login`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Trellis failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
