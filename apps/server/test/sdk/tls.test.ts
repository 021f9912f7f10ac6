/**
 * TLS: with a certificate configured the gRPC port speaks TLS only, and the official SDK (a
 * worker and a client, each its own process) runs a task over it, trusting our certificate
 * through HATCHET_CLIENT_TLS_ROOT_CA_FILE.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as grpc from '@grpc/grpc-js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from '@trellis/engine';
import { createApiTokenSigner } from '../../src/accounts/api-token-signer';
import { loadConfig } from '../../src/config';
import { startGrpcServer, type GrpcServer } from '../../src/grpc/grpc-server';
import { loadProtos } from '../../src/grpc/proto/load-protos';
import { makeSelfSignedCertificate } from '../self-signed-certificate';
import { createTenantToken, freePort, killAll, PUBLIC_URL, runTask, startWorker } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'trellis-tls-'));
const cert = join(dir, 'cert.pem');
const key = join(dir, 'cert.key');
let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let server: GrpcServer;
let address: string;
let token: string;

beforeAll(async () => {
  makeSelfSignedCertificate(dir);
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  const port = await freePort();
  address = `localhost:${port}`;
  ({ token } = await createTenantToken(db, address));
  const config = loadConfig({
    TRELLIS_GRPC_PORT: String(port),
    TRELLIS_GRPC_TLS_CERT_FILE: cert,
    TRELLIS_GRPC_TLS_KEY_FILE: key,
  });
  engine = new Engine({ db });
  await engine.start();
  const signer = await createApiTokenSigner(db, {
    publicUrl: PUBLIC_URL,
    grpcBroadcastAddress: address,
  });
  const log = (message: string, error: unknown) => console.error(message, error);
  server = await startGrpcServer({
    db,
    engine,
    signer,
    host: 'localhost',
    port,
    tls: config.grpc.tls,
    log,
  });
});

afterAll(async () => {
  await killAll();
  await server?.close();
  await engine?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('gRPC over TLS', () => {
  it('refuses a half TLS configuration', () => {
    expect(() => loadConfig({ TRELLIS_GRPC_TLS_CERT_FILE: cert })).toThrow('must be set together');
    expect(() =>
      loadConfig({
        TRELLIS_GRPC_TLS_CERT_FILE: cert,
        TRELLIS_GRPC_TLS_KEY_FILE: join(dir, 'missing.pem'),
      }),
    ).toThrow('TRELLIS_GRPC_TLS_KEY_FILE is not a readable file');
  });

  it('answers over TLS and refuses plaintext', async () => {
    const definitions = grpc.loadPackageDefinition(loadProtos()) as unknown as Record<
      string,
      grpc.ServiceClientConstructor
    >;
    const getVersion = (credentials: grpc.ChannelCredentials) => {
      const client = new definitions['Dispatcher']!(
        address,
        credentials,
      ) as unknown as grpc.Client & Record<string, (...args: unknown[]) => unknown>;
      const metadata = new grpc.Metadata();
      metadata.set('authorization', `bearer ${token}`);
      return new Promise<unknown>((resolve, reject) => {
        client['GetVersion']!(
          {},
          metadata,
          { deadline: Date.now() + 5_000 },
          (error: Error | null, response: unknown) => {
            client.close();
            if (error) reject(error);
            else resolve(response);
          },
        );
      });
    };
    expect(await getVersion(grpc.credentials.createSsl(readFileSync(cert)))).toEqual({
      version: 'v0.80.0',
    });
    await expect(getVersion(grpc.credentials.createInsecure())).rejects.toMatchObject({
      code: grpc.status.UNAVAILABLE,
    });
  });

  it('runs a task with SDK worker and client processes over TLS', async () => {
    const tls = { HATCHET_CLIENT_TLS_STRATEGY: 'tls', HATCHET_CLIENT_TLS_ROOT_CA_FILE: cert };
    await startWorker(address, token, { name: 'tls-worker', env: tls });
    expect(await runTask(address, token, 'simple', { Message: 'Over TLS' }, tls)).toEqual({
      TransformedMessage: 'over tls',
    });
  });
});
