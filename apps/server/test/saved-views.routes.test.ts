import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@trellis/api-contract';
import {
  addTenantMember,
  createApiToken,
  databaseSnapshot,
  registerOwner,
  startTestApp,
  TestClient,
  type TestApp,
} from './test-app';

interface Errors {
  errors: { description: string; field?: string }[];
}

const RUNS_STATE = 'workflow-runs-main-workflow-runs-filters=%7B%22st%22%3A%5B%22FAILED%22%5D%7D';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let member: Awaited<ReturnType<typeof addTenantMember>>;
let admin: Awaited<ReturnType<typeof addTenantMember>>;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  member = await addTenantMember(t.app, owner, 'MEMBER');
  admin = await addTenantMember(t.app, owner, 'ADMIN');
  base = `/api/v1/stable/tenants/${owner.tenantId}/saved-views`;
});
afterAll(async () => t.close());

async function create(client: TestClient, view: Record<string, unknown>) {
  const response = await client.post<SavedView>(base, { list: 'runs', state: RUNS_STATE, ...view });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const names = async (client: TestClient, query = '') =>
  (await client.get<{ rows: SavedView[] }>(`${base}${query}`)).body.rows.map((row) => row.name);

describe('saved views', () => {
  it('are private to their owner until shared, then every member lists and opens them', async () => {
    const view = await create(owner.client, { name: 'Failed runs' });
    expect(view).toMatchObject({
      list: 'runs',
      name: 'Failed runs',
      state: RUNS_STATE,
      shared: false,
      owner: { id: owner.userId, email: owner.email },
    });
    expect(await names(owner.client)).toContain('Failed runs');
    expect(await names(member.client)).not.toContain('Failed runs');
    // Another member's private view is answered as missing, not as forbidden.
    expect((await member.client.get(`${base}/${view.metadata.id}`)).status).toBe(404);

    const shared = await owner.client.patch<SavedView>(`${base}/${view.metadata.id}`, {
      shared: true,
    });
    expect(shared.body.shared).toBe(true);
    expect(await names(member.client)).toContain('Failed runs');
    const opened = await member.client.get<SavedView>(`${base}/${view.metadata.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.state).toBe(RUNS_STATE);
  });

  it('are listed by name, per list when asked', async () => {
    await create(member.client, { name: 'b events', list: 'events', state: 'events-table=%7B%7D' });
    await create(member.client, { name: 'A runs' });
    const mine = await names(member.client);
    expect(mine.indexOf('A runs')).toBeLessThan(mine.indexOf('b events'));
    expect(await names(member.client, '?list=events')).toEqual(['b events']);
  });

  it('are renamed and changed by their owner only', async () => {
    const view = await create(owner.client, { name: 'Owned', shared: true });
    const path = `${base}/${view.metadata.id}`;
    const before = await databaseSnapshot(t.db);
    for (const client of [member.client, admin.client]) {
      const refused = await client.patch<Errors>(path, { name: 'Taken over' });
      expect(refused.status).toBe(403);
    }
    expect(await databaseSnapshot(t.db)).toEqual(before);

    const renamed = await owner.client.patch<SavedView>(path, { name: 'Renamed', state: 'x=1' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', state: 'x=1', shared: true });
  });

  it('are deleted by their owner, or when shared by a tenant admin, never by a member', async () => {
    const view = await create(owner.client, { name: 'Shared to delete', shared: true });
    const path = `${base}/${view.metadata.id}`;
    expect((await member.client.delete(path)).status).toBe(403);
    expect((await admin.client.delete(path)).status).toBe(200);
    expect((await owner.client.get(path)).status).toBe(404);

    const own = await create(member.client, { name: 'Mine to delete' });
    expect((await member.client.delete(`${base}/${own.metadata.id}`)).status).toBe(200);
    expect(await names(member.client)).not.toContain('Mine to delete');
  });

  it('refuse bad input in the API error shape and change nothing', async () => {
    await create(owner.client, { name: 'Unique' });
    const before = await databaseSnapshot(t.db);
    for (const body of [
      { list: 'workers', name: 'x', state: '' },
      { list: 'runs', name: '   ', state: '' },
      { list: 'runs', name: 'x', state: '?a=1' },
      { list: 'runs', name: 'x', state: 'a'.repeat(4001) },
      { list: 'runs', name: 'UNIQUE', state: '' },
    ]) {
      const response = await owner.client.post<Errors>(base, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[0]?.description).toEqual(expect.any(String));
    }
    expect((await owner.client.get(`${base}?list=workers`)).status).toBe(400);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it('belong to signed-in members: an API token of the tenant is refused', async () => {
    const bearer = new TestClient(t.app);
    bearer.bearer = await createApiToken(owner);
    expect((await bearer.get(base)).status).toBe(401);
  });

  it('stay in their tenant', async () => {
    const other = await registerOwner(t.app);
    const view = await create(owner.client, { name: 'Tenant only', shared: true });
    const otherBase = `/api/v1/stable/tenants/${other.tenantId}/saved-views`;
    expect((await other.client.get(`${base}/${view.metadata.id}`)).status).toBe(401);
    expect((await other.client.get(`${otherBase}/${view.metadata.id}`)).status).toBe(403);
    expect((await other.client.get(otherBase)).body).toEqual({ rows: [] });
  });
});
