import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointDefinition, ResponseSpec } from '@trellis/api-contract';
import { ApiError, tooManyRequests } from './api-error';
import { authenticate, type Identity } from './authenticate';
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
 * path parameters, access rules, query and body validation, the handler, and (in tests) a check
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
          const params = parse(endpoint.params, request.params ?? {}) as Record<string, string>;
          const identity = await authenticate(endpoint, params, request, reply, context);
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
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function parseBody(endpoint: EndpointDefinition, body: unknown): unknown {
  if (!endpoint.body) return undefined;
  if (body === undefined || body === null) {
    throw new ApiError(400, [{ description: 'A JSON request body is required' }]);
  }
  return parse(endpoint.body, body);
}
