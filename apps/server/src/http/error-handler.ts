import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrors } from '@trellis/api-contract';
import { ApiError } from './api-error';

/**
 * The single place errors become responses. Everything answers with the API error body;
 * Fastify's own client errors (malformed JSON, oversized or unsupported bodies) keep their
 * status with a readable description, and anything unexpected is logged and hidden behind 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send({ errors: error.errors } satisfies ApiErrors);
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

function describeClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Malformed JSON body: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    default:
      return error.message;
  }
}
