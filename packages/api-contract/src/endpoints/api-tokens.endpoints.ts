import { z } from 'zod';
import {
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  listApiTokensResponseSchema,
} from '../api-tokens';
import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

const tag = 'API Token';

export const apiTokenCreate = defineEndpoint({
  operationId: 'apiTokenCreate',
  method: 'POST',
  path: '/api/v1/tenants/{tenant}/api-tokens',
  summary: 'Create an API token; the token is shown only in this response',
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  allowApiTokens: false,
  params: z.object({ tenant: uuidSchema }),
  body: createApiTokenRequestSchema,
  responses: { 200: createApiTokenResponseSchema },
});

export const apiTokenList = defineEndpoint({
  operationId: 'apiTokenList',
  method: 'GET',
  path: '/api/v1/tenants/{tenant}/api-tokens',
  summary: "The tenant's API tokens that are not revoked",
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  allowApiTokens: false,
  params: z.object({ tenant: uuidSchema }),
  responses: { 200: listApiTokensResponseSchema },
});

export const apiTokenUpdateRevoke = defineEndpoint({
  operationId: 'apiTokenUpdateRevoke',
  method: 'POST',
  path: '/api/v1/api-tokens/{apiToken}',
  summary: 'Revoke an API token',
  tag,
  auth: 'tenant',
  minRole: 'ADMIN',
  allowApiTokens: false,
  params: z.object({ apiToken: uuidSchema }),
  responses: { 204: null },
});
