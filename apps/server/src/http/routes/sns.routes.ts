/**
 * SNS integrations (Ingestors): a tenant names the topics whose messages it accepts, and SNS
 * delivers them to `POST /api/v1/sns/{tenant}/{event}` (sns/receive-sns-message.ts says what a
 * message must prove and what it does).
 */
import { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import { snsCreate, snsDelete, snsList, type SnsIntegration } from '@trellis/api-contract';
import {
  deleteSnsIntegration,
  insertSnsIntegration,
  listSnsIntegrations,
  type SnsIntegrationRow,
} from '../../sns/sns-integration.queries';
import { createSnsReceiver, type SnsReceiver } from '../../sns/receive-sns-message';
import { badRequest, notFound, tooManyRequests } from '../api-error';
import type { ApiRouter } from '../api-router';
import { forwardByTenantParam } from '../forward-to-home';
import { RateLimiter } from '../rate-limiter';

/** SNS messages are at most 256 KB. */
const RECEIVE_BODY_LIMIT_BYTES = 512 * 1024;
/** Per tenant, as incoming webhooks are limited. */
const RECEIVE_RATE_LIMIT = { burst: 100, perSecond: 50 };
/** The event key the dashboard's ingest URL names; any key in the path works. */
const DEFAULT_EVENT_KEY = 'sns-event';

export function registerSnsRoutes(
  api: ApiRouter,
  app: FastifyInstance,
  /** Fetches SNS certificates and confirmations; tests pass one that resolves SNS hosts locally. */
  agent: Agent = new Agent({ keepAlive: true, timeout: 10_000 }),
): void {
  const { db, engine, config } = api.context;
  const present = (row: SnsIntegrationRow): SnsIntegration => ({
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    tenantId: row.tenantId,
    topicArn: row.topicArn,
    ingestUrl: `${config.publicUrl}/api/v1/sns/${row.tenantId}/${DEFAULT_EVENT_KEY}`,
  });

  api.handle(snsList, async ({ identity }) => ({
    pagination: {},
    rows: (await listSnsIntegrations(db, identity.tenant!.id)).map(present),
  }));

  api.handle(snsCreate, async ({ body, identity }) => {
    const row = await insertSnsIntegration(db, identity.tenant!.id, body.topicArn);
    if (!row)
      throw badRequest('this tenant has an SNS integration for that topic already', 'topicArn');
    return present(row);
  });

  api.handle(snsDelete, async ({ params, identity }) => {
    if (!(await deleteSnsIntegration(db, identity.tenant!.id, params.sns))) {
      throw notFound(`SNS integration ${params.sns} not found`);
    }
  });

  const receiver = createSnsReceiver({
    db,
    engine,
    agent,
    resourceLimits: api.context.resourceLimits,
  });
  app.register(async (scope) =>
    registerReceiveRoute(scope, receiver, forwardByTenantParam(api.context)),
  );
}

/**
 * The receive route, in a plugin scope of its own: SNS posts its JSON as text/plain, and the
 * signature is checked over the fields of the text as sent, so the body is kept as text.
 */
function registerReceiveRoute(
  scope: FastifyInstance,
  receiver: SnsReceiver,
  forwardToHome: ReturnType<typeof forwardByTenantParam>,
): void {
  const limiter = new RateLimiter(RECEIVE_RATE_LIMIT);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  scope.post<{ Params: { tenant: string; event: string } }>(
    '/api/v1/sns/:tenant/:event',
    // Its tenant's home, when that is another process, limits and receives it.
    { bodyLimit: RECEIVE_BODY_LIMIT_BYTES, onRequest: forwardToHome },
    async (request, reply) => {
      const { tenant, event } = request.params;
      if (!/^[0-9a-f-]{36}$/i.test(tenant)) throw notFound(`tenant ${tenant} not found`);
      if (event.length > 255) throw badRequest('the event key is longer than 255 characters');
      if (!limiter.take(tenant))
        throw tooManyRequests('too many SNS messages for this tenant, slow down');
      await receiver.receive(tenant, event, (request.body as string | undefined) ?? '');
      return reply.code(200).send();
    },
  );
}
