import { z } from 'zod';
import { apiErrorsSchema } from '../errors';
import { defineEndpoint } from '../endpoint';
import { apiMetaIntegrationSchema, apiMetaSchema, versionInfoSchema } from '../meta';

const tag = 'Meta';

export const readinessGet = defineEndpoint({
  operationId: 'readinessGet',
  method: 'GET',
  path: '/api/ready',
  summary: 'Ready when the database answers',
  tag,
  auth: 'none',
  responses: { 200: null },
});

export const livenessGet = defineEndpoint({
  operationId: 'livenessGet',
  method: 'GET',
  path: '/api/live',
  summary: 'Alive while the process serves requests',
  tag,
  auth: 'none',
  responses: { 200: null },
});

export const metadataGet = defineEndpoint({
  operationId: 'metadataGet',
  method: 'GET',
  path: '/api/v1/meta',
  summary: 'What this server offers: sign-in schemes and what users may do',
  tag,
  auth: 'optional',
  responses: { 200: apiMetaSchema },
});

export const cloudMetadataGet = defineEndpoint({
  operationId: 'cloudMetadataGet',
  method: 'GET',
  path: '/api/v1/cloud/metadata',
  summary:
    'Cloud features; an open-source server answers with an `errors` body meaning "not cloud"',
  tag,
  auth: 'optional',
  responses: { 200: apiErrorsSchema },
});

export const metadataListIntegrations = defineEndpoint({
  operationId: 'metadataListIntegrations',
  method: 'GET',
  path: '/api/v1/meta/integrations',
  summary: 'Integrations configured on this server',
  tag,
  auth: 'session',
  responses: { 200: z.array(apiMetaIntegrationSchema) },
});

export const infoGetVersion = defineEndpoint({
  operationId: 'infoGetVersion',
  method: 'GET',
  path: '/api/v1/version',
  summary: 'The server version',
  tag,
  auth: 'optional',
  responses: { 200: versionInfoSchema },
});
