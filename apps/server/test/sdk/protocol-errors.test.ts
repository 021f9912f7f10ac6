/**
 * Authentication and refusals at the wire, with a plain grpc-js client built from our protos:
 * missing, foreign and revoked tokens get UNAUTHENTICATED; malformed or unknown input gets a
 * clear error and changes nothing.
 */
import * as grpc from '@grpc/grpc-js';
import { connect, constants } from 'node:http2';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenSigner } from '../../src/accounts/api-token-signer';
import { insertApiToken, revokeApiToken } from '../../src/accounts/api-token.queries';
import { loadProtos } from '../../src/grpc/proto/load-protos';
import { createTenantToken, PUBLIC_URL, startTestServer, type TestServer } from './harness';

let server: TestServer;
type Client = grpc.Client & Record<string, (...args: unknown[]) => unknown>;
let dispatcher: Client;
let workflows: Client;
let admin: Client;

const loaded = grpc.loadPackageDefinition(loadProtos()) as unknown as Record<
  string,
  grpc.ServiceClientConstructor
>;

beforeAll(async () => {
  server = await startTestServer();
  dispatcher = new loaded['Dispatcher']!(
    server.address,
    grpc.credentials.createInsecure(),
  ) as unknown as Client;
  admin = new (loaded['v1'] as unknown as Record<string, grpc.ServiceClientConstructor>)[
    'AdminService'
  ]!(server.address, grpc.credentials.createInsecure()) as unknown as Client;
  workflows = new loaded['WorkflowService']!(
    server.address,
    grpc.credentials.createInsecure(),
  ) as unknown as Client;
});
afterAll(async () => {
  dispatcher?.close();
  workflows?.close();
  admin?.close();
  await server?.close();
});

function call(client: Client, method: string, request: unknown, token?: string): Promise<unknown> {
  const metadata = new grpc.Metadata();
  if (token !== undefined) metadata.set('authorization', `bearer ${token}`);
  return new Promise((resolve, reject) => {
    client[method]!(request, metadata, (error: grpc.ServiceError | null, response: unknown) =>
      error ? reject(error) : resolve(response),
    );
  });
}

const unsigned = (claims: object) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('gRPC authentication and refusals', () => {
  it('answers GetVersion with the current protocol version for a valid token', async () => {
    expect(await call(dispatcher, 'GetVersion', {}, server.token)).toEqual({ version: 'v0.80.0' });
  });

  it('refuses missing, foreign and revoked tokens with UNAUTHENTICATED', async () => {
    await expect(call(dispatcher, 'GetVersion', {})).rejects.toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
    await expect(
      call(
        dispatcher,
        'GetVersion',
        {},
        unsigned({ sub: server.tenantId, token_id: server.tokenId }),
      ),
    ).rejects.toMatchObject({ code: grpc.status.UNAUTHENTICATED });
    const signer = await createApiTokenSigner(server.db, {
      publicUrl: PUBLIC_URL,
      grpcBroadcastAddress: server.address,
    });
    const row = await insertApiToken(server.db, {
      tenantId: server.tenantId,
      name: 'to revoke',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const revoked = await signer.sign({
      tenantId: server.tenantId,
      tokenId: row.id,
      expiresAt: row.expiresAt,
    });
    await revokeApiToken(server.db, row.id);
    await expect(call(dispatcher, 'GetVersion', {}, revoked)).rejects.toMatchObject({
      code: grpc.status.UNAUTHENTICATED,
    });
  });

  it('refuses malformed and unknown input with a clear error', async () => {
    await expect(
      call(workflows, 'TriggerWorkflow', { name: 'simple', input: '{not json' }, server.token),
    ).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'input is not valid JSON',
    });
    await expect(
      call(workflows, 'TriggerWorkflow', { name: 'no-such-workflow', input: '{}' }, server.token),
    ).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
    const event = {
      worker_id: 'w',
      task_run_external_id: '00000000-0000-4000-8000-000000000000',
      event_type: 'STEP_EVENT_TYPE_COMPLETED',
      event_payload: '{}',
    };
    await expect(
      call(dispatcher, 'SendStepActionEvent', event, server.token),
    ).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
    await expect(
      call(
        dispatcher,
        'SendStepActionEvent',
        { ...event, task_run_external_id: 'nope' },
        server.token,
      ),
    ).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    await expect(
      call(dispatcher, 'Heartbeat', { worker_id: 'nope' }, server.token),
    ).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
    await expect(
      call(
        workflows,
        'TriggerWorkflow',
        { name: 'simple', input: JSON.stringify({ big: 'x'.repeat(5 * 1024 * 1024) }) },
        server.token,
      ),
    ).rejects.toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED });
    const { rows } = await server.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM workflow_runs',
    );
    expect(rows[0]!.n).toBe('0');
  });

  it('keeps tenants apart: another tenant’s token cannot see or cancel a run', async () => {
    const other = await createTenantToken(server.db, server.address);
    await call(
      admin,
      'PutWorkflow',
      { name: 'isolated', tasks: [{ readable_id: 'isolated', action: 'isolated:isolated' }] },
      server.token,
    );
    const { workflow_run_id: runId } = (await call(
      workflows,
      'TriggerWorkflow',
      { name: 'isolated', input: '{}' },
      server.token,
    )) as { workflow_run_id: string };
    await expect(
      call(admin, 'GetRunDetails', { external_id: runId }, other.token),
    ).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
    expect(await call(admin, 'CancelTasks', { external_ids: [runId] }, other.token)).toEqual({
      cancelled_tasks: [],
    });
    await expect(
      call(workflows, 'TriggerWorkflow', { name: 'isolated', input: '{}' }, other.token),
    ).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
    expect(await call(admin, 'GetRunDetails', { external_id: runId }, server.token)).toMatchObject({
      status: 'QUEUED',
      done: false,
    });
  });

  it('accepts a gzip-compressed call and answers that it prefers identity', async () => {
    // Raw HTTP/2, because grpc-js clients strip grpc-accept-encoding before callers see it.
    const session = connect(`http://${server.address}`);
    try {
      const compressed = gzipSync(Buffer.alloc(0));
      const frame = Buffer.alloc(5 + compressed.length);
      frame.writeUInt8(1, 0);
      frame.writeUInt32BE(compressed.length, 1);
      compressed.copy(frame, 5);
      const request = session.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: '/Dispatcher/GetVersion',
        'content-type': 'application/grpc',
        te: 'trailers',
        'grpc-encoding': 'gzip',
        authorization: `bearer ${server.token}`,
      });
      const headers = new Promise<Record<string, unknown>>((resolve) =>
        request.on('response', (h) => resolve(h)),
      );
      const trailers = new Promise<Record<string, unknown>>((resolve) =>
        request.on('trailers', (t) => resolve(t)),
      );
      request.resume();
      request.end(frame);
      expect((await headers)['grpc-accept-encoding']).toBe('identity');
      expect((await trailers)['grpc-status']).toBe('0');
    } finally {
      session.close();
    }
  });
});
