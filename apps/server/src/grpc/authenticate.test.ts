import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCounts, type Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { createApiTokenSigner, type ApiTokenSigner } from '../accounts/api-token-signer';
import { insertApiToken, revokeApiToken } from '../accounts/api-token.queries';
import { insertTenant } from '../accounts/tenant.queries';
import { createAuthenticator, TOKEN_CHECK_CACHE_MS } from './authenticate';
import { Status } from './transport/status';

let db: Database;
let drop: () => Promise<void>;
let signer: ApiTokenSigner;
let tenantId: string;

beforeEach(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  signer = await createApiTokenSigner(db, {
    publicUrl: 'http://localhost:8080',
    grpcBroadcastAddress: 'localhost:7070',
  });
  const tenant = await insertTenant(db, {
    name: 'auth',
    slug: 'auth',
    version: 'V1',
    environment: null,
  });
  tenantId = tenant!.id;
});

afterEach(async () => {
  vi.useRealTimers();
  await drop();
});

async function issueToken(): Promise<{ id: string; token: string }> {
  const expiresAt = new Date(Date.now() + 3_600_000);
  const row = await insertApiToken(db, { tenantId, name: 'worker', expiresAt });
  return { id: row.id, token: await signer.sign({ tenantId, tokenId: row.id, expiresAt }) };
}

describe('gRPC authentication', () => {
  it('checks a token once for calls that arrive together, and again after the cache window', async () => {
    const { id, token } = await issueToken();
    const counted = withStatementCounts(db);
    const authenticate = createAuthenticator(counted.db, signer);
    const headers = { authorization: `Bearer ${token}` };

    const tenants = await Promise.all(Array.from({ length: 50 }, () => authenticate(headers)));
    expect(new Set(tenants)).toEqual(new Set([tenantId]));
    expect(counted.stats().statements).toBe(1);

    // A revocation takes effect once the remembered check is older than the window.
    await revokeApiToken(db, id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TOKEN_CHECK_CACHE_MS });
    const refused = await Promise.allSettled([authenticate(headers), authenticate(headers)]);
    expect(refused.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refused[0]).toMatchObject({ reason: { code: Status.UNAUTHENTICATED } });
    expect(counted.stats().statements).toBe(2);
  });

  it('does not remember a refusal: each later call checks again', async () => {
    const counted = withStatementCounts(db);
    const authenticate = createAuthenticator(counted.db, signer);
    // Well signed, but no token row has this id.
    const expiresAt = new Date(Date.now() + 3_600_000);
    const token = await signer.sign({ tenantId, tokenId: randomUUID(), expiresAt });
    for (let i = 1; i <= 2; i++) {
      await expect(authenticate({ authorization: `bearer ${token}` })).rejects.toMatchObject({
        code: Status.UNAUTHENTICATED,
      });
      expect(counted.stats().statements).toBe(i);
    }
    await expect(authenticate({})).rejects.toMatchObject({ code: Status.UNAUTHENTICATED });
  });
});
