import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killAll, runTask, startTestServer, startWorker, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(killAll);
afterAll(async () => {
  await killAll();
  await server?.close();
});

describe('the official SDK against Trellis', () => {
  it('runs hello world', async () => {
    await startWorker(server.address, server.token);
    expect(
      await runTask(server.address, server.token, 'simple', { Message: 'Hello World' }),
    ).toEqual({
      TransformedMessage: 'hello world',
    });
  });
});
