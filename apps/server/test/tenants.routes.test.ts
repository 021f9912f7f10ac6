import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerOwner,
  registerUser,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from './test-app';

interface Tenant {
  metadata: { id: string };
  name: string;
  slug: string;
  version: string;
  serverUrl?: string;
  analyticsOptOut?: boolean;
}
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('tenants', () => {
  it('creates a V1 tenant whose creator is its owner', async () => {
    const { client } = await registerUser(t.app);
    const slug = `acme-${Date.now()}`;
    const created = await client.post<Tenant>('/api/v1/tenants', { name: 'Acme', slug });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Acme',
      slug,
      version: 'V1',
      serverUrl: TEST_PUBLIC_URL,
    });

    const memberships = await client.get<{ rows: { role: string; tenant: Tenant }[] }>(
      '/api/v1/users/memberships',
    );
    expect(memberships.body.rows).toHaveLength(1);
    expect(memberships.body.rows[0]).toMatchObject({ role: 'OWNER', tenant: { slug } });

    const fetched = await client.get<Tenant>(`/api/v1/tenants/${created.body.metadata.id}`);
    expect(fetched.body.name).toBe('Acme');
  });

  it('refuses a taken slug and a malformed one on the slug field', async () => {
    const owner = await registerOwner(t.app, `taken-${Date.now()}`);
    const { body: tenant } = await owner.client.get<Tenant>(`/api/v1/tenants/${owner.tenantId}`);
    const taken = await owner.client.post<Errors>('/api/v1/tenants', {
      name: 'Other',
      slug: tenant.slug,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      { field: 'slug', description: 'Tenant with that slug already exists.' },
    ]);

    const malformed = await owner.client.post<Errors>('/api/v1/tenants', {
      name: 'Other',
      slug: 'has spaces',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ field: 'slug' });
  });

  it('updates only the fields sent', async () => {
    const owner = await registerOwner(t.app);
    const updated = await owner.client.patch<Tenant>(`/api/v1/tenants/${owner.tenantId}`, {
      name: 'Renamed',
      maxAlertingFrequency: '30m',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Renamed');
    expect(updated.body.analyticsOptOut).toBe(false);
    const settings = await owner.client.get<{ maxAlertingFrequency: string }>(
      `/api/v1/tenants/${owner.tenantId}/alerting/settings`,
    );
    expect(settings.body.maxAlertingFrequency).toBe('30m');

    const bad = await owner.client.patch<Errors>(`/api/v1/tenants/${owner.tenantId}`, {
      maxAlertingFrequency: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe('maxAlertingFrequency');
  });

  it('answers an unknown tenant with 404 and a malformed id with 400', async () => {
    const { client } = await registerUser(t.app);
    expect((await client.get('/api/v1/tenants/6f1c2a86-4f35-4b8e-9d8b-1d2f3a4b5c6d')).status).toBe(
      404,
    );
    const malformed = await client.get<Errors>('/api/v1/tenants/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatchObject({ field: 'tenant' });
  });
});
