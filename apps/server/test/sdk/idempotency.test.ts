/**
 * Workflow idempotency through the SDK (examples/src/idempotency.ts): a second trigger of the
 * same key is refused with the SDK's IdempotencyCollisionError naming the run that holds it,
 * and a bulk trigger creates what it can and names its collisions
 * (BulkTriggerIdempotencyCollisionError), both decoded from the status details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, runClient, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The worker registers the workflow; it stays up for the whole file.
  await startWorker(server.address, server.token);
}, 120_000);
afterAll(async () => {
  await killAll();
  await server?.close();
});

async function charge(...orderIds: string[]): Promise<string> {
  const client = runClient(server.address, server.token, ['--charge', ...orderIds]);
  await client.exited;
  const line = client.lines.find((l) => /^(RUNS|COLLISION|BULK COLLISION) /.test(l));
  if (!line) throw new Error(`client failed:\n${client.lines.join('\n')}`);
  return line;
}

describe('idempotency through the SDK', () => {
  it('refuses a second run of a key with the run that holds it', async () => {
    const first = await charge('order-1');
    const [runId] = JSON.parse(first.slice('RUNS '.length)) as string[];
    expect(await charge('order-1')).toBe(`COLLISION ${runId}`);
  });

  it('creates the rest of a bulk trigger and names what collided', async () => {
    const [held] = JSON.parse((await charge('order-2')).slice('RUNS '.length)) as string[];
    const line = await charge('order-2', 'order-3', 'order-4');
    const { created, existing } = JSON.parse(line.slice('BULK COLLISION '.length)) as {
      created: string[];
      existing: string[];
    };
    expect(existing).toEqual([held]);
    expect(created).toHaveLength(2);
    const inputs = await Promise.all(
      created.map(async (id) => (await server.engine.getRunDetails(server.tenantId, id)).input),
    );
    expect(inputs).toEqual([{ orderId: 'order-3' }, { orderId: 'order-4' }]);
  });
});
