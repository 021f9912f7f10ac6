/** EventsService: pushed events (stored), task logs and stream events. */
import type { EngineApi, PushedEvent } from '@trellis/engine';
import { invalid, parseJsonField, parseJsonObject } from './grpc-errors';
import { unary, type HandlerContext } from './handlers';
import { optionalJson } from './mapping';
import type { PushEventRequest, PutLogRequest, PutStreamEventRequest } from './messages';
import { fromTimestamp, toTimestamp } from './timestamps';
import type { ServiceImplementation } from './transport/server';

function toPushedEvent(request: PushEventRequest): PushedEvent {
  if (!request.key) throw invalid('key is required');
  return {
    key: request.key,
    payload: parseJsonField(request.payload, 'payload'),
    additionalMetadata: parseJsonObject(request.additional_metadata, 'additional_metadata'),
    scope: request.scope,
    priority: request.priority,
    eventTimestamp: fromTimestamp(request.event_timestamp),
  };
}

function toEventMessage(tenantId: string, id: string, request: PushEventRequest, at: Date) {
  return {
    tenant_id: tenantId,
    event_id: id,
    key: request.key,
    payload: request.payload,
    event_timestamp: toTimestamp(fromTimestamp(request.event_timestamp) ?? at),
    ...(request.additional_metadata !== undefined
      ? { additional_metadata: request.additional_metadata }
      : {}),
    ...(request.scope !== undefined ? { scope: request.scope } : {}),
  };
}

export function eventsService(engine: EngineApi, ctx: HandlerContext): ServiceImplementation {
  return {
    Push: unary(ctx, async (tenantId, request: PushEventRequest) => {
      const event = toPushedEvent(request);
      const [id] = await ctx.resourceLimits.admitEvents(tenantId, 1, () =>
        engine.pushEvents(tenantId, [event]),
      );
      return toEventMessage(tenantId, id!, request, new Date());
    }),

    BulkPush: unary(ctx, async (tenantId, request: { events: PushEventRequest[] }) => {
      const events = request.events.map(toPushedEvent);
      const ids = await ctx.resourceLimits.admitEvents(tenantId, events.length, () =>
        engine.pushEvents(tenantId, events),
      );
      const now = new Date();
      return { events: request.events.map((e, i) => toEventMessage(tenantId, ids[i]!, e, now)) };
    }),

    PutLog: unary(ctx, async (tenantId, request: PutLogRequest) => {
      if (!request.task_run_external_id) throw invalid('task_run_external_id is required');
      await engine.putLog(tenantId, {
        taskExternalId: request.task_run_external_id,
        retryCount: request.task_retry_count,
        createdAt: fromTimestamp(request.created_at),
        message: request.message,
        level: request.level,
        metadata: optionalJson(request.metadata),
      });
      return {};
    }),

    PutStreamEvent: unary(ctx, async (tenantId, request: PutStreamEventRequest) => {
      if (!request.task_run_external_id) throw invalid('task_run_external_id is required');
      await engine.putStreamEvent(tenantId, {
        taskExternalId: request.task_run_external_id,
        createdAt: fromTimestamp(request.created_at),
        message: request.message,
        eventIndex: request.event_index,
        metadata: optionalJson(request.metadata),
      });
      return {};
    }),
  };
}
