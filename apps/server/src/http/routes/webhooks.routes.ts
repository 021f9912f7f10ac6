import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  v1WebhookCreate,
  v1WebhookDelete,
  v1WebhookGet,
  v1WebhookList,
  v1WebhookRequestList,
  v1WebhookUpdate,
  ZERO_UUID,
  type V1Webhook,
} from '@trellis/api-contract';
import type { Database } from '@trellis/db';
import type { EngineApi } from '@trellis/engine';
import { findEvent } from '../../read-models/event.queries';
import type { ResourceLimits } from '../../resource-limits/resource-limits';
import {
  deleteWebhookRequests,
  listWebhookRequests,
} from '../../read-models/webhook-request.queries';
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  updateWebhook,
  type WebhookRow,
} from '../../read-models/webhook.queries';
import {
  checkCredentialsFitSource,
  checkExpressionCompiles,
} from '../../webhooks/check-webhook-definition';
import { findReceivingWebhook, receiveWebhook } from '../../webhooks/receive-webhook';
import { recordWebhookRequest, type WebhookReceipt } from '../../webhooks/request-log';
import { WebhookCredentialSealer } from '../../webhooks/webhook-credentials';
import { badRequest, notFound, tooManyRequests } from '../api-error';
import type { ApiRouter } from '../api-router';
import { forwardByTenantParam } from '../forward-to-home';
import { presentEvent } from '../present-events';
import { RateLimiter } from '../rate-limiter';

/** How many of a webhook's latest requests its request list shows. */
const REQUEST_LIST_SIZE = 50;

/** Largest body a webhook accepts: providers' deliveries are a few kilobytes. */
const RECEIVE_BODY_LIMIT_BYTES = 1024 * 1024;

/** Per tenant and webhook, as the reference limits receiving (REST reference 2.7). */
const RECEIVE_RATE_LIMIT = { burst: 100, perSecond: 50 };

/** Webhooks are keyed by name, so their resource id is the zero UUID, as in the reference. */
function presentWebhook(row: WebhookRow): V1Webhook {
  return {
    metadata: {
      id: ZERO_UUID,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    tenantId: row.tenantId,
    name: row.name,
    sourceName: row.sourceName,
    eventKeyExpression: row.eventKeyExpression,
    ...(row.scopeExpression === null ? {} : { scopeExpression: row.scopeExpression }),
    ...(row.staticPayload === null ? {} : { staticPayload: row.staticPayload }),
    authType: row.authType,
    returnEventAsResponsePayload: row.returnEventAsResponsePayload,
  };
}

/** A scope expression that is blank means no scope. */
function scopeExpressionOf(text: string): string | null {
  if (text.trim() === '') return null;
  checkExpressionCompiles(text, 'scopeExpression');
  return text;
}

const webhookNotFound = (name: string) => notFound(`webhook ${name} not found`);

/**
 * The webhooks of a tenant (contract endpoints, through `api`) and the URL each one receives
 * requests at (on `app` directly: see registerReceiveRoute).
 */
export function registerWebhookRoutes(api: ApiRouter, app: FastifyInstance): void {
  const { db, engine } = api.context;
  const sealer = new WebhookCredentialSealer(db);

  api.handle(v1WebhookList, async ({ query, identity }) => ({
    rows: (
      await listWebhooks(db, identity.tenant!.id, {
        sourceNames: query.sourceNames,
        names: query.webhookNames,
        offset: query.offset,
        limit: query.limit,
      })
    ).map(presentWebhook),
  }));

  api.handle(v1WebhookCreate, async ({ body, identity }) => {
    const tenantId = identity.tenant!.id;
    checkCredentialsFitSource(body.sourceName, body);
    checkExpressionCompiles(body.eventKeyExpression, 'eventKeyExpression');
    const scopeExpression = scopeExpressionOf(body.scopeExpression ?? '');
    // Over the limit, the reference answers 400 `incoming webhook limit reached`.
    const row = await api.context.resourceLimits.admitIncomingWebhook(tenantId, async () =>
      insertWebhook(db, {
        tenantId,
        name: body.name,
        sourceName: body.sourceName,
        eventKeyExpression: body.eventKeyExpression,
        scopeExpression,
        staticPayload: body.staticPayload ?? null,
        authType: body.authType,
        auth: await sealer.seal({ tenantId, name: body.name }, body),
        returnEventAsResponsePayload: body.returnEventAsResponsePayload ?? true,
      }),
    );
    if (!row)
      throw badRequest(`a webhook named ${body.name} already exists in this tenant`, 'name');
    return presentWebhook(row);
  });

  api.handle(v1WebhookGet, async ({ params, identity }) => {
    const row = await findWebhook(db, identity.tenant!.id, params.webhook);
    if (!row) throw webhookNotFound(params.webhook);
    return presentWebhook(row);
  });

  api.handle(v1WebhookUpdate, async ({ params, body, identity }) => {
    if (body.eventKeyExpression !== undefined)
      checkExpressionCompiles(body.eventKeyExpression, 'eventKeyExpression');
    const row = await updateWebhook(db, identity.tenant!.id, params.webhook, {
      eventKeyExpression: body.eventKeyExpression,
      scopeExpression:
        body.scopeExpression === undefined ? undefined : scopeExpressionOf(body.scopeExpression),
      staticPayload: body.staticPayload,
      returnEventAsResponsePayload: body.returnEventAsResponsePayload,
    });
    if (!row) throw webhookNotFound(params.webhook);
    return presentWebhook(row);
  });

  api.handle(v1WebhookDelete, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    const row = await db.transaction(async (tx) => {
      const deleted = await deleteWebhook(tx, tenantId, params.webhook);
      if (deleted) await deleteWebhookRequests(tx, tenantId, params.webhook);
      return deleted;
    });
    if (!row) throw webhookNotFound(params.webhook);
    return presentWebhook(row);
  });

  api.handle(v1WebhookRequestList, async ({ params, identity }) => {
    const tenantId = identity.tenant!.id;
    if (!(await findWebhook(db, tenantId, params.webhook))) throw webhookNotFound(params.webhook);
    const rows = await listWebhookRequests(db, tenantId, params.webhook, REQUEST_LIST_SIZE);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        receivedAt: row.receivedAt.toISOString(),
        statusCode: row.statusCode,
        outcome: row.outcome,
        ...(row.reason === null ? {} : { reason: row.reason }),
        ...(row.eventId === null ? {} : { eventId: row.eventId }),
      })),
    };
  });

  app.register(async (scope) =>
    registerReceiveRoute(scope, {
      db,
      engine,
      sealer,
      resourceLimits: api.context.resourceLimits,
      forwardToHome: forwardByTenantParam(api.context),
    }),
  );
}

/**
 * `POST /api/v1/stable/tenants/{tenant}/webhooks/{webhook}`: no credentials of ours, the
 * request proves itself to the webhook. It is outside the contract's endpoints because it
 * needs the body's exact bytes (signatures are computed over them) and reads JSON and forms
 * itself, so it lives in its own plugin scope whose one content parser keeps the raw body.
 *
 * Order of work: the request goes to its tenant's home when that is another process
 * (forward-to-home.ts), the webhook is found (unknown ones are refused before the body is read),
 * then rate-limited, then the body is read (at most RECEIVE_BODY_LIMIT_BYTES) and the receive
 * flow runs. Every answer from then on, success or refusal at any step, is recorded in the
 * webhook's request log just before it is sent.
 */
function registerReceiveRoute(
  scope: FastifyInstance,
  dependencies: {
    db: Database;
    engine: EngineApi;
    sealer: WebhookCredentialSealer;
    resourceLimits: ResourceLimits;
    forwardToHome: ReturnType<typeof forwardByTenantParam>;
  },
): void {
  const { db } = dependencies;
  const limiter = new RateLimiter(RECEIVE_RATE_LIMIT);
  const receipts = new WeakMap<FastifyRequest, WebhookReceipt>();

  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  scope.post<{ Params: { tenant: string; webhook: string } }>(
    '/api/v1/stable/tenants/:tenant/webhooks/:webhook',
    {
      bodyLimit: RECEIVE_BODY_LIMIT_BYTES,
      // Before the webhook is looked up or rate-limited: its tenant's home does both.
      onRequest: [
        dependencies.forwardToHome,
        async (request) => {
          const { tenant, webhook: name } = request.params;
          const webhook = await findReceivingWebhook(db, tenant, name);
          // Limited once the webhook is known, so buckets exist only for real webhooks. Refusals
          // here are not logged: a flood must not turn into a flood of writes.
          if (!limiter.take(`${webhook.tenantId}|${webhook.name}`))
            throw tooManyRequests(`webhook ${name} is receiving too many requests, slow down`);
          receipts.set(request, { webhook });
        },
      ],
      onSend: async (request, reply, payload) => {
        const receipt = receipts.get(request);
        if (!receipt) return payload;
        try {
          await recordWebhookRequest(db, receipt, { statusCode: reply.statusCode, body: payload });
        } catch (error) {
          // The answer stands (the event, if any, is stored): a sender told 500 would retry.
          request.log.error({ err: error }, 'recording a webhook request failed');
        }
        return payload;
      },
    },
    async (request, reply) => {
      const receipt = receipts.get(request)!;
      const outcome = await receiveWebhook(dependencies, receipt.webhook, {
        headers: request.headers,
        rawBody: (request.body as Buffer | undefined) ?? Buffer.alloc(0),
      });
      if ('challenge' in outcome) {
        receipt.note = 'Slack url_verification challenge answered';
        return { challenge: outcome.challenge };
      }
      const { tenantId, returnEventAsResponsePayload } = receipt.webhook;
      receipt.eventId = outcome.eventId;
      if (!returnEventAsResponsePayload) return reply.code(204).send();
      // Read back as stored, with the runs it triggered (committed together with it).
      const event = await findEvent(db, tenantId, outcome.eventId);
      if (!event) throw new Error(`event ${outcome.eventId} was pushed but is not stored`);
      return { message: 'ok', event: presentEvent(event, tenantId) };
    },
  );
}
