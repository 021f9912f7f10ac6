import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Request bodies as received, kept only when requests may be forwarded (forward-to-home.ts). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The body bytes exactly as the client sent them, when kept (`keepRawBodies`). */
export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return rawBodies.get(request);
}

/**
 * JSON bodies, where an empty one means no body: clients (curl with a JSON content type, some
 * HTTP libraries) send `content-type: application/json` on a POST, PATCH or DELETE that carries
 * nothing, and Fastify's own parser refuses that before the route is reached. The route decides
 * instead: one that takes no body ignores it, one that needs a body answers its 400 (see
 * parseBody in api-router.ts). Anything else is parsed by Fastify's parser, with its defence
 * against prototype poisoning and its body limit.
 *
 * With `keepRawBodies`, the JSON and plain-text parsers read bytes and keep them for
 * `rawBodyOf`: a request forwarded to its tenant's home is sent on byte for byte, since
 * re-serialising what was parsed would change it (key order, whitespace, escapes). Without, the
 * parsers read strings as before and nothing is kept.
 */
export function installJsonBodyParser(
  app: FastifyInstance,
  options: { keepRawBodies: boolean } = { keepRawBodies: false },
): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  if (!options.keepRawBodies) {
    app.addContentTypeParser<string>(
      'application/json',
      { parseAs: 'string' },
      (request, body, done) => {
        if (body.length === 0) return done(null, undefined);
        parseJson(request, body, done);
      },
    );
    return;
  }
  app.addContentTypeParser<Buffer>(
    'application/json',
    { parseAs: 'buffer' },
    (request, body, done) => {
      rawBodies.set(request, body);
      if (body.length === 0) return done(null, undefined);
      // Decoded as Fastify's string parser decodes (UTF-8).
      parseJson(request, body.toString('utf8'), done);
    },
  );
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser<Buffer>('text/plain', { parseAs: 'buffer' }, (request, body, done) => {
    rawBodies.set(request, body);
    done(null, body.toString('utf8'));
  });
}
