import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Queryable } from '@trellis/db';
import type { Engine, TenantChanges } from '@trellis/engine';
import { LiveUpdates, MAX_BUFFERED_BYTES } from './live-updates';

/**
 * The stream's back-pressure, over a real socket: the engine and the database are stand-ins
 * that publish changes and answer the id lookup, so the test controls how much is sent.
 */
const TENANT = '11111111-1111-4111-8111-111111111111';
const OTHER_TENANT = '22222222-2222-4222-8222-222222222222';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

function harness() {
  let publish: (changes: ReadonlyMap<string, TenantChanges>) => void = () => {};
  const engine = {
    subscribeToChanges(listener: typeof publish) {
      publish = listener;
      return () => {};
    },
  } as unknown as Engine;
  // Every task id is its own run, with a long external id, so messages are large.
  const db = {
    query: async (_text: string, params: unknown[]) => ({
      rows: (params[1] as string[]).map((id) => ({
        id,
        externalId: `${id}-${'x'.repeat(200)}`,
        runId: `run-${id}-${'y'.repeat(200)}`,
      })),
    }),
  } as unknown as Queryable;
  const live = new LiveUpdates(
    db,
    engine,
    () => {},
    async () => [],
  );
  return {
    live,
    publish: (tasks: string[]) =>
      publish(new Map([[TENANT, { tasks: new Set(tasks), logs: new Set(), workers: new Set() }]])),
  };
}

/**
 * Serves the stream of the tenant the path names (TENANT for `/`), resuming after the
 * Last-Event-ID header; resolves with the port and the server's side of the last stream.
 */
async function listen(live: LiveUpdates) {
  let stream: ServerResponse | undefined;
  server = createServer((req, res) => {
    stream = res;
    const lastEventId = req.headers['last-event-id'];
    live.open(req.url === '/' ? TENANT : req.url!.slice(1), res, lastEventId as string | undefined);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server!.address() as AddressInfo).port, stream: () => stream! };
}

describe('live updates', () => {
  it('closes a stream whose client stops reading instead of buffering without bound', async () => {
    const { live, publish } = harness();
    const { port, stream } = await listen(live);
    const response = await new Promise<IncomingMessage>((resolve) =>
      request({ port, host: '127.0.0.1', path: '/' }, resolve).end(),
    );
    // The client reads nothing from here on (a paused client does not see the close either:
    // the server's side of the stream is watched).
    response.pause();
    let batch = 0;
    // Each message names 400 tasks (about 170 KB); the socket's buffers fill, then the stream's.
    while (!stream().destroyed && batch < 200) {
      publish(Array.from({ length: 400 }, (_, i) => String(batch * 400 + i)));
      batch += 1;
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(stream().destroyed).toBe(true);
    // It held more than its allowance first, and far less than everything published.
    expect(batch * 170_000).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(batch).toBeLessThan(200);
    response.destroy();
    live.close();
  });

  it('ends the streams of tenants whose scheduling moved away, and only theirs', async () => {
    const { live, publish } = harness();
    const { port } = await listen(live);
    const open = (path: string, lastEventId?: string) =>
      new Promise<IncomingMessage>((resolve) =>
        request(
          {
            port,
            host: '127.0.0.1',
            path,
            headers: lastEventId ? { 'last-event-id': lastEventId } : {},
          },
          resolve,
        ).end(),
      );
    const text = (response: IncomingMessage) => {
      let received = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      return () => received;
    };
    const moved = await open('/');
    const movedText = text(moved);
    const ended = new Promise((resolve) => moved.on('end', resolve));
    const stays = await open(`/${OTHER_TENANT}`);
    let staysEnded = false;
    stays.on('end', () => (staysEnded = true));
    publish(['1']);
    await expect.poll(movedText).toContain('event: changes');
    const lastId = /id: (\S+)/.exec(movedText())![1]!;

    live.endTenants((tenantId) => tenantId === TENANT);
    await ended;
    expect(staysEnded).toBe(false);
    // Back on this process later, its old feed is gone: the stream is told to fetch everything.
    const again = await open('/', lastId);
    const againText = text(again);
    await expect.poll(againText).toContain('event: reset');
    again.destroy();
    stays.destroy();
    live.close();
  });
});
