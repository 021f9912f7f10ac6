import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrors } from '@trellis/api-contract';
import { EngineError, type EngineErrorCode } from '@trellis/engine';
import { ApiError } from './api-error';

/**
 * What each engine refusal answers over REST, as grpc-errors.ts maps them for gRPC.
 * FAILED_PRECONDITION is a 409: the request is well formed, but the current state of what it
 * names refuses it (a task that is not running), and the same request can succeed once that
 * state changes. RESOURCE_EXHAUSTED is a 400: the engine gives it for a field (input, metadata)
 * over its size limit, a refused field like any other, and the reference answers the v1
 * trigger's with a 400; 413 stays the answer to a body over TRELLIS_HTTP_BODY_LIMIT_BYTES.
 */
const ENGINE_ERROR_STATUSES: Record<EngineErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  FAILED_PRECONDITION: 409,
  RESOURCE_EXHAUSTED: 400,
  UNAVAILABLE: 503,
  UNIMPLEMENTED: 501,
};

/**
 * The single place errors become responses. Everything answers with the API error body;
 * engine errors get their code's status and the engine's message; Fastify's own client errors
 * (malformed JSON, oversized or unsupported bodies) keep their status with a readable
 * description, and anything unexpected is logged and hidden behind 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | EngineError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ errors: error.errors } satisfies ApiErrors);
    }
    if (error instanceof EngineError) {
      return reply
        .code(ENGINE_ERROR_STATUSES[error.code])
        .send({ errors: [{ description: error.message }] } satisfies ApiErrors);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ errors: [{ description: describeClientError(error) }] } satisfies ApiErrors);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ errors: [{ description: 'Internal Server Error' }] } satisfies ApiErrors);
  });
}

/**
 * Errors Fastify raises before any route or error handler runs (a path that is not valid
 * percent-encoding, a path segment over `maxParamLength`): answered in the API error body too,
 * instead of Fastify's own `{ error, code, message, statusCode }`. Pass as `frameworkErrors`.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .code(error.statusCode ?? 400)
    .send({ errors: [{ description: describeClientError(error) }] } satisfies ApiErrors);
}

function describeClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return `Malformed JSON body: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return error.message;
  }
}
