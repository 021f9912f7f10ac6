import { describe, expect, it } from 'vitest';
import type { TenantInvite, TenantMember, TenantMemberRole } from '@/types/api';
import { assignableRoles, invitePermissions, isSelf, memberPermissions } from './role-rules';

const meta = { createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' };
const member = (role: TenantMemberRole, id = 'm1', email = 'a@example.com'): TenantMember => ({
  metadata: { id, ...meta },
  user: { email, name: 'A' },
  role,
});
const invite = (role: TenantMemberRole): TenantInvite => ({
  metadata: { id: 'i1', ...meta },
  email: 'b@example.com',
  role,
  tenantId: 't1',
  expires: '2099-01-01T00:00:00Z',
});

describe('assignableRoles', () => {
  it('offers OWNER to owners only', () => {
    expect(assignableRoles('OWNER')).toEqual(['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']);
    expect(assignableRoles('ADMIN')).toEqual(['ADMIN', 'MEMBER', 'VIEWER']);
  });

  it('offers nothing to members and viewers', () => {
    expect(assignableRoles('MEMBER')).toEqual([]);
    expect(assignableRoles('VIEWER')).toEqual([]);
    expect(assignableRoles(undefined)).toEqual([]);
  });
});

describe('isSelf', () => {
  it('matches the membership id, else the email ignoring case', () => {
    expect(isSelf(member('ADMIN', 'm1'), { memberId: 'm1' })).toBe(true);
    expect(isSelf(member('ADMIN', 'm2'), { memberId: 'm1' })).toBe(false);
    expect(isSelf(member('ADMIN', 'm2', 'Ada@Example.com'), { email: 'ada@example.com' })).toBe(
      true,
    );
    expect(isSelf(member('ADMIN'), {})).toBe(false);
  });
});

describe('memberPermissions', () => {
  it('lets an owner change roles and remove anyone but themselves', () => {
    expect(memberPermissions('OWNER', member('OWNER'), false)).toEqual({
      changeRole: { allowed: true },
      remove: { allowed: true },
    });
    const self = memberPermissions('OWNER', member('OWNER'), true);
    expect(self.changeRole).toEqual({ allowed: false, reason: 'You cannot change your own role' });
    expect(self.remove).toEqual({ allowed: false, reason: 'You cannot remove yourself' });
  });

  it('lets an admin change roles of non-owners but remove nobody', () => {
    const onMember = memberPermissions('ADMIN', member('MEMBER'), false);
    expect(onMember.changeRole.allowed).toBe(true);
    expect(onMember.remove).toEqual({ allowed: false, reason: 'Only owners can remove members' });
    expect(memberPermissions('ADMIN', member('OWNER'), false).changeRole).toEqual({
      allowed: false,
      reason: 'Only an owner can change the role of another owner',
    });
  });

  it('allows nothing to members and viewers', () => {
    for (const role of ['MEMBER', 'VIEWER'] as const) {
      const result = memberPermissions(role, member('VIEWER'), false);
      expect(result.changeRole.allowed).toBe(false);
      expect(result.remove.allowed).toBe(false);
    }
  });
});

describe('invitePermissions', () => {
  it('keeps owner invites for owners', () => {
    expect(invitePermissions('OWNER', invite('OWNER')).changeRole.allowed).toBe(true);
    expect(invitePermissions('ADMIN', invite('OWNER')).changeRole).toEqual({
      allowed: false,
      reason: 'Only an owner can change an owner invite',
    });
    expect(invitePermissions('ADMIN', invite('OWNER')).remove.allowed).toBe(true);
    expect(invitePermissions('ADMIN', invite('MEMBER')).changeRole.allowed).toBe(true);
  });

  it('allows nothing to members', () => {
    expect(invitePermissions('MEMBER', invite('MEMBER')).remove.allowed).toBe(false);
  });
});
