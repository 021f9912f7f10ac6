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

/** Serves the stream; resolves with the port and the server's side of the first stream. */
async function listen(live: LiveUpdates) {
  let stream: ServerResponse | undefined;
  server = createServer((_req, res) => {
    stream = res;
    live.open(TENANT, res, undefined);
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
});
