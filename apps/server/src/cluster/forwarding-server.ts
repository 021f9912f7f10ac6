/**
 * What a server process standing by serves while another runs the engine
 * (cluster/engine-leadership.ts): everything, by forwarding it to the process that runs the
 * engine, so that a load balancer may send any request or worker connection to any process.
 *
 * - **HTTP** is forwarded request by request (node:http on both sides, bodies streamed both
 *   ways, so the dashboard's live stream works through it). The client's address goes along in
 *   `X-Forwarded-For`, which the serving process reads with `TRELLIS_TRUST_PROXY=true`.
 *   `/api/live` is answered here: it says whether this process is alive, not the other.
 * - **gRPC** is forwarded connection by connection, bytes as they come (node:net): a worker
 *   connected here holds its stream with the serving process through this one, TLS included,
 *   and gets its work assigned there.
 * - The serving process's addresses come from the engine lease (its holder records them), read
 *   at most once a second. With no holder, or one that cannot be reached, HTTP answers 503 in
 *   the API's error shape with Retry-After, and gRPC connections are closed: clients retry, and
 *   reach the new holder once the lease is taken over.
 *
 * When this process takes the lease, the forwarding stops and its open connections close; the
 * clients reconnect and are served here.
 */
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import type { LeaseAddresses } from '@trellis/engine';

export interface ForwardingOptions {
  host: string;
  httpPort: number;
  grpcPort: number;
  /** Where the process running the engine serves now; undefined while nobody does. */
  findServing: () => Promise<LeaseAddresses | undefined>;
  /** Why requests are refused while nobody can be reached. */
  describe: () => string;
  log: (message: string, error: unknown) => void;
}

export interface ForwardingServer {
  close(): Promise<void>;
}

/** How long a looked-up address is reused before the lease is read again. */
const ADDRESS_CACHE_MS = 1_000;

/** Headers that belong to one connection and are not passed on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

export async function startForwardingServer(options: ForwardingOptions): Promise<ForwardingServer> {
  const serving = cachedLookup(options.findServing, options.log);
  const http = createHttpServer((request, response) =>
    forwardRequest(request, response, serving, options.describe),
  );
  const sockets = new Set<Socket>();
  const grpc = createTcpServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    void serving().then((addresses) => {
      if (!addresses || client.destroyed) return client.destroy();
      const [host, port] = splitAddress(addresses.grpc);
      const upstream = connect(port, host);
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    });
  });
  await listen(http, options.host, options.httpPort);
  try {
    await listen(grpc, options.host, options.grpcPort);
  } catch (error) {
    await new Promise((resolve) => http.close(resolve));
    throw error;
  }
  return {
    close: async () => {
      const httpClosed = new Promise((resolve) => http.close(resolve));
      const grpcClosed = new Promise((resolve) => grpc.close(resolve));
      http.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await Promise.all([httpClosed, grpcClosed]);
    },
  };
}

function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  serving: () => Promise<LeaseAddresses | undefined>,
  describe: () => string,
): void {
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/api/live') {
    response.writeHead(200).end();
    return;
  }
  const refuse = () => {
    if (response.headersSent) return response.destroy();
    response
      .writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
      .end(JSON.stringify({ errors: [{ description: describe() }] }));
  };
  void serving().then((addresses) => {
    if (!addresses) return refuse();
    const [host, port] = splitAddress(addresses.http);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const client = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
    headers['x-forwarded-host'] ??= request.headers.host ?? '';
    headers['x-forwarded-proto'] ??= 'http';
    let answered = false;
    const upstream = httpRequest(
      { host, port, method: request.method, path: request.url, headers },
      (answer) => {
        answer.on('end', () => (answered = true));
        const answerHeaders: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', refuse);
    // A client that goes away takes its forwarded request (a live stream, say) with it.
    response.on('close', () => {
      if (!answered) upstream.destroy();
    });
    request.pipe(upstream);
  });
}

/** The serving addresses, read from the lease at most once per ADDRESS_CACHE_MS. */
function cachedLookup(
  find: () => Promise<LeaseAddresses | undefined>,
  log: ForwardingOptions['log'],
): () => Promise<LeaseAddresses | undefined> {
  let cached: { at: number; value: Promise<LeaseAddresses | undefined> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > ADDRESS_CACHE_MS) {
      const value = find().catch((error: unknown) => {
        log('could not read where the engine runs', error);
        return undefined;
      });
      cached = { at: Date.now(), value };
    }
    return cached.value;
  };
}

/** `host:port`, `[v6]:port` included. */
function splitAddress(address: string): [string, number] {
  const at = address.lastIndexOf(':');
  return [address.slice(0, at).replace(/^\[(.*)\]$/, '$1'), Number(address.slice(at + 1))];
}

function listen(server: Server | ReturnType<typeof createTcpServer>, host: string, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
