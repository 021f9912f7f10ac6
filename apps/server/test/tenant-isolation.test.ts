import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, pathParamNames } from '@trellis/api-contract';
import {
  createTenantFixture,
  databaseSnapshot,
  pathWith,
  startTestApp,
  TestClient,
  type TestApp,
} from './test-app';

/**
 * Walks every tenant-scoped endpoint of the contract with another tenant's credentials. New
 * endpoints are covered as soon as they are added to the contract.
 */
const tenantEndpoints = allEndpoints.filter((endpoint) => endpoint.auth === 'tenant');

let t: TestApp;
let victim: Awaited<ReturnType<typeof createTenantFixture>>;
let intruder: Awaited<ReturnType<typeof createTenantFixture>>;
let intruderToken: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  victim = await createTenantFixture(t.app, t.engine);
  intruder = await createTenantFixture(t.app, t.engine);
  intruderToken = new TestClient(t.app);
  intruderToken.bearer = intruder.token;
});
afterAll(async () => t.close());

describe('tenant isolation', () => {
  it('covers the tenant-scoped endpoints', () => {
    expect(tenantEndpoints.length).toBeGreaterThanOrEqual(14);
  });

  it.each(tenantEndpoints.map((endpoint) => [endpoint.operationId, endpoint] as const))(
    '%s refuses a member of another tenant and its API token',
    async (_name, endpoint) => {
      const before = await databaseSnapshot(t.db);
      const path = pathWith(endpoint.path, victim.ids);
      const body = endpoint.body ? {} : undefined;

      const asMember = await intruder.owner.client.request(endpoint.method, path, body);
      expect(asMember.status, `${endpoint.method} ${path} as another tenant's owner`).toBe(401);

      const asToken = await intruderToken.request(endpoint.method, path, body);
      expect(asToken.status, `${endpoint.method} ${path} with another tenant's token`).toBe(403);

      // A resource of the victim addressed under the intruder's own tenant is refused too.
      if (pathParamNames(endpoint.path).length > 1 && endpoint.path.includes('{tenant}')) {
        const mixed = pathWith(endpoint.path, { ...victim.ids, tenant: intruder.ids.tenant! });
        const response = await intruder.owner.client.request(endpoint.method, mixed, body);
        expect(response.status, `${endpoint.method} ${mixed} mixing tenants`).toBe(403);
      }

      expect(await databaseSnapshot(t.db)).toEqual(before);
    },
  );
});
