/**
 * Tenant member roles, strongest first. Each role may do everything the ones after it may
 * (OWNER > ADMIN > MEMBER > VIEWER), as the server's access checks say.
 */
import type { TenantMemberRole } from '@/types/api';

export const ROLES: readonly TenantMemberRole[] = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'];

const LABELS: Record<TenantMemberRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
  VIEWER: 'Viewer',
};

const DESCRIPTIONS: Record<TenantMemberRole, string> = {
  OWNER: 'Everything, including removing members',
  ADMIN: 'Manage members, invites and API tokens',
  MEMBER: 'Run and change workflows; no member or token management',
  VIEWER: 'Read only',
};

export function roleLabel(role: TenantMemberRole): string {
  return LABELS[role] ?? role;
}

export function roleDescription(role: TenantMemberRole): string {
  return DESCRIPTIONS[role] ?? '';
}

/** True when `role` has at least the rights of `required`. */
export function roleAtLeast(
  role: TenantMemberRole | undefined,
  required: TenantMemberRole,
): boolean {
  if (!role) return false;
  const rank = ROLES.indexOf(role);
  return rank !== -1 && rank <= ROLES.indexOf(required);
}

/** Owners and admins manage members, invites and API tokens. */
export function canManageAccess(role: TenantMemberRole | undefined): boolean {
  return roleAtLeast(role, 'ADMIN');
}
