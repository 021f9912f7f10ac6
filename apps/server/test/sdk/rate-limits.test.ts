/**
 * Rate limits through the SDK: `hatchet.ratelimits.upsert` (gRPC PutRateLimit) and
 * `hatchet.ratelimits.list` (REST) from a real SDK client process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killAll, runClient, startRestServer, startTestServer, type TestServer } from './harness';

let server: TestServer;
let rest: { url: string; close(): Promise<void> };

beforeAll(async () => {
  server = await startTestServer();
  rest = await startRestServer(server);
});
afterEach(killAll);
afterAll(async () => {
  await killAll();
  await rest?.close();
  await server?.close();
});

async function putRateLimit(key: string, limit: number, duration: string) {
  const client = runClient(
    server.address,
    server.token,
    ['--rate-limit', key, String(limit), duration],
    {
      HATCHET_CLIENT_API_URL: rest.url,
    },
  );
  return JSON.parse(await client.waitForLine('RATE LIMITS ')) as {
    key: string;
    limitValue: number;
    value: number;
    window: string;
  }[];
}

describe('rate limits through the SDK', () => {
  it('upserts a static limit and lists it, then changes it', async () => {
    expect(await putRateLimit('sdk-emails', 10, 'MINUTE')).toEqual([
      expect.objectContaining({ key: 'sdk-emails', limitValue: 10, value: 10, window: '1 minute' }),
    ]);
    expect(await putRateLimit('sdk-emails', 4, 'HOUR')).toEqual([
      expect.objectContaining({ key: 'sdk-emails', limitValue: 4, value: 4, window: '1 hour' }),
    ]);
  });
});
