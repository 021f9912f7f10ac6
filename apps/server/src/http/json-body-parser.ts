import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where an empty one means no body: clients (curl with a JSON content type, some
 * HTTP libraries) send `content-type: application/json` on a POST, PATCH or DELETE that carries
 * nothing, and Fastify's own parser refuses that before the route is reached. The route decides
 * instead: one that takes no body ignores it, one that needs a body answers its 400 (see
 * parseBody in api-router.ts). Anything else is parsed by Fastify's parser, with its defence
 * against prototype poisoning and its body limit.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>(
    'application/json',
    { parseAs: 'string' },
    (request, body, done) => {
      if (body.length === 0) return done(null, undefined);
      parseJson(request, body, done);
    },
  );
}
