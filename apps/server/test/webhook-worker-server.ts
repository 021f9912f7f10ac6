/**
 * A webhook worker for tests: a real HTTP server that checks each request's
 * X-Hatchet-Signature against its own secret (401 when it does not match), lists its actions on
 * PUT and answers each POSTed task with what the test's handler returns.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DeliveredTask {
  stepRunId: string;
  actionId: string;
  retryCount: number;
  actionPayload: string;
}

export interface TestWebhookWorker {
  url: string;
  /** The secret the worker checks signatures with; a test may change it. */
  secret: string;
  /** Every request, in order, with whether its signature checked out. */
  received: { method: string; signed: boolean; body: string }[];
  close(): Promise<void>;
}

type TaskHandler = (
  task: DeliveredTask,
) => { status: number; body: string } | Promise<{ status: number; body: string }>;

export async function startTestWebhookWorker(options: {
  secret: string;
  actions: string[];
  handle: TaskHandler;
}): Promise<TestWebhookWorker> {
  const worker: Omit<TestWebhookWorker, 'url' | 'close'> = {
    secret: options.secret,
    received: [],
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signed = verify(body, request.headers['x-hatchet-signature'], worker.secret);
      worker.received.push({ method: request.method ?? '', signed, body });
      const answer = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(text);
      };
      if (!signed) return answer(401, JSON.stringify({ error: 'bad signature' }));
      if (request.method === 'PUT')
        return answer(200, JSON.stringify({ actions: options.actions }));
      if (request.method !== 'POST') return answer(405, '');
      void Promise.resolve(options.handle(JSON.parse(body) as DeliveredTask)).then(
        (result) => answer(result.status, result.body),
        (error: unknown) => answer(500, JSON.stringify({ error: String(error) })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(worker, {
    url: `http://127.0.0.1:${port}/hatchet`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function verify(body: string, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
