import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { v1TaskStatusSchema, workflowRunStatusSchema } from '../enums';
import {
  bulkCreateEventRequestSchema,
  bulkEventsSchema,
  cancelledEventRunsSchema,
  eventDataSchema,
  eventIdsRequestSchema,
  eventKeyListSchema,
  eventListSchema,
  eventSchema,
  v1CelDebugRequestSchema,
  v1CelDebugResponseSchema,
  v1CreateEventRequestSchema,
  v1EventListSchema,
  v1EventSchema,
  EVENT_LIST_CAP,
} from '../events';
import { queryArray, queryInt, splitKeyValues } from '../query';

const tag = 'Event';
const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time' });
const tenantParams = z.object({ tenant: uuidSchema });
/** `key:value` entries: both parts must be non-empty (the reference answers 500; this is 400). */
const metadataFilters = queryArray(
  z.string().regex(/^[^:]+:.+$/, { message: 'must be key:value with both parts non-empty' }),
).transform(splitKeyValues);

export const v1EventList = defineEndpoint({
  operationId: 'v1EventList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/events',
  summary: 'Events, newest first, with the runs each triggered and their statuses',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    offset: queryInt({ min: 0, max: EVENT_LIST_CAP }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    keys: queryArray(z.string().max(512)).optional(),
    since: dateTime.optional(),
    until: dateTime.optional(),
    workflowIds: queryArray(uuidSchema).optional(),
    workflowRunStatuses: queryArray(v1TaskStatusSchema).optional(),
    eventIds: queryArray(uuidSchema).optional(),
    additionalMetadata: metadataFilters.optional(),
    scopes: queryArray(z.string().max(256)).optional(),
  }),
  responses: { 200: v1EventListSchema },
});

export const v1EventKeyList = defineEndpoint({
  operationId: 'v1EventKeyList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/events/keys',
  summary: 'The distinct keys of the tenant’s events',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  responses: { 200: eventKeyListSchema },
});

export const v1EventGet = defineEndpoint({
  operationId: 'v1EventGet',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/events/{event}',
  summary: 'An event with its payload and the runs it triggered',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema, event: uuidSchema }),
  responses: { 200: v1EventSchema },
});

export const v1CelDebug = defineEndpoint({
  operationId: 'v1CelDebug',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/cel/debug',
  summary:
    'Evaluates a filter expression against a sample event; compile and run errors are answered as status ERROR, not as HTTP errors',
  tag: 'CEL',
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  body: v1CelDebugRequestSchema,
  responses: { 200: v1CelDebugResponseSchema },
});

// Legacy group (spec section 7): the shapes of the older API, served from the same events.

export const eventList = defineEndpoint({
  operationId: 'eventList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/events',
  summary: 'Events in the older shape, with run counts by status',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  query: z.object({
    offset: queryInt({ min: 0, max: EVENT_LIST_CAP }).default(0),
    limit: queryInt({ min: 1, max: 1000 }).default(50),
    keys: queryArray(z.string().max(512)).optional(),
    workflows: queryArray(uuidSchema).optional(),
    statuses: queryArray(workflowRunStatusSchema).optional(),
    search: z.string().max(512).optional(),
    orderByField: z.enum(['createdAt']).optional(),
    orderByDirection: z.enum(['asc', 'desc']).optional(),
    additionalMetadata: metadataFilters.optional(),
    eventIds: queryArray(uuidSchema).optional(),
  }),
  responses: { 200: eventListSchema },
});

export const eventCreate = defineEndpoint({
  operationId: 'eventCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/events',
  summary: 'Pushes an event: it triggers the workflows whose event triggers and filters match',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: v1CreateEventRequestSchema,
  responses: { 200: eventSchema },
});

export const eventCreateBulk = defineEndpoint({
  operationId: 'eventCreateBulk',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/events/bulk',
  summary: 'Pushes up to 1,000 events at once, stored together',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: bulkCreateEventRequestSchema,
  responses: { 200: bulkEventsSchema },
});

export const eventUpdateReplay = defineEndpoint({
  operationId: 'eventUpdateReplay',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/events/replay',
  summary: 'Re-emits events as new events linked to the originals; answers the new events',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: eventIdsRequestSchema,
  responses: { 200: eventListSchema },
});

export const eventUpdateCancel = defineEndpoint({
  operationId: 'eventUpdateCancel',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/events/cancel',
  summary: 'Cancels the runs these events triggered that have not finished',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: eventIdsRequestSchema,
  responses: { 200: cancelledEventRunsSchema },
});

export const eventGet = defineEndpoint({
  operationId: 'eventGet',
  method: 'GET',
  path: '/api/v1/events/{event}',
  summary: 'An event in the older shape',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ event: uuidSchema }),
  responses: { 200: eventSchema },
});

export const eventDataGet = defineEndpoint({
  operationId: 'eventDataGet',
  method: 'GET',
  path: '/api/v1/events/{event}/data',
  summary: "An event's payload as a JSON string",
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ event: uuidSchema }),
  responses: { 200: eventDataSchema },
});

export const eventDataGetWithTenant = defineEndpoint({
  operationId: 'eventDataGetWithTenant',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/events/{event}/data',
  summary: "An event's payload as a JSON string",
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema, event: uuidSchema }),
  responses: { 200: eventDataSchema },
});

export const eventKeyList = defineEndpoint({
  operationId: 'eventKeyList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/events/keys',
  summary: 'The distinct keys of the tenant’s events',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  responses: { 200: eventKeyListSchema },
});
