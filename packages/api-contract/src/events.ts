/** Events, the filters that decide what they trigger, incoming webhooks and the CEL debugger. */
import { z } from 'zod';
import { apiResourceMetaSchema, paginationResponseSchema, uuidSchema } from './common';
import {
  v1CelDebugResponseStatusSchema,
  v1WebhookAuthTypeSchema,
  v1WebhookHmacAlgorithmSchema,
  v1WebhookHmacEncodingSchema,
  v1WebhookSourceNameSchema,
} from './enums';

const dateTime = z.iso.datetime({ offset: true });
const jsonObject = z.record(z.string(), z.unknown());

/** Longest event key, filter scope and webhook name accepted. */
export const MAX_EVENT_KEY_LENGTH = 512;
export const MAX_SCOPE_LENGTH = 256;
export const MAX_EXPRESSION_LENGTH = 4096;

/** Events lists count and page at most this many matches. */
export const EVENT_LIST_CAP = 10_000;

// ---------------------------------------------------------------------------------------------
// Events (v1)

export const v1EventWorkflowRunSummarySchema = z
  .object({
    running: z.number().int(),
    queued: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  })
  .meta({ id: 'V1EventWorkflowRunSummary' });

export const v1EventTriggeredRunSchema = z
  .object({ workflowRunId: z.string(), filterId: z.string().optional() })
  .meta({ id: 'V1EventTriggeredRun' });

/** A filter whose expression failed on this event (Trellis: the reference keeps these apart). */
export const v1EventCelFailureSchema = z
  .object({
    filterId: z.string().optional(),
    workflowId: z.string().optional(),
    message: z.string(),
  })
  .meta({ id: 'V1EventCelFailure' });

export const v1EventSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    key: z.string(),
    tenantId: z.string(),
    workflowRunSummary: v1EventWorkflowRunSummarySchema,
    additionalMetadata: jsonObject.optional(),
    payload: z.unknown().optional(),
    scope: z.string().optional(),
    seenAt: dateTime.optional(),
    triggeredRuns: z.array(v1EventTriggeredRunSchema).optional(),
    triggeringWebhookName: z.string().optional(),
    /** Trellis: the event this one re-emits (replay). */
    replayedFromId: z.string().optional(),
    /** Trellis: filters whose expression failed on this event; the others still ran. */
    celEvaluationFailures: z.array(v1EventCelFailureSchema).optional(),
  })
  .meta({ id: 'V1Event' });
export type V1Event = z.infer<typeof v1EventSchema>;

export const v1EventListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(v1EventSchema) })
  .meta({ id: 'V1EventList' });

export const eventKeyListSchema = z
  .object({ rows: z.array(z.string()) })
  .meta({ id: 'EventKeyList' });

/** Trellis: send an event from the dashboard or over REST (the SDKs use gRPC Push). */
export const v1CreateEventRequestSchema = z
  .object({
    key: z.string().trim().min(1, 'key is required').max(MAX_EVENT_KEY_LENGTH),
    data: jsonObject.default({}),
    additionalMetadata: jsonObject.optional(),
    priority: z.number().int().min(1).max(3).optional(),
    scope: z.string().max(MAX_SCOPE_LENGTH).optional(),
  })
  .meta({ id: 'CreateEventRequest' });

export const eventIdsRequestSchema = z
  .object({ eventIds: z.array(uuidSchema).min(1).max(1000) })
  .meta({ id: 'ReplayEventRequest' });

export const cancelledEventRunsSchema = z
  .object({ workflowRunIds: z.array(z.string()) })
  .meta({ id: 'EventUpdateCancel200Response' });

// ---------------------------------------------------------------------------------------------
// Events (legacy group, spec section 7)

export const eventWorkflowRunSummarySchema = z
  .object({
    pending: z.number().int().optional(),
    running: z.number().int().optional(),
    queued: z.number().int().optional(),
    succeeded: z.number().int().optional(),
    failed: z.number().int().optional(),
    cancelled: z.number().int().optional(),
  })
  .meta({ id: 'EventWorkflowRunSummary' });

export const eventSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    key: z.string(),
    tenantId: z.string(),
    workflowRunSummary: eventWorkflowRunSummarySchema.optional(),
    additionalMetadata: jsonObject.optional(),
  })
  .meta({ id: 'Event' });

export const eventListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(eventSchema) })
  .meta({ id: 'EventList' });

export const bulkEventsSchema = z
  .object({ metadata: apiResourceMetaSchema, events: z.array(eventSchema) })
  .meta({ id: 'Events' });

export const bulkCreateEventRequestSchema = z
  .object({ events: z.array(v1CreateEventRequestSchema).min(1).max(1000) })
  .meta({ id: 'BulkCreateEventRequest' });

export const eventDataSchema = z.object({ data: z.string() }).meta({ id: 'EventData' });

// ---------------------------------------------------------------------------------------------
// Filters

export const v1FilterSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    workflowId: z.string(),
    scope: z.string(),
    expression: z.string(),
    payload: jsonObject,
    isDeclarative: z.boolean().optional(),
  })
  .meta({ id: 'V1Filter' });
export type V1Filter = z.infer<typeof v1FilterSchema>;

export const v1FilterListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(v1FilterSchema) })
  .meta({ id: 'V1FilterList' });

const scope = z.string().trim().min(1, 'scope is required').max(MAX_SCOPE_LENGTH);
const expression = z.string().trim().min(1, 'expression is required').max(MAX_EXPRESSION_LENGTH);

export const v1CreateFilterRequestSchema = z
  .object({ workflowId: uuidSchema, expression, scope, payload: jsonObject.default({}) })
  .meta({ id: 'V1CreateFilterRequest' });

export const v1UpdateFilterRequestSchema = z
  .object({
    expression: expression.optional(),
    scope: scope.optional(),
    payload: jsonObject.optional(),
  })
  .meta({ id: 'V1UpdateFilterRequest' });

// ---------------------------------------------------------------------------------------------
// Incoming webhooks

/** Names go in the receive URL: letters, digits, `-`, `_` and `.`. */
export const WEBHOOK_NAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

export const v1WebhookSchema = z
  .object({
    metadata: apiResourceMetaSchema,
    tenantId: z.string(),
    name: z.string(),
    sourceName: v1WebhookSourceNameSchema,
    eventKeyExpression: z.string(),
    scopeExpression: z.string().optional(),
    staticPayload: jsonObject.optional(),
    authType: v1WebhookAuthTypeSchema,
    returnEventAsResponsePayload: z.boolean().optional(),
  })
  .meta({ id: 'V1Webhook' });
export type V1Webhook = z.infer<typeof v1WebhookSchema>;

export const v1WebhookListSchema = z
  .object({ pagination: paginationResponseSchema.optional(), rows: z.array(v1WebhookSchema) })
  .meta({ id: 'V1WebhookList' });

const secret = (what: string) => z.string().min(1, `${what} is required`).max(1024);

export const v1WebhookBasicAuthSchema = z
  .object({ username: secret('username'), password: secret('password') })
  .meta({ id: 'V1WebhookBasicAuth' });
export const v1WebhookApiKeyAuthSchema = z
  .object({ headerName: secret('headerName'), apiKey: secret('apiKey') })
  .meta({ id: 'V1WebhookAPIKeyAuth' });
export const v1WebhookHmacAuthSchema = z
  .object({
    algorithm: v1WebhookHmacAlgorithmSchema,
    encoding: v1WebhookHmacEncodingSchema,
    signatureHeaderName: secret('signatureHeaderName'),
    signingSecret: secret('signingSecret'),
  })
  .meta({ id: 'V1WebhookHMACAuth' });

/** A webhook's name: it is the last segment of its receive URL. */
export const webhookNameSchema = z
  .string()
  .min(1, 'name is required')
  .max(128)
  .regex(WEBHOOK_NAME_PATTERN, 'name may use only letters, digits, "-", "_" and "."');

const webhookCommon = {
  sourceName: v1WebhookSourceNameSchema,
  name: webhookNameSchema,
  eventKeyExpression: expression,
  scopeExpression: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
  staticPayload: jsonObject.optional(),
  returnEventAsResponsePayload: z.boolean().optional(),
};

export const v1CreateWebhookRequestSchema = z
  .discriminatedUnion('authType', [
    z.object({ ...webhookCommon, authType: z.literal('BASIC'), auth: v1WebhookBasicAuthSchema }),
    z.object({ ...webhookCommon, authType: z.literal('API_KEY'), auth: v1WebhookApiKeyAuthSchema }),
    z.object({ ...webhookCommon, authType: z.literal('HMAC'), auth: v1WebhookHmacAuthSchema }),
  ])
  .meta({ id: 'V1CreateWebhookRequest' });
export type V1CreateWebhookRequest = z.infer<typeof v1CreateWebhookRequestSchema>;

export const v1UpdateWebhookRequestSchema = z
  .object({
    eventKeyExpression: expression.optional(),
    scopeExpression: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
    staticPayload: jsonObject.optional(),
    returnEventAsResponsePayload: z.boolean().optional(),
  })
  .meta({ id: 'V1UpdateWebhookRequest' });

export const v1WebhookResponseSchema = z
  .object({
    message: z.string().optional(),
    event: v1EventSchema.optional(),
    challenge: z.string().optional(),
  })
  .meta({ id: 'V1WebhookResponse' });

/** Trellis: one request a webhook received and how it was answered. */
export const v1WebhookRequestSchema = z
  .object({
    id: z.string(),
    receivedAt: dateTime,
    statusCode: z.number().int(),
    outcome: z.enum(['ACCEPTED', 'REFUSED']),
    reason: z.string().optional(),
    eventId: z.string().optional(),
  })
  .meta({ id: 'V1WebhookRequest' });

export const v1WebhookRequestListSchema = z
  .object({ rows: z.array(v1WebhookRequestSchema) })
  .meta({ id: 'V1WebhookRequestList' });

// ---------------------------------------------------------------------------------------------
// CEL debugger

export const v1CelDebugRequestSchema = z
  .object({
    expression: z.string().max(MAX_EXPRESSION_LENGTH),
    input: jsonObject,
    filterPayload: jsonObject.optional(),
    additionalMetadata: jsonObject.optional(),
  })
  .meta({ id: 'V1CELDebugRequest' });

export const v1CelDebugResponseSchema = z
  .object({
    status: v1CelDebugResponseStatusSchema,
    output: z.boolean().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'V1CELDebugResponse' });
