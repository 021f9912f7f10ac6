import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  v1CreateFilterRequestSchema,
  v1FilterListSchema,
  v1FilterSchema,
  v1UpdateFilterRequestSchema,
} from '../events';
import { queryArray, queryInt } from '../query';

const tag = 'Filter';
const filterParams = z.object({ tenant: uuidSchema, filter: uuidSchema });

export const v1FilterList = defineEndpoint({
  operationId: 'v1FilterList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/filters',
  summary: 'Event filters, newest first; `current_page` is 0-based, as in the reference',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: z.object({ tenant: uuidSchema }),
  query: z.object({
    offset: queryInt({ min: 0 }).default(0),
    limit: queryInt({ min: 1, max: 20_000 }).default(20_000),
    workflowIds: queryArray(uuidSchema).optional(),
    scopes: queryArray(z.string().max(256)).optional(),
  }),
  responses: { 200: v1FilterListSchema },
});

export const v1FilterCreate = defineEndpoint({
  operationId: 'v1FilterCreate',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/filters',
  summary: 'Creates a filter; an expression that does not compile is refused on `expression`',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: z.object({ tenant: uuidSchema }),
  body: v1CreateFilterRequestSchema,
  responses: { 200: v1FilterSchema },
});

export const v1FilterGet = defineEndpoint({
  operationId: 'v1FilterGet',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/filters/{filter}',
  summary: 'A filter',
  tag,
  auth: 'tenant',
  minRole: 'VIEWER',
  params: filterParams,
  responses: { 200: v1FilterSchema },
});

export const v1FilterUpdate = defineEndpoint({
  operationId: 'v1FilterUpdate',
  method: 'PATCH',
  path: '/api/v1/stable/tenants/{tenant}/filters/{filter}',
  summary: 'Changes a filter’s expression, scope or payload (only the fields sent)',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: filterParams,
  body: v1UpdateFilterRequestSchema,
  responses: { 200: v1FilterSchema },
});

export const v1FilterDelete = defineEndpoint({
  operationId: 'v1FilterDelete',
  method: 'DELETE',
  path: '/api/v1/stable/tenants/{tenant}/filters/{filter}',
  summary: 'Deletes a filter; answers the deleted filter',
  tag,
  auth: 'tenant',
  minRole: 'MEMBER',
  params: filterParams,
  responses: { 200: v1FilterSchema },
});
