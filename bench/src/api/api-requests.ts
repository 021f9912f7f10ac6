/**
 * The requests the API benchmark times: the dashboard's runs and events screens at scale. Each
 * has a target for its p95 (from the runs and events issues) and builds its path from fixtures
 * found in the seeded history, rotating through many runs, tasks and events so that no single
 * cached row answers.
 */

export interface Fixtures {
  tenantId: string;
  /** Recent runs (DAGs and standalone tasks) of the last 7 days. */
  runIds: string[];
  /** Tasks of those runs that have log lines. */
  taskIds: string[];
  /** A metadata pair with a typical number of matching runs (and events). */
  metadata: string;
  /** Recent events, and those of them that triggered runs (with when they arrived). */
  eventIds: string[];
  triggeringEvents: { id: string; seenAt: string }[];
  /** A common event key, as picked from the keys filter. */
  eventKey: string;
}

export type RequestKind = 'list' | 'detail' | 'metrics';

export interface ApiRequest {
  name: string;
  kind: RequestKind;
  /** The events list: its requests are summed up against the events issue's target. */
  eventsList?: boolean;
  /** The path of the i-th request. */
  path: (f: Fixtures, i: number, now: number) => string;
  /** Fixtures it needs: without them it is reported "not available". */
  needs?: (f: Fixtures) => boolean;
}

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const runs = (f: Fixtures) => `/api/v1/stable/tenants/${f.tenantId}/workflow-runs`;
const events = (f: Fixtures) => `/api/v1/stable/tenants/${f.tenantId}/events`;
const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;

export const API_REQUESTS: ApiRequest[] = [
  {
    name: 'runs list, first page (24 h, 50 rows)',
    kind: 'list',
    path: (f, _i, now) => `${runs(f)}?since=${iso(now - 24 * HOUR)}&only_tasks=false&limit=50`,
  },
  {
    name: 'runs list, deep page (7 d, offset 10,000)',
    kind: 'list',
    path: (f, _i, now) =>
      `${runs(f)}?since=${iso(now - 7 * 24 * HOUR)}&only_tasks=false&limit=50&offset=10000`,
  },
  {
    name: 'runs list, status FAILED (7 d)',
    kind: 'list',
    path: (f, _i, now) =>
      `${runs(f)}?since=${iso(now - 7 * 24 * HOUR)}&only_tasks=false&limit=50&statuses=FAILED`,
  },
  {
    name: 'runs list, metadata filter (7 d)',
    kind: 'list',
    path: (f, _i, now) =>
      `${runs(f)}?since=${iso(now - 7 * 24 * HOUR)}&only_tasks=false&limit=50&additional_metadata=${encodeURIComponent(f.metadata)}`,
  },
  {
    name: 'task metrics, counts by status (24 h)',
    kind: 'metrics',
    path: (f, _i, now) =>
      `/api/v1/stable/tenants/${f.tenantId}/task-metrics?since=${iso(now - 24 * HOUR)}`,
  },
  {
    name: 'task metrics, counts by status (7 d)',
    kind: 'metrics',
    path: (f, _i, now) =>
      `/api/v1/stable/tenants/${f.tenantId}/task-metrics?since=${iso(now - 7 * 24 * HOUR)}`,
  },
  {
    name: 'point metrics, chart (24 h)',
    kind: 'metrics',
    path: (f, _i, now) =>
      `/api/v1/stable/tenants/${f.tenantId}/task-point-metrics?createdAfter=${iso(now - 24 * HOUR)}&finishedBefore=${iso(now)}`,
  },
  {
    name: 'run detail',
    kind: 'detail',
    path: (f, i) => `/api/v1/stable/workflow-runs/${f.runIds[i % f.runIds.length]}`,
  },
  {
    name: 'run task timings',
    kind: 'detail',
    path: (f, i) => `/api/v1/stable/workflow-runs/${f.runIds[i % f.runIds.length]}/task-timings`,
  },
  {
    name: 'task logs',
    kind: 'detail',
    path: (f, i) => `/api/v1/stable/tasks/${f.taskIds[i % f.taskIds.length]}/logs?limit=1000`,
  },
  // The events screen, as the dashboard asks: no time window (the server's default, 24 h),
  // 50 rows, newest first.
  {
    name: 'events list, first page (50 rows)',
    kind: 'list',
    eventsList: true,
    path: (f) => `${events(f)}?offset=0&limit=50`,
  },
  {
    name: 'events list, key filter',
    kind: 'list',
    eventsList: true,
    path: (f) => `${events(f)}?offset=0&limit=50&keys=${encodeURIComponent(f.eventKey)}`,
  },
  {
    name: 'events list, run status FAILED',
    kind: 'list',
    eventsList: true,
    path: (f) => `${events(f)}?offset=0&limit=50&workflowRunStatuses=FAILED`,
  },
  {
    name: 'events list, metadata filter',
    kind: 'list',
    eventsList: true,
    path: (f) =>
      `${events(f)}?offset=0&limit=50&additionalMetadata=${encodeURIComponent(f.metadata)}`,
  },
  {
    name: 'events list, deep page (offset 10,000)',
    kind: 'list',
    eventsList: true,
    path: (f) => `${events(f)}?offset=10000&limit=50`,
  },
  {
    name: 'event keys',
    kind: 'list',
    path: (f) => `${events(f)}/keys`,
  },
  {
    name: 'event detail',
    kind: 'detail',
    path: (f, i) => `${events(f)}/${pick(f.eventIds, i)}`,
    needs: (f) => f.eventIds.length > 0,
  },
  {
    // The event panel's triggered runs: from a minute before the event, 100 rows.
    name: 'runs list, by triggering event',
    kind: 'list',
    path: (f, i) => {
      const event = pick(f.triggeringEvents, i);
      return `${runs(f)}?since=${iso(Date.parse(event.seenAt) - MINUTE)}&only_tasks=false&limit=100&triggering_event_external_id=${event.id}`;
    },
    needs: (f) => f.triggeringEvents.length > 0,
  },
];

/** p95 targets in ms: list and detail per backend, metrics on both. */
export function targetMs(kind: RequestKind, backend: 'pglite' | 'postgres'): number {
  if (kind === 'metrics') return 300;
  return backend === 'postgres' ? 50 : 100;
}

/** The runs page must show its first rows within this long of navigation. */
export const FIRST_ROWS_TARGET_MS = 1000;
