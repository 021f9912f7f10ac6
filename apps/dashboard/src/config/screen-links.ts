/**
 * Links into the events, filters, webhooks, cron jobs and scheduled runs screens with a filter or a side panel preset.
 * The query parameters are the ones those screens read (reference dashboard 3.2: a JSON object
 * under `events-table` and `filters-table`), kept here so that one screen can link into
 * another's list (a workflow to its events, an event to its filter) without importing it.
 */
import { tenantHref } from './paths';

export const EVENTS_FILTER_KEY = 'events-table';
export const FILTERS_FILTER_KEY = 'filters-table';
export const CRONS_FILTER_KEY = 'crons-table';
export const SCHEDULED_RUNS_FILTER_KEY = 'scheduled-runs-table';
/** The events, filters, cron and scheduled lists share the reference's pagination key. */
export const LIST_PAGINATION_KEY = 'pagination-table';

/** The query parameter naming the item a screen's side panel shows. */
export const PANEL_PARAM = {
  event: 'event',
  filter: 'filter',
  webhook: 'webhook',
  cron: 'cron',
  scheduledRun: 'scheduledRun',
} as const;

function withParams(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The JSON of a URL filter object, or undefined when it filters nothing. */
function filterJson(filter: Record<string, readonly string[] | undefined>): string | undefined {
  const entries = Object.entries(filter).filter(([, values]) => values && values.length > 0);
  return entries.length > 0 ? JSON.stringify(Object.fromEntries(entries)) : undefined;
}

/** The events list, filtered by keys, and/or with one event's panel open. */
export function eventsHref(
  tenantId: string,
  options: { keys?: readonly string[]; eventId?: string } = {},
): string {
  return withParams(tenantHref(tenantId, 'events'), {
    [EVENTS_FILTER_KEY]: filterJson({ k: options.keys }),
    [PANEL_PARAM.event]: options.eventId,
  });
}

/** The filters list, filtered by workflows or scopes, and/or with one filter's panel open. */
export function filtersHref(
  tenantId: string,
  options: { workflowIds?: readonly string[]; scopes?: readonly string[]; filterId?: string } = {},
): string {
  return withParams(tenantHref(tenantId, 'filters'), {
    [FILTERS_FILTER_KEY]: filterJson({ w: options.workflowIds, s: options.scopes }),
    [PANEL_PARAM.filter]: options.filterId,
  });
}

/** The webhooks list, with one webhook's panel open. */
export function webhooksHref(tenantId: string, options: { webhook?: string } = {}): string {
  return withParams(tenantHref(tenantId, 'webhooks'), { [PANEL_PARAM.webhook]: options.webhook });
}

/** The cron jobs list, filtered by one workflow, and/or with one cron's panel open. */
export function cronJobsHref(
  tenantId: string,
  options: { workflowId?: string; cronId?: string } = {},
): string {
  return withParams(tenantHref(tenantId, 'cron-jobs'), {
    [CRONS_FILTER_KEY]: options.workflowId ? JSON.stringify({ w: options.workflowId }) : undefined,
    [PANEL_PARAM.cron]: options.cronId,
  });
}

/**
 * The scheduled runs list, filtered by one workflow and statuses (the scheduled-run
 * vocabulary), and/or with one scheduled run's panel open.
 */
export function scheduledRunsHref(
  tenantId: string,
  options: { workflowId?: string; statuses?: readonly string[]; scheduledRunId?: string } = {},
): string {
  const filter: Record<string, unknown> = {};
  if (options.workflowId) filter.w = options.workflowId;
  if (options.statuses && options.statuses.length > 0) filter.s = options.statuses;
  return withParams(tenantHref(tenantId, 'scheduled'), {
    [SCHEDULED_RUNS_FILTER_KEY]:
      Object.keys(filter).length > 0 ? JSON.stringify(filter) : undefined,
    [PANEL_PARAM.scheduledRun]: options.scheduledRunId,
  });
}
