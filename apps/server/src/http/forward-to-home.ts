/**
 * Requests about a tenant are served by the process that schedules it, its home: the engine's
 * in-memory state (queues, live-update feeds, why-waiting, activity) lives there. Any process
 * may receive any request; one that is not the tenant's home passes it on, once it knows the
 * tenant (after authentication, for tenant endpoints), and streams the answer back.
 *
 * node:http rather than @fastify/reply-from: the decision comes after Fastify has read the body,
 * so what goes on is bytes we hand over (the kept raw body, or the unread request stream for the
 * receive routes), and the 503 on an unreachable home and the abort on a client's disconnect
 * are a few lines each here; reply-from would add undici and its own body, retry and error
 * rules to configure around for the same result.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import type { ServerContext } from './server-context';

/**
 * Marks a forwarded request. One that carries it is served where it arrives, never forwarded
 * again: loops cannot happen, and a forged one gets the engine's refusal of a tenant it does not
 * serve.
 */
export const FORWARDED_HEADER = 'x-trellis-forwarded';

/** Headers that belong to one connection and are not passed on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const homeUnavailable = () =>
  new ApiError(
    503,
    [
      {
        description:
          "The tenant's server process is changing or cannot be reached; retry in a moment",
      },
    ],
    { 'retry-after': '1' },
  );

/**
 * Forwards the request to the tenant's home when that is another process, and answers with
 * what it answers. False when the request is to be served here; throws the 503 when nobody
 * serves the tenant now or its home cannot be reached. `body` is the request's body: the bytes
 * as received, or the request itself while its body is still unread.
 */
export async function forwardToTenantHome(
  context: Pick<ServerContext, 'tenantHome'>,
  tenantId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | Readable | undefined,
): Promise<boolean> {
  if (!context.tenantHome || request.headers[FORWARDED_HEADER] !== undefined) return false;
  const home = await context.tenantHome(tenantId);
  if (home === 'here') return false;
  if (home === undefined) throw homeUnavailable();
  const answer = await sendToHome(home, request, reply, body);
  // Answered by hand rather than with reply.send: a hijacked reply is sent for Fastify, so hooks
  // that would follow (the webhook's lookup, body parsing) do not run on a forwarded request,
  // and the home's headers go back as they are. Either side closing closes the other: a client
  // that leaves ends the home's live stream, a home that dies mid-answer cuts the client's.
  reply.hijack();
  reply.raw.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
  pipeline(answer, reply.raw, () => {});
  return true;
}

/** Sends the request on to `home` (`host:port`); resolves with its answer once it starts. */
function sendToHome(
  home: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | Readable | undefined,
): Promise<IncomingMessage> {
  const headers = forwardedHeaders(request);
  if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
  const [host, port] = splitAddress(home);
  return new Promise((resolve, reject) => {
    const upstream = httpRequest({
      host,
      port,
      method: request.method,
      path: request.url,
      headers,
    });
    // A client that leaves before the answer takes its forwarded request with it.
    const abandon = () => upstream.destroy();
    reply.raw.once('close', abandon);
    upstream.once('response', (answer) => {
      reply.raw.off('close', abandon);
      resolve(answer);
    });
    // Refused or reset before an answer: the home is gone or going.
    upstream.once('error', (error) => {
      request.log.warn({ err: error, home }, 'could not forward to the tenant home');
      reject(homeUnavailable());
    });
    if (body === undefined || Buffer.isBuffer(body)) upstream.end(body);
    else body.pipe(upstream);
  });
}

/** The request's end-to-end headers, with where it came from and that it was forwarded. */
function forwardedHeaders(request: FastifyRequest): Record<string, string | string[]> {
  const headers = endToEndHeaders(request.headers);
  const client = request.raw.socket.remoteAddress ?? '';
  const forwardedFor = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
  headers['x-forwarded-host'] ??= request.headers.host ?? '';
  headers['x-forwarded-proto'] ??= request.protocol;
  headers[FORWARDED_HEADER] = '1';
  return headers;
}

/** Without hop-by-hop headers, including those the Connection header names. */
function endToEndHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = new Set(
    (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase()),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

/** `host:port`, `[v6]:port` included. */
function splitAddress(address: string): [string, number] {
  const at = address.lastIndexOf(':');
  return [address.slice(0, at).replace(/^\[(.*)\]$/, '$1'), Number(address.slice(at + 1))];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An onRequest hook for the routes that take no credentials of ours but name their tenant in
 * the path (webhook and SNS receive): the request proves itself to the home, so it is forwarded
 * before anything here reads its body, which goes on unread, as received. A tenant that is not
 * a UUID names nothing: served here, to be refused.
 */
export function forwardByTenantParam(context: Pick<ServerContext, 'tenantHome'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { tenant } = request.params as { tenant?: string };
    if (tenant === undefined || !UUID.test(tenant)) return;
    if (await forwardToTenantHome(context, tenant.toLowerCase(), request, reply, request.raw))
      return reply;
  };
}
