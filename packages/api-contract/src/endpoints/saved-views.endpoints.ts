import { z } from 'zod';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  createSavedViewRequestSchema,
  savedViewListResponseSchema,
  savedViewListSchema,
  savedViewSchema,
  updateSavedViewRequestSchema,
} from '../saved-views';

const tag = 'Saved View';
const tenantParams = z.object({ tenant: uuidSchema });
const viewParams = z.object({ tenant: uuidSchema, savedView: uuidSchema });
// A view belongs to a signed-in member: an API token has no user to own one.
const access = { auth: 'tenant', minRole: 'VIEWER', allowApiTokens: false } as const;

export const v1SavedViewList = defineEndpoint({
  operationId: 'v1SavedViewList',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/saved-views',
  summary: 'The views the caller may pick: their own and the ones shared with the tenant, by name',
  tag,
  ...access,
  params: tenantParams,
  query: z.object({ list: savedViewListSchema.optional() }),
  responses: { 200: savedViewListResponseSchema },
});

export const v1SavedViewCreate = defineEndpoint({
  operationId: 'v1SavedViewCreate',
  method: 'POST',
  path: '/api/v1/stable/tenants/{tenant}/saved-views',
  summary: 'Save a view of a list, owned by the caller, private unless `shared`',
  tag,
  ...access,
  params: tenantParams,
  body: createSavedViewRequestSchema,
  responses: { 200: savedViewSchema },
});

export const v1SavedViewGet = defineEndpoint({
  operationId: 'v1SavedViewGet',
  method: 'GET',
  path: '/api/v1/stable/tenants/{tenant}/saved-views/{savedView}',
  summary: 'A view the caller owns or that is shared with the tenant (what a share link opens)',
  tag,
  ...access,
  params: viewParams,
  responses: { 200: savedViewSchema },
});

export const v1SavedViewUpdate = defineEndpoint({
  operationId: 'v1SavedViewUpdate',
  method: 'PATCH',
  path: '/api/v1/stable/tenants/{tenant}/saved-views/{savedView}',
  summary: 'Rename, share, unshare or replace the state of a view; its owner only',
  tag,
  ...access,
  params: viewParams,
  body: updateSavedViewRequestSchema,
  responses: { 200: savedViewSchema },
});

export const v1SavedViewDelete = defineEndpoint({
  operationId: 'v1SavedViewDelete',
  method: 'DELETE',
  path: '/api/v1/stable/tenants/{tenant}/saved-views/{savedView}',
  summary: 'Delete a view: its owner, or a tenant admin or owner for a shared view',
  tag,
  ...access,
  params: viewParams,
  responses: { 200: savedViewSchema },
});
