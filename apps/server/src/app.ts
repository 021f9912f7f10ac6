import { randomBytes } from 'node:crypto';
import type { Agent as HttpsAgent } from 'node:https';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '@trellis/db';
import type { EngineApi } from '@trellis/engine';
import { createApiTokenSigner } from './accounts/api-token-signer';
import { EmailVerification } from './accounts/email-verification';
import { enabledProviders } from './accounts/oauth/enabled-providers';
import { FlowCookie } from './accounts/oauth/flow-cookie';
import { getOrCreateSecret } from './accounts/server-secrets';
import type { Config } from './config';
import { createMailer } from './email/create-mailer';
import { createApiRouter } from './http/api-router';
import { installDashboard } from './http/dashboard-static';
import { answerFrameworkError, installErrorHandler } from './http/error-handler';
import { installJsonBodyParser } from './http/json-body-parser';
import { LoginThrottle } from './http/login-throttle';
import { RateLimiter } from './http/rate-limiter';
import type { RunsFinishedFanOut } from './alerting/runs-finished-fan-out';
import type { ResourceLimitAlertSink } from './alerting/resource-limit-alert';
import { registerAlertingRoutes } from './http/routes/alerting.routes';
import { registerApiTokenRoutes } from './http/routes/api-tokens.routes';
import { registerCelRoutes } from './http/routes/cel.routes';
import { registerCronRoutes } from './http/routes/crons.routes';
import { registerFlowControlRoutes } from './http/routes/flow-control.routes';
import { registerEventRoutes } from './http/routes/events.routes';
import { registerExportRoutes } from './http/routes/export.routes';
import { registerFilterRoutes } from './http/routes/filters.routes';
import { registerInviteRoutes } from './http/routes/invites.routes';
import { registerLegacyRunListRoutes } from './http/routes/legacy-run-list.routes';
import { registerLegacyRunRoutes } from './http/routes/legacy-runs.routes';
import { registerMemberRoutes } from './http/routes/members.routes';
import { registerMetaRoutes } from './http/routes/meta.routes';
import { registerMetricsRoutes } from './http/routes/metrics.routes';
import { registerOAuthRoutes } from './http/routes/oauth.routes';
import { registerMonitoringRoutes } from './http/routes/monitoring.routes';
import { registerRunTriggerRoutes } from './http/routes/run-trigger.routes';
import { registerRunRoutes } from './http/routes/runs.routes';
import { registerSavedViewRoutes } from './http/routes/saved-views.routes';
import { registerScheduledRoutes } from './http/routes/scheduled.routes';
import { registerStepRunRoutes } from './http/routes/step-runs.routes';
import { registerTaskRoutes } from './http/routes/tasks.routes';
import { registerDurableRoutes } from './http/routes/durable.routes';
import { registerLiveRoutes } from './http/routes/live.routes';
import { LiveUpdates } from './live/live-updates';
import { readRunRows } from './http/present-runs-with-tasks';
import { registerTenantRoutes } from './http/routes/tenants.routes';
import { registerUserRoutes } from './http/routes/users.routes';
import { registerWebhookRoutes } from './http/routes/webhooks.routes';
import { registerSnsRoutes } from './http/routes/sns.routes';
import { registerSlackRoutes } from './http/routes/slack.routes';
import { registerWebhookWorkerRoutes } from './http/routes/webhook-workers.routes';
import { registerWorkerRoutes } from './http/routes/workers.routes';
import { registerWorkflowRoutes } from './http/routes/workflows.routes';
import { installSecurityHeaders } from './http/security-headers';
import type { ServerContext } from './http/server-context';
import { ServerMetrics } from './observability/metrics';
import { ResourceLimits } from './resource-limits/resource-limits';
import type { Tracing } from './observability/traces';
import { TRELLIS_VERSION } from './version';

export interface BuildAppOptions {
  db: Database;
  /** Started by the caller; routes that change runs, workers or workflows go through it. */
  engine: EngineApi;
  config: Config;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Check every response against the contract (tests turn this on). */
  validateResponses?: boolean;
  /**
   * The server's Prometheus metrics, made by the caller to feed the engine, gRPC and database
   * ones too; without, made here when the configuration turns metrics on.
   */
  metrics?: ServerMetrics | undefined;
  /** OpenTelemetry traces, when configured (observability/traces.ts): a span per request. */
  tracing?: Tracing | undefined;
  /** How SNS certificates and confirmations are fetched; tests resolve SNS hosts locally. */
  snsAgent?: HttpsAgent | undefined;
  /** The engine's `onRunsFinished` fan-out: failure alerts listen to it (alerting/). */
  runsFinished?: RunsFinishedFanOut | undefined;
  /** Tenant resource limits, made by the caller to set their clock (tests); without, made here. */
  resourceLimits?: ResourceLimits | undefined;
  /** Where each tenant is served, when several processes share the database (ServerContext). */
  tenantHome?: ServerContext['tenantHome'];
}

/** Builds the HTTP app without listening, so tests can drive it with `inject`. */
export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; context: ServerContext }> {
  const { db, config, engine } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.http.bodyLimitBytes,
    trustProxy: config.http.trustProxy,
    // Path segments are ids (36 characters) or webhook names (up to 128); the default of 100
    // would answer 414 for the longer names a webhook may have.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: answerFrameworkError,
    // In-flight requests finish on close; idle keep-alive sockets are dropped at once.
    forceCloseConnections: 'idle',
  });

  const resourceLimitAlerts: { sink?: ResourceLimitAlertSink } = {};
  const context: ServerContext = {
    db,
    engine,
    config,
    version: TRELLIS_VERSION,
    signer: await createApiTokenSigner(db, {
      publicUrl: config.publicUrl,
      grpcBroadcastAddress: config.grpc.broadcastAddress,
    }),
    xsrfKey: await getOrCreateSecret(db, 'xsrf-key', () => randomBytes(32).toString('base64url')),
    rateLimiter: new RateLimiter({ burst: 10, perSecond: 10 }),
    loginThrottle: new LoginThrottle(),
    resourceLimits:
      options.resourceLimits ??
      new ResourceLimits({
        db,
        config: config.resourceLimits,
        runsCreated: () => engine.activityByTenant(),
        // Alerting is made with its routes, below.
        onAlert: (alert) => resourceLimitAlerts.sink?.(alert),
        onError: (message, error) => app.log.error({ err: error }, message),
      }),
    live: new LiveUpdates(
      db,
      engine,
      (message, error) => app.log.error({ err: error }, message),
      (tenantId, runIds) => readRunRows(db, tenantId, runIds),
    ),
    tenantHome: options.tenantHome,
  };
  // Its last meters are written before the database closes.
  app.addHook('onClose', async () => context.resourceLimits.close());
  // Streams stay open until their clients leave: they are ended before the server waits for
  // its requests to finish.
  app.addHook('preClose', async () => context.live.close());

  await app.register(fastifyCookie);
  installSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  installErrorHandler(app);
  installJsonBodyParser(app, { keepRawBodies: options.tenantHome !== undefined });
  const metrics =
    options.metrics ??
    (config.metrics.enabled ? new ServerMetrics({ version: TRELLIS_VERSION }) : undefined);
  metrics?.observeEngine(engine);
  metrics?.installHttp(app);
  options.tracing?.installHttp(app);

  const api = createApiRouter(app, context, {
    validateResponses: options.validateResponses ?? false,
  });
  const mailer = createMailer(config, app.log);
  // Attempts under way finish before the database closes; waiting retries are given up.
  app.addHook('onClose', async () => mailer.close());
  registerMetaRoutes(api);
  const emailVerification = await EmailVerification.create(db, mailer, config.publicUrl);
  registerUserRoutes(api, emailVerification);
  registerOAuthRoutes(
    api,
    enabledProviders(config),
    await FlowCookie.create(db),
    emailVerification,
  );
  registerTenantRoutes(api);
  registerMemberRoutes(api);
  registerInviteRoutes(api, mailer);
  registerApiTokenRoutes(api);
  const alerting = registerAlertingRoutes(api, app, mailer, options.runsFinished);
  resourceLimitAlerts.sink = (alert) => alerting.resourceLimitReached(alert);
  registerWorkflowRoutes(api);
  registerWorkerRoutes(api);
  registerRunRoutes(api);
  registerTaskRoutes(api);
  registerDurableRoutes(api);
  registerRunTriggerRoutes(api);
  registerLegacyRunRoutes(api);
  registerLegacyRunListRoutes(api);
  registerStepRunRoutes(api);
  registerMonitoringRoutes(api);
  registerWebhookRoutes(api, app);
  registerSnsRoutes(api, app, options.snsAgent);
  registerSlackRoutes(api);
  registerWebhookWorkerRoutes(api, app);
  registerEventRoutes(api);
  registerExportRoutes(api);
  registerFilterRoutes(api);
  registerCelRoutes(api);
  registerCronRoutes(api);
  registerScheduledRoutes(api);
  registerFlowControlRoutes(api);
  registerSavedViewRoutes(api);
  registerMetricsRoutes(api, app, metrics);
  registerLiveRoutes(api, context.live);

  await installDashboard(app, config.dashboardDir);
  return { app, context };
}
