import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiToken,
  registerOwner,
  startTestApp,
  TEST_PUBLIC_URL,
  TestClient,
  type TestApp,
} from './test-app';

interface Errors {
  errors: { description: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('API tokens', () => {
  it('are ES256 JWTs carrying what the SDKs read', async () => {
    const owner = await registerOwner(t.app);
    const token = await createApiToken(owner);
    expect(decodeProtectedHeader(token).alg).toBe('ES256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: owner.tenantId,
      iss: TEST_PUBLIC_URL,
      aud: TEST_PUBLIC_URL,
      server_url: TEST_PUBLIC_URL,
      grpc_broadcast_address: 'trellis.test:7070',
    });
    expect(typeof claims.token_id).toBe('string');
    // Default lifetime: 90 days.
    const lifetimeDays = ((claims.exp as number) - (claims.iat as number)) / 86_400;
    expect(Math.round(lifetimeDays)).toBe(90);
  });

  it('authenticate tenant routes, but not user routes or token management', async () => {
    const owner = await registerOwner(t.app);
    const bearer = new TestClient(t.app);
    bearer.bearer = await createApiToken(owner);

    expect((await bearer.get(`/api/v1/tenants/${owner.tenantId}`)).status).toBe(200);
    expect((await bearer.get(`/api/v1/tenants/${owner.tenantId}/members`)).status).toBe(200);
    expect((await bearer.get('/api/v1/users/current')).status).toBe(403);
    expect(
      (await bearer.post('/api/v1/tenants', { name: 'x', slug: `bearer-${Date.now()}` })).status,
    ).toBe(403);

    const tokens = await bearer.get<Errors>(`/api/v1/tenants/${owner.tenantId}/api-tokens`);
    expect(tokens.status).toBe(401);
    expect(tokens.body.errors[0]?.description).toBe('Not authorized to perform this operation');
  });

  it('need no anti-forgery header', async () => {
    const owner = await registerOwner(t.app);
    const bearer = new TestClient(t.app);
    bearer.bearer = await createApiToken(owner);
    const updated = await bearer.patch(`/api/v1/tenants/${owner.tenantId}`, { name: 'Via token' });
    expect(updated.status).toBe(200);
  });

  it('are listed without their secret and stop working once revoked', async () => {
    const owner = await registerOwner(t.app);
    const token = await createApiToken(owner, 'ci');
    const listed = await owner.client.get<{
      rows: { metadata: { id: string }; name: string; expiresAt: string }[];
    }>(`/api/v1/tenants/${owner.tenantId}/api-tokens`);
    expect(listed.body.rows).toHaveLength(1);
    expect(listed.body.rows[0]).toMatchObject({ name: 'ci' });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const bearer = new TestClient(t.app);
    bearer.bearer = token;
    expect((await bearer.get(`/api/v1/tenants/${owner.tenantId}`)).status).toBe(200);

    const revoked = await owner.client.post(
      `/api/v1/api-tokens/${listed.body.rows[0]!.metadata.id}`,
    );
    expect(revoked.status).toBe(204);
    expect((await bearer.get(`/api/v1/tenants/${owner.tenantId}`)).status).toBe(403);
    expect(
      (await owner.client.get<{ rows: unknown[] }>(`/api/v1/tenants/${owner.tenantId}/api-tokens`))
        .body.rows,
    ).toEqual([]);
  });

  it('honour expiresIn and refuse nonsense durations', async () => {
    const owner = await registerOwner(t.app);
    const path = `/api/v1/tenants/${owner.tenantId}/api-tokens`;
    const year = await owner.client.post<{ token: string }>(path, {
      name: 'year',
      expiresIn: '31536000s',
    });
    const claims = decodeJwt(year.body.token);
    expect(Math.round(((claims.exp as number) - (claims.iat as number)) / 86_400)).toBe(365);

    const bad = await owner.client.post<{ errors: { field?: string }[] }>(path, {
      name: 'bad',
      expiresIn: 'forever',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe('expiresIn');
  });

  it('are refused when tampered with', async () => {
    const owner = await registerOwner(t.app);
    const token = await createApiToken(owner);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1 })).toString('base64url'),
      signature,
    ].join('.');
    const bearer = new TestClient(t.app);
    bearer.bearer = forged;
    expect((await bearer.get(`/api/v1/tenants/${owner.tenantId}`)).status).toBe(403);
  });
});
