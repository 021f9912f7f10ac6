import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTenantMember,
  registerOwner,
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
} from './test-app';

interface Invite {
  metadata: { id: string };
  email: string;
  role: string;
  tenantId: string;
  tenantName?: string;
}
interface Member {
  metadata: { id: string };
  role: string;
  user: { email: string };
}
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const addMember = (owner: { client: TestClient; tenantId: string }, role: string) =>
  addTenantMember(t.app, owner, role);

describe('invites', () => {
  it('reach the invitee, who accepts and becomes a member with the invited role', async () => {
    const owner = await registerOwner(t.app);
    const invitee = await registerUser(t.app);
    const created = await owner.client.post<Invite>(`/api/v1/tenants/${owner.tenantId}/invites`, {
      email: invitee.email.toUpperCase(),
      role: 'ADMIN',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: invitee.email,
      role: 'ADMIN',
      tenantId: owner.tenantId,
    });

    const pending = await invitee.client.get<{ rows: Invite[] }>('/api/v1/users/invites');
    expect(pending.body.rows).toHaveLength(1);
    expect(pending.body.rows[0]?.tenantName).toBeTruthy();

    expect(
      (
        await invitee.client.post('/api/v1/users/invites/accept', {
          invite: created.body.metadata.id,
        })
      ).status,
    ).toBe(200);
    const memberships = await invitee.client.get<{ rows: Member[] }>('/api/v1/users/memberships');
    expect(memberships.body.rows.map((row) => row.role)).toEqual(['ADMIN']);
    expect((await invitee.client.get('/api/v1/users/invites')).body).toEqual({ rows: [] });

    const again = await invitee.client.post<Errors>('/api/v1/users/invites/accept', {
      invite: created.body.metadata.id,
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]?.description).toBe('invite has already been used');
  });

  it('can be declined, and only by the person invited', async () => {
    const owner = await registerOwner(t.app);
    const invitee = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const invite = await owner.client.post<Invite>(`/api/v1/tenants/${owner.tenantId}/invites`, {
      email: invitee.email,
      role: 'MEMBER',
    });
    const wrongPerson = await stranger.client.post<Errors>('/api/v1/users/invites/accept', {
      invite: invite.body.metadata.id,
    });
    expect(wrongPerson.status).toBe(400);
    expect(wrongPerson.body.errors[0]?.description).toBe('wrong email for invite');

    expect(
      (
        await invitee.client.post('/api/v1/users/invites/reject', {
          invite: invite.body.metadata.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (await invitee.client.get<{ rows: Member[] }>('/api/v1/users/memberships')).body.rows,
    ).toEqual([]);
    expect(
      (await owner.client.get<{ rows: Invite[] }>(`/api/v1/tenants/${owner.tenantId}/invites`)).body
        .rows,
    ).toEqual([]);
  });

  it('refuses duplicates, existing members and owner invites from admins', async () => {
    const owner = await registerOwner(t.app);
    const admin = await addMember(owner, 'ADMIN');
    const email = `dup-${Date.now()}@example.com`;
    const path = `/api/v1/tenants/${owner.tenantId}/invites`;
    expect((await owner.client.post(path, { email, role: 'MEMBER' })).status).toBe(201);
    const duplicate = await owner.client.post<Errors>(path, { email, role: 'MEMBER' });
    expect(duplicate.body.errors[0]?.description).toBe('invite already exists for this email');

    const member = await owner.client.post<Errors>(path, { email: admin.email, role: 'MEMBER' });
    expect(member.body.errors[0]?.description).toBe('this user is already a member of this tenant');

    const ownerByAdmin = await admin.client.post<Errors>(path, {
      email: `o-${Date.now()}@example.com`,
      role: 'OWNER',
    });
    expect(ownerByAdmin.status).toBe(400);
    expect(ownerByAdmin.body.errors[0]?.description).toBe(
      'only an owner can change a role to owner',
    );
  });

  it('can be changed and withdrawn by admins', async () => {
    const owner = await registerOwner(t.app);
    const path = `/api/v1/tenants/${owner.tenantId}/invites`;
    const invite = await owner.client.post<Invite>(path, {
      email: `w-${Date.now()}@example.com`,
      role: 'MEMBER',
    });
    const updated = await owner.client.patch<Invite>(`${path}/${invite.body.metadata.id}`, {
      role: 'ADMIN',
    });
    expect(updated.body.role).toBe('ADMIN');
    const deleted = await owner.client.delete<Invite>(`${path}/${invite.body.metadata.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.metadata.id).toBe(invite.body.metadata.id);
    expect((await owner.client.get<{ rows: Invite[] }>(path)).body.rows).toEqual([]);
  });
});

describe('members and roles', () => {
  it('lets admins list and change roles, but not their own nor to owner', async () => {
    const owner = await registerOwner(t.app);
    const admin = await addMember(owner, 'ADMIN');
    const member = await addMember(owner, 'MEMBER');
    const membersPath = `/api/v1/tenants/${owner.tenantId}/members`;

    const listed = await admin.client.get<{ rows: Member[] }>(membersPath);
    expect(listed.body.rows.map((row) => row.role).sort()).toEqual(['ADMIN', 'MEMBER', 'OWNER']);

    const promoted = await admin.client.patch<Member>(`${membersPath}/${member.memberId}`, {
      role: 'ADMIN',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ADMIN');

    const self = await admin.client.patch<Errors>(`${membersPath}/${admin.memberId}`, {
      role: 'MEMBER',
    });
    expect(self.body.errors[0]?.description).toBe('you cannot change your own role');

    const toOwner = await admin.client.patch<Errors>(`${membersPath}/${member.memberId}`, {
      role: 'OWNER',
    });
    expect(toOwner.body.errors[0]?.description).toBe('only an owner can change a role to owner');

    const ownerRow = listed.body.rows.find((row) => row.role === 'OWNER')!;
    const demoteOwner = await admin.client.patch<Errors>(`${membersPath}/${ownerRow.metadata.id}`, {
      role: 'MEMBER',
    });
    expect(demoteOwner.body.errors[0]?.description).toBe(
      'only an owner can change the role of another owner',
    );
  });

  it('keeps members away from member, invite and token management', async () => {
    const owner = await registerOwner(t.app);
    const member = await addMember(owner, 'MEMBER');
    const base = `/api/v1/tenants/${owner.tenantId}`;
    for (const path of [`${base}/members`, `${base}/invites`, `${base}/api-tokens`]) {
      const response = await member.client.get<Errors>(path);
      expect(response.status, path).toBe(401);
      expect(response.body.errors[0]?.description).toBe('Not authorized to view this resource');
    }
    expect((await member.client.get(base)).status).toBe(200);
  });

  it('lets only owners remove members, never themselves', async () => {
    const owner = await registerOwner(t.app);
    const admin = await addMember(owner, 'ADMIN');
    const member = await addMember(owner, 'MEMBER');
    const membersPath = `/api/v1/tenants/${owner.tenantId}/members`;

    expect((await admin.client.delete(`${membersPath}/${member.memberId}`)).status).toBe(401);
    const ownerMemberId = (await owner.client.get<{ rows: Member[] }>(membersPath)).body.rows.find(
      (row) => row.role === 'OWNER',
    )!.metadata.id;
    const selfDelete = await owner.client.delete<Errors>(`${membersPath}/${ownerMemberId}`);
    expect(selfDelete.status).toBe(403);
    expect(selfDelete.body.errors[0]?.description).toBe('You cannot delete yourself');

    expect((await owner.client.delete(`${membersPath}/${member.memberId}`)).status).toBe(204);
    expect((await member.client.get(`/api/v1/tenants/${owner.tenantId}`)).status).toBe(401);
  });
});
