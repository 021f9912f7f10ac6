import { z } from 'zod';

/** Roles from strongest to weakest; each includes everything the next one may do. */
export const TENANT_MEMBER_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] as const;
export const tenantMemberRoleSchema = z.enum(TENANT_MEMBER_ROLES).meta({ id: 'TenantMemberRole' });
export type TenantMemberRole = z.infer<typeof tenantMemberRoleSchema>;

export const tenantVersionSchema = z.enum(['V0', 'V1']).meta({ id: 'TenantVersion' });
export type TenantVersion = z.infer<typeof tenantVersionSchema>;

export const tenantUiVersionSchema = z.enum(['V0', 'V1']).meta({ id: 'TenantUIVersion' });

export const tenantEnvironmentSchema = z
  .enum(['local', 'development', 'production'])
  .meta({ id: 'TenantEnvironment' });
export type TenantEnvironment = z.infer<typeof tenantEnvironmentSchema>;

export const tenantInviteStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'REJECTED']);
export type TenantInviteStatus = z.infer<typeof tenantInviteStatusSchema>;

/** True when `role` carries at least the rights of `required`. */
export function roleAtLeast(role: TenantMemberRole, required: TenantMemberRole): boolean {
  return TENANT_MEMBER_ROLES.indexOf(role) <= TENANT_MEMBER_ROLES.indexOf(required);
}
