import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  createTenantInviteRequestSchema,
  createTenantRequestSchema,
  tenantAlertingSettingsSchema,
  tenantInviteListSchema,
  tenantInviteSchema,
  tenantMemberListSchema,
  tenantMemberSchema,
  tenantResourcePolicySchema,
  tenantSchema,
  updateTenantInviteRequestSchema,
  updateTenantMemberRequestSchema,
  updateTenantRequestSchema,
} from '../tenants';

const tag = 'Tenant';
const tenantParams = z.object({ tenant: uuidSchema });

export const tenantCreate = defineEndpoint({
  operationId: 'tenantCreate',
  method: 'POST',
  path: '/api/v1/tenants',
  summary: 'Create a tenant; the caller becomes its owner',
  tag,
  auth: 'session',
  body: createTenantRequestSchema,
  responses: { 200: tenantSchema },
});

export const tenantGet = defineEndpoint({
  operationId: 'tenantGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}',
  summary: 'A tenant',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  responses: { 200: tenantSchema },
});

export const tenantUpdate = defineEndpoint({
  operationId: 'tenantUpdate',
  method: 'PATCH',
  path: '/api/v1/tenants/{tenant}',
  summary: 'Update a tenant: only the fields sent change',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: tenantParams,
  body: updateTenantRequestSchema,
  responses: { 200: tenantSchema },
});

export const tenantAlertingSettingsGet = defineEndpoint({
  operationId: 'tenantAlertingSettingsGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/alerting/settings',
  summary: "The tenant's alerting settings",
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  responses: { 200: tenantAlertingSettingsSchema },
});

export const tenantResourcePolicyGet = defineEndpoint({
  operationId: 'tenantResourcePolicyGet',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/resource-policy',
  summary: "The tenant's resource limits and use; empty when the server enforces none",
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: tenantParams,
  responses: { 200: tenantResourcePolicySchema },
});

export const tenantMemberList = defineEndpoint({
  operationId: 'tenantMemberList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/members',
  summary: "The tenant's members",
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  params: tenantParams,
  responses: { 200: tenantMemberListSchema },
});

const memberParams = z.object({ tenant: uuidSchema, member: uuidSchema });

export const tenantMemberUpdate = defineEndpoint({
  operationId: 'tenantMemberUpdate',
  method: 'PATCH',
  path: '/api/v1/tenants/{tenant}/members/{member}',
  summary: "Change a member's role",
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  params: memberParams,
  body: updateTenantMemberRequestSchema,
  responses: { 200: tenantMemberSchema },
});

export const tenantMemberDelete = defineEndpoint({
  operationId: 'tenantMemberDelete',
  method: 'DELETE',
  path: '/api/v1/tenants/{tenant}/members/{member}',
  summary: 'Remove a member (owners only)',
  tag,
  auth: 'tenant',
  minRole: 'OWNER',
  params: memberParams,
  responses: { 204: null },
});

export const tenantInviteCreate = defineEndpoint({
  operationId: 'tenantInviteCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/invites',
  summary: 'Invite someone by email',
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  rateLimited: true,
  params: tenantParams,
  body: createTenantInviteRequestSchema,
  responses: { 201: tenantInviteSchema },
});

export const tenantInviteList = defineEndpoint({
  operationId: 'tenantInviteList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/invites',
  summary: 'Pending, unexpired invites of the tenant',
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  params: tenantParams,
  responses: { 200: tenantInviteListSchema },
});

const inviteParams = z.object({ tenant: uuidSchema, invite: uuidSchema });

export const tenantInviteUpdate = defineEndpoint({
  operationId: 'tenantInviteUpdate',
  method: 'PATCH',
  path: '/api/v1/tenants/{tenant}/invites/{invite}',
  summary: "Change a pending invite's role",
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  params: inviteParams,
  body: updateTenantInviteRequestSchema,
  responses: { 200: tenantInviteSchema },
});

export const tenantInviteDelete = defineEndpoint({
  operationId: 'tenantInviteDelete',
  method: 'DELETE',
  path: '/api/v1/tenants/{tenant}/invites/{invite}',
  summary: 'Withdraw an invite; answers with the deleted invite',
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  params: inviteParams,
  responses: { 200: tenantInviteSchema },
});
