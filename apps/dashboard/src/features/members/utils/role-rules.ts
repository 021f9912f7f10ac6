/**
 * What the signed-in user may do to members and invites, by the rules the server enforces
 * (shared/reference/rest-api.md 2.6), so the screen never offers an action that would fail:
 * - owners and admins manage members and invites; members and viewers do not;
 * - only an owner may grant OWNER, or change the role of an owner (member or invite);
 * - nobody changes their own role or removes themselves;
 * - only owners remove members.
 */
import { ROLES, canManageAccess } from '@/lib/roles';
import type { TenantInvite, TenantMember, TenantMemberRole } from '@/types/api';

export interface Permission {
  allowed: boolean;
  /** Why not, in words for the user; set when `allowed` is false. */
  reason?: string;
}

const allow: Permission = { allowed: true };
const deny = (reason: string): Permission => ({ allowed: false, reason });
const NEEDS_ADMIN = 'Only owners and admins can do this';

/** Roles the user may give in a role picker or an invite. */
export function assignableRoles(actor: TenantMemberRole | undefined): TenantMemberRole[] {
  if (!canManageAccess(actor)) return [];
  return actor === 'OWNER' ? [...ROLES] : ROLES.filter((role) => role !== 'OWNER');
}

/** Is this member row the signed-in user (same membership id, or the same email)? */
export function isSelf(
  member: TenantMember,
  self: { memberId?: string | undefined; email?: string | undefined },
): boolean {
  if (self.memberId && member.metadata.id === self.memberId) return true;
  return !!self.email && member.user.email.toLowerCase() === self.email.toLowerCase();
}

export function memberPermissions(
  actor: TenantMemberRole | undefined,
  target: TenantMember,
  self: boolean,
): { changeRole: Permission; remove: Permission } {
  let changeRole = allow;
  if (!canManageAccess(actor)) changeRole = deny(NEEDS_ADMIN);
  else if (self) changeRole = deny('You cannot change your own role');
  else if (target.role === 'OWNER' && actor !== 'OWNER') {
    changeRole = deny('Only an owner can change the role of another owner');
  }

  let remove = allow;
  if (self) remove = deny('You cannot remove yourself');
  else if (actor !== 'OWNER') remove = deny('Only owners can remove members');

  return { changeRole, remove };
}

export function invitePermissions(
  actor: TenantMemberRole | undefined,
  invite: TenantInvite,
): { changeRole: Permission; remove: Permission } {
  if (!canManageAccess(actor)) return { changeRole: deny(NEEDS_ADMIN), remove: deny(NEEDS_ADMIN) };
  const changeRole =
    invite.role === 'OWNER' && actor !== 'OWNER'
      ? deny('Only an owner can change an owner invite')
      : allow;
  return { changeRole, remove: allow };
}
