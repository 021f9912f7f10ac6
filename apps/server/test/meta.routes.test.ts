import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, TestClient, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('meta and health', () => {
  it('reports ready and live without credentials', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/api/ready')).status).toBe(200);
    expect((await client.get('/api/live')).status).toBe(200);
  });

  it('describes the server to signed-out callers', async () => {
    const client = new TestClient(t.app);
    const meta = await client.get('/api/v1/meta');
    expect(meta.body).toMatchObject({ auth: { schemes: ['basic'] }, allowSignup: true });
    const version = await client.get<{ version: string }>('/api/v1/version');
    expect(version.body.version).toMatch(/^v\d+\.\d+\.\d+/);
  });

  it('answers cloud metadata with the open-source marker', async () => {
    const response = await new TestClient(t.app).get('/api/v1/cloud/metadata');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ errors: [{ description: 'oss' }] });
  });

  it('lists integrations to signed-in users only', async () => {
    expect((await new TestClient(t.app).get('/api/v1/meta/integrations')).status).toBe(403);
    const { client } = await registerUser(t.app);
    const response = await client.get('/api/v1/meta/integrations');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers unknown API paths with 404 in the error shape and sets security headers', async () => {
    const response = await new TestClient(t.app).get<{ errors: { description: string }[] }>(
      '/api/v1/nope',
    );
    expect(response.status).toBe(404);
    expect(response.body.errors[0]?.description).toContain('/api/v1/nope');
    expect(response.raw.headers['x-frame-options']).toBe('DENY');
    expect(response.raw.headers['x-content-type-options']).toBe('nosniff');
  });
});
