import type { z } from 'zod';
import {
  ZERO_UUID,
  eventCreate,
  eventCreateBulk,
  eventDataGet,
  eventDataGetWithTenant,
  eventGet,
  eventKeyList,
  eventList,
  eventUpdateCancel,
  eventUpdateReplay,
  v1EventGet,
  v1EventKeyList,
  v1EventList,
  type v1CreateEventRequestSchema,
  type V1TaskStatus,
  type WorkflowRunStatus,
} from '@trellis/api-contract';
import type { PushedEvent } from '@trellis/engine';
import {
  findEvent,
  findEvents,
  listEventKeys,
  listEvents,
  type EventRow,
} from '../../read-models/event.queries';
import { limitRefusalsAs429 } from '../../resource-limits/limit-refusals';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import type { Identity } from '../authenticate';
import { eventListFilter } from '../list-filters';
import { eventListPagination, legacyListPagination } from '../pagination';
import { presentEvent, presentLegacyEvent } from '../present-events';

/**
 * The run statuses each run status of the older API stands for. Runs here are never in
 * BACKOFF (a task waiting to retry leaves its run queued or running), so it matches none.
 */
const RUN_STATUSES_OF: Record<WorkflowRunStatus, V1TaskStatus[]> = {
  PENDING: ['QUEUED'],
  QUEUED: ['QUEUED'],
  RUNNING: ['RUNNING'],
  SUCCEEDED: ['COMPLETED'],
  FAILED: ['FAILED'],
  CANCELLED: ['CANCELLED'],
  BACKOFF: [],
};

/** An event as the REST bodies send it (`data` is its payload). */
function toPushedEvent(body: z.output<typeof v1CreateEventRequestSchema>): PushedEvent {
  return {
    key: body.key,
    payload: body.data,
    additionalMetadata: body.additionalMetadata,
    priority: body.priority,
    scope: body.scope,
  };
}

export function registerEventRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  const eventOr404 = async (tenantId: string, id: string): Promise<EventRow> => {
    const row = await findEvent(db, tenantId, id);
    if (!row) throw notFound('event not found');
    return row;
  };

  api.handle(v1EventList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const page = { offset: query.offset, limit: query.limit, order: 'desc' as const };
    const { rows, total } = await listEvents(db, eventListFilter(tenantId, query), page);
    return {
      pagination: eventListPagination(page, total),
      rows: rows.map((row) => presentEvent(row, tenantId)),
    };
  });

  const keyList = async ({ identity }: { identity: Identity }) => ({
    rows: await listEventKeys(db, identity.tenant!.id),
  });
  api.handle(v1EventKeyList, keyList);

  api.handle(v1EventGet, async ({ params, identity }) =>
    presentEvent(await eventOr404(identity.tenant!.id, params.event), identity.tenant!.id),
  );

  // The older API, served from the same events.

  api.handle(eventList, async ({ query, identity }) => {
    const tenantId = identity.tenant!.id;
    const page = {
      offset: query.offset,
      limit: query.limit,
      order: query.orderByDirection ?? ('desc' as const),
    };
    const { rows, total } = await listEvents(
      db,
      {
        tenantId,
        keys: query.keys,
        keyContains: query.search,
        eventIds: query.eventIds,
        additionalMetadata: query.additionalMetadata,
        workflowIds: query.workflows,
        runStatuses: query.statuses?.flatMap((status) => RUN_STATUSES_OF[status]),
      },
      page,
    );
    return {
      pagination: legacyListPagination(page, total),
      rows: rows.map((row) => presentLegacyEvent(row, tenantId)),
    };
  });

  api.handle(eventCreate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    // The engine answers once the events and the runs they triggered are committed.
    const event = toPushedEvent(body);
    const [id] = await limitRefusalsAs429(
      api.context.resourceLimits.admitEvents(tenantId, 1, () =>
        engine.pushEvents(tenantId, [event]),
      ),
    );
    return presentLegacyEvent((await findEvents(db, tenantId, [id!]))[0]!, tenantId);
  });

  api.handle(eventCreateBulk, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const events = body.events.map(toPushedEvent);
    const ids = await limitRefusalsAs429(
      api.context.resourceLimits.admitEvents(tenantId, events.length, () =>
        engine.pushEvents(tenantId, events),
      ),
    );
    const rows = await findEvents(db, tenantId, ids);
    const at = rows[0]!.createdAt.toISOString();
    return {
      // The batch is no resource of its own.
      metadata: { id: ZERO_UUID, createdAt: at, updatedAt: at },
      events: rows.map((row) => presentLegacyEvent(row, tenantId)),
    };
  });

  api.handle(eventUpdateReplay, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    const ids = await engine.replayEvents(tenantId, body.eventIds);
    const rows = await findEvents(db, tenantId, ids);
    return { rows: rows.map((row) => presentLegacyEvent(row, tenantId)) };
  });

  api.handle(eventUpdateCancel, async ({ body, identity }) => ({
    workflowRunIds: await engine.cancelEventRuns(identity.tenant!.id, body.eventIds),
  }));

  api.handle(eventGet, async ({ params, identity }) =>
    presentLegacyEvent(await eventOr404(identity.tenant!.id, params.event), identity.tenant!.id),
  );

  const eventData = async (tenantId: string, id: string) => ({
    data: JSON.stringify((await eventOr404(tenantId, id)).payload),
  });
  api.handle(eventDataGet, async ({ params, identity }) =>
    eventData(identity.tenant!.id, params.event),
  );
  api.handle(eventDataGetWithTenant, async ({ params, identity }) =>
    eventData(identity.tenant!.id, params.event),
  );

  api.handle(eventKeyList, keyList);
}
