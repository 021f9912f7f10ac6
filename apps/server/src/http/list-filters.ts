/**
 * The runs and events lists' query filters as read-model filters. The lists and their exports
 * take the same filters, so both read them here.
 */
import type { z } from 'zod';
import type { v1EventList, v1WorkflowRunList } from '@trellis/api-contract';
import type { EventFilter } from '../read-models/event.queries';
import type { RunFilter } from '../read-models/run-filter';

type RunListQuery = z.output<NonNullable<(typeof v1WorkflowRunList)['query']>>;
type EventListQuery = z.output<NonNullable<(typeof v1EventList)['query']>>;

const DAY_MS = 24 * 3_600_000;

export const optionalDate = (value: string | undefined) => (value ? new Date(value) : undefined);

export function runListFilter(
  tenantId: string,
  query: Omit<RunListQuery, 'offset' | 'limit' | 'include_payloads'>,
): RunFilter {
  return {
    tenantId,
    since: new Date(query.since),
    until: optionalDate(query.until),
    statuses: query.statuses,
    workflowIds: query.workflow_ids,
    additionalMetadata: query.additional_metadata,
    metadataOperator: query.additional_metadata_operator,
    parentTaskExternalId: query.parent_task_external_id,
    triggeringEventExternalId: query.triggering_event_external_id,
    workerId: query.worker_id,
  };
}

/** Without `since`, the last day: the events list is bounded like every list. */
export function eventListFilter(
  tenantId: string,
  query: Omit<EventListQuery, 'offset' | 'limit'>,
): EventFilter {
  return {
    tenantId,
    since: query.since ? new Date(query.since) : new Date(Date.now() - DAY_MS),
    until: optionalDate(query.until),
    keys: query.keys,
    scopes: query.scopes,
    eventIds: query.eventIds,
    additionalMetadata: query.additionalMetadata,
    workflowIds: query.workflowIds,
    runStatuses: query.workflowRunStatuses,
  };
}
