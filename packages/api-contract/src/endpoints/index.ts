import type { EndpointDefinition } from '../endpoint';
import * as alerting from './alerting.endpoints';
import * as apiTokens from './api-tokens.endpoints';
import * as crons from './crons.endpoints';
import * as durable from './durable.endpoints';
import * as events from './events.endpoints';
import * as exports from './export.endpoints';
import * as filters from './filters.endpoints';
import * as legacyRuns from './legacy-runs.endpoints';
import * as live from './live.endpoints';
import * as flowControl from './flow-control.endpoints';
import * as meta from './meta.endpoints';
import * as metrics from './metrics.endpoints';
import * as monitoring from './monitoring.endpoints';
import * as oauth from './oauth.endpoints';
import * as runs from './runs.endpoints';
import * as savedViews from './saved-views.endpoints';
import * as scheduled from './scheduled.endpoints';
import * as sns from './sns.endpoints';
import * as slack from './slack.endpoints';
import * as stepRuns from './step-runs.endpoints';
import * as tenants from './tenants.endpoints';
import * as users from './users.endpoints';
import * as webhooks from './webhooks.endpoints';
import * as webhookWorkers from './webhook-workers.endpoints';
import * as workers from './workers.endpoints';
import * as workflows from './workflows.endpoints';

export * from './alerting.endpoints';
export * from './api-tokens.endpoints';
export * from './crons.endpoints';
export * from './durable.endpoints';
export * from './scheduled.endpoints';
export * from './events.endpoints';
export * from './export.endpoints';
export * from './filters.endpoints';
export * from './legacy-runs.endpoints';
export * from './monitoring.endpoints';
export * from './oauth.endpoints';
export * from './step-runs.endpoints';
export * from './live.endpoints';
export * from './flow-control.endpoints';
export * from './webhooks.endpoints';
export * from './webhook-receive.endpoint';
export * from './sns.endpoints';
export * from './slack.endpoints';
export * from './webhook-workers.endpoints';
export * from './meta.endpoints';
export * from './metrics.endpoints';
export * from './tenants.endpoints';
export * from './runs.endpoints';
export * from './saved-views.endpoints';
export * from './users.endpoints';
export * from './workers.endpoints';
export * from './workflows.endpoints';

/** Every endpoint the server serves; the OpenAPI document and the route tests walk this list. */
export const allEndpoints: readonly EndpointDefinition[] = [
  ...Object.values(meta),
  ...Object.values(users),
  ...Object.values(oauth),
  ...Object.values(tenants),
  ...Object.values(alerting),
  ...Object.values(apiTokens),
  ...Object.values(workflows),
  ...Object.values(crons),
  ...Object.values(scheduled),
  ...Object.values(workers),
  ...Object.values(flowControl),
  ...Object.values(metrics),
  ...Object.values(runs),
  ...Object.values(legacyRuns),
  ...Object.values(stepRuns),
  ...Object.values(durable),
  ...Object.values(events),
  ...Object.values(exports),
  ...Object.values(filters),
  ...Object.values(webhooks),
  ...Object.values(sns).filter((endpoint) => endpoint !== sns.snsUpdate),
  ...Object.values(slack),
  ...Object.values(webhookWorkers),
  ...Object.values(live),
  ...Object.values(savedViews),
  ...Object.values(monitoring),
];
