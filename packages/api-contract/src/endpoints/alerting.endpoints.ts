import { z } from 'zod';
import {
  createTenantAlertEmailGroupRequestSchema,
  tenantAlertEmailGroupListSchema,
  tenantAlertEmailGroupSchema,
  updateTenantAlertEmailGroupRequestSchema,
} from '../alerting';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

const tag = 'Alerting';

export const alertEmailGroupCreate = defineEndpoint({
  operationId: 'alertEmailGroupCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/alerting-email-groups',
  summary: 'Create an email group that receives the tenant’s alerts',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: createTenantAlertEmailGroupRequestSchema,
  responses: { 201: tenantAlertEmailGroupSchema },
});

export const alertEmailGroupList = defineEndpoint({
  operationId: 'alertEmailGroupList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/alerting-email-groups',
  summary: 'The tenant’s alert email groups, oldest first',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: tenantAlertEmailGroupListSchema },
});

export const alertEmailGroupUpdate = defineEndpoint({
  operationId: 'alertEmailGroupUpdate',
  method: 'PATCH',
  path: '/api/v1/alerting-email-groups/{alertEmailGroup}',
  summary: 'Replace the addresses of an alert email group',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ alertEmailGroup: uuidSchema }),
  body: updateTenantAlertEmailGroupRequestSchema,
  responses: { 200: tenantAlertEmailGroupSchema },
});

export const alertEmailGroupDelete = defineEndpoint({
  operationId: 'alertEmailGroupDelete',
  method: 'DELETE',
  path: '/api/v1/alerting-email-groups/{alertEmailGroup}',
  summary: 'Delete an alert email group',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ alertEmailGroup: uuidSchema }),
  responses: { 204: null },
});
