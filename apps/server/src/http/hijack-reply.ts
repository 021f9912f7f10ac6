import type { FastifyReply } from 'fastify';

/**
 * Takes the raw response over from Fastify, for bodies it does not write itself (event
 * streams, file downloads). Headers Fastify would have sent (the security ones) are set on the
 * raw response by hand first, since its own reply ends here.
 */
export function hijackReply(reply: FastifyReply): FastifyReply['raw'] {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  return reply.raw;
}
