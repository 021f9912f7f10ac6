import type { ApiToken, Tenant, TenantInvite, TenantMember, User } from '@trellis/api-contract';
import type { ApiTokenRow } from '../accounts/api-token.queries';
import type { InviteRow } from '../accounts/invite.queries';
import type { MemberWithUserRow } from '../accounts/member.queries';
import type { TenantRow } from '../accounts/tenant.queries';
import type { UserRow } from '../accounts/user.queries';

/** Turns database rows into API objects. Optional fields that are unset are omitted. */

export const meta = (row: { id: string; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function presentUser(row: UserRow, options: { hasPassword?: boolean } = {}): User {
  return {
    metadata: meta(row),
    ...(row.name ? { name: row.name } : {}),
    email: row.email,
    emailVerified: row.emailVerified,
    hasPassword: options.hasPassword ?? false,
  };
}

export function presentTenant(row: TenantRow, serverUrl?: string): Tenant {
  return {
    metadata: meta(row),
    name: row.name,
    slug: row.slug,
    analyticsOptOut: row.analyticsOptOut,
    alertMemberEmails: row.alertMemberEmails,
    version: row.version,
    uiVersion: row.version,
    ...(row.environment ? { environment: row.environment } : {}),
    ...(serverUrl ? { serverUrl } : {}),
  };
}

export function presentMember(row: MemberWithUserRow): TenantMember {
  return {
    metadata: meta(row),
    user: { email: row.userEmail, name: row.userName ?? '' },
    role: row.role,
    tenant: presentTenant(row.tenant),
    canViewPayloads: row.canViewPayloads || row.role === 'OWNER' || row.role === 'ADMIN',
  };
}

export function presentInvite(
  row: InviteRow,
  options: { withTenantName?: boolean } = {},
): TenantInvite {
  return {
    metadata: meta(row),
    email: row.email,
    role: row.role,
    tenantId: row.tenantId,
    ...(options.withTenantName ? { tenantName: row.tenantName } : {}),
    expires: row.expiresAt.toISOString(),
    canViewPayloads: row.canViewPayloads,
    status: row.status,
  };
}

export function presentApiToken(row: ApiTokenRow): ApiToken {
  return { metadata: meta(row), name: row.name, expiresAt: row.expiresAt.toISOString() };
}
