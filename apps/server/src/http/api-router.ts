import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EndpointDefinition, ResponseSpec } from '@trellis/api-contract';
import { ApiError, badRequest, tooManyRequests } from './api-error';
import { authenticate, type Identity } from './authenticate';
import { forwardToTenantHome } from './forward-to-home';
import { rawBodyOf } from './json-body-parser';
import { logContext } from '../observability/log-context';
import { findUnstorableValue } from '../storable-values';
import type { ServerContext } from './server-context';
import { validationError } from './validation-errors';

type Output<Schema> =
  NonNullable<Schema> extends z.ZodType ? z.output<NonNullable<Schema>> : undefined;
type ResponseBody<Spec> = Spec extends z.ZodType ? z.input<Spec> : void;

export interface HandlerInput<E extends EndpointDefinition> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  identity: Identity;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends EndpointDefinition> = (
  input: HandlerInput<E>,
) => Promise<ResponseBody<E['responses'][keyof E['responses']]>>;

export interface ApiRouter {
  readonly context: ServerContext;
  /** Serves `endpoint` with `handler`: access rules, validation and the response status come from the contract. */
  handle<E extends EndpointDefinition>(endpoint: E, handler: Handler<E>): void;
}

/**
 * Wires contract endpoints into Fastify. Every request goes through the same steps: rate limit,
 * path parameters, access rules, forwarding to the tenant's home process when that is another
 * one (forward-to-home.ts), query and body validation, the handler, and (in tests) a check
 * that the response matches the contract.
 */
export function createApiRouter(
  app: FastifyInstance,
  context: ServerContext,
  options: { validateResponses: boolean },
): ApiRouter {
  return {
    context,
    handle(endpoint, handler) {
      const [status, responseSchema] = successResponse(endpoint);
      app.route({
        method: endpoint.method,
        url: endpoint.path.replace(/\{([^}]+)\}/g, ':$1'),
        handler: async (request, reply) => {
          if (
            endpoint.rateLimited &&
            !context.rateLimiter.take(`${request.ip}|${endpoint.operationId}`)
          ) {
            throw tooManyRequests('Too many requests, slow down');
          }
          const params = canonicalIds(
            endpoint.params,
            parse(endpoint.params, request.params ?? {}) as Record<string, string>,
          );
          const identity = await authenticate(endpoint, params, request, reply, context);
          // Authorized here, served at the tenant's home (forward-to-home.ts).
          if (
            identity.tenant &&
            (await forwardToTenantHome(
              context,
              identity.tenant.id,
              request,
              reply,
              rawBodyOf(request),
            ))
          ) {
            return reply;
          }
          // Every log line of the request from here on names its tenant, run and task.
          request.log = request.log.child(logContext(identity.tenant?.id, params));
          const query = parse(endpoint.query, request.query ?? {});
          const body = parseBody(endpoint, request.body);
          const result = await handler({ params, query, body, identity, request, reply } as never);
          // An event stream took the response over.
          if (reply.sent) return reply;
          if (options.validateResponses && responseSchema) {
            const checked = responseSchema.safeParse(result);
            if (!checked.success) {
              throw new Error(
                `${endpoint.operationId} answered outside its contract: ${checked.error.message}`,
              );
            }
          }
          reply.code(status);
          if (!responseSchema) return reply.send();
          // A bare string (a run's status) is still a JSON document; Fastify would send it as text.
          return typeof result === 'string'
            ? reply.type('application/json; charset=utf-8').send(JSON.stringify(result))
            : result;
        },
      });
    },
  };
}

function successResponse(endpoint: EndpointDefinition): [number, z.ZodType | null] {
  const entries = Object.entries(endpoint.responses) as [string, ResponseSpec][];
  if (entries.length !== 1)
    throw new Error(`${endpoint.operationId} must declare one success response`);
  const [status, schema] = entries[0]!;
  return [Number(status), schema];
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const unstorable = findUnstorableValue(value);
  if (unstorable) throw badRequest(unstorable.problem, unstorable.path || undefined);
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * UUIDs compare without case in PostgreSQL but not in JavaScript: a path naming a resource by
 * its id in capitals finds the row, whose id comes back in lowercase and then matches nothing
 * the handler or the engine keyed by the id as sent (a scheduled run fired that way failed the
 * engine's whole tick). Handlers get the canonical lowercase form of every UUID path parameter.
 */
function canonicalIds(
  schema: z.ZodType | undefined,
  params: Record<string, string>,
): Record<string, string> {
  if (!(schema instanceof z.ZodObject)) return params;
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      shape[name] instanceof z.ZodUUID ? value.toLowerCase() : value,
    ]),
  );
}

function parseBody(endpoint: EndpointDefinition, body: unknown): unknown {
  if (!endpoint.body) return undefined;
  if (body === undefined || body === null) {
    throw new ApiError(400, [{ description: 'A JSON request body is required' }]);
  }
  return parse(endpoint.body, body);
}
