import { z } from 'zod';
import type { EndpointDefinition } from './endpoint';
import { pathParamNames } from './endpoint';
import { apiErrorsSchema } from './errors';

type JsonObject = Record<string, unknown>;

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid request',
  '401': 'Not a member of the tenant, or the role does not allow it',
  '403': 'Missing or invalid credentials, or the resource belongs to another tenant',
  '404': 'Not found',
  '503': 'The engine is unavailable or shutting down; retry later',
};

/**
 * Builds the OpenAPI 3.1 document from the endpoint definitions. Named schemas (those with a
 * `.meta({ id })`) land in `components.schemas` and are referenced from operations.
 */
export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  info: { title: string; version: string },
): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const components: Record<string, JsonObject> = {};

  // Named schemas come back from zod as `$defs` entries; they move to `components.schemas`.
  const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
    const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
    const {
      $defs,
      $schema: _dialect,
      ...rest
    } = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as {
      $defs?: Record<string, JsonObject>;
      $schema?: string;
    } & JsonObject;
    for (const [id, definition] of Object.entries($defs ?? {})) components[id] = definition;
    return rest;
  };

  for (const endpoint of [...endpoints].sort(byPathThenMethod)) {
    const pathShape =
      endpoint.params instanceof z.ZodObject
        ? (endpoint.params.shape as Record<string, z.ZodType>)
        : {};
    const parameters: JsonObject[] = pathParamNames(endpoint.path).map((name) => {
      const schema = pathShape[name];
      return {
        name,
        in: 'path',
        required: true,
        // Ids are UUIDs; a few resources (webhooks) go by name.
        schema:
          schema && !(schema instanceof z.ZodUUID)
            ? toSchema(schema, 'input')
            : { type: 'string', format: 'uuid' },
      };
    });
    if (endpoint.query instanceof z.ZodObject) {
      for (const [name, schema] of Object.entries(
        endpoint.query.shape as Record<string, z.ZodType>,
      )) {
        parameters.push({
          name,
          in: 'query',
          required: !schema.safeParse(undefined).success,
          schema: toSchema(schema, 'input'),
        });
      }
    }
    const responses: Record<string, JsonObject> = {};
    for (const [status, schema] of Object.entries(endpoint.responses)) {
      if (endpoint.eventStream) {
        responses[status] = {
          description: 'Server-sent events; each data line is the schema below, as JSON',
          content: { 'text/event-stream': { schema: toSchema(endpoint.eventStream, 'output') } },
        };
        continue;
      }
      if (endpoint.download) {
        const row = toSchema(endpoint.download, 'output');
        responses[status] = {
          description: 'A file streamed row by row, in the format the query names',
          headers: {
            'X-Total-Count': {
              description: 'How many rows the file holds',
              schema: { type: 'integer' },
            },
            'Content-Disposition': { schema: { type: 'string' } },
          },
          content: {
            'text/csv': { schema: { type: 'string', description: 'A header line, then the rows' } },
            'application/json': { schema: { type: 'array', items: row } },
          },
        };
        continue;
      }
      if (endpoint.text) {
        responses[status] = {
          description: endpoint.text.description,
          content: { [endpoint.text.contentType]: { schema: { type: 'string' } } },
        };
        continue;
      }
      if (endpoint.redirect) {
        responses[status] = {
          description: endpoint.redirect,
          headers: { Location: { schema: { type: 'string' } } },
        };
        continue;
      }
      responses[status] = schema
        ? {
            description: 'Success',
            content: { 'application/json': { schema: toSchema(schema, 'output') } },
          }
        : { description: 'Success, no body' };
    }
    const errorRef = toSchema(apiErrorsSchema, 'output');
    for (const [status, description] of Object.entries(ERROR_STATUSES)) {
      responses[status] = { description, content: { 'application/json': { schema: errorRef } } };
    }
    const operation: JsonObject = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      security: securityOf(endpoint),
      parameters,
      responses,
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
      };
    }
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    // Sorted with a plain code-unit comparison, so the file is the same whatever the locale or
    // the order modules were loaded in.
    paths: sortedByKey(paths),
    components: {
      schemas: sortedByKey(components),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'trellis' },
      },
    },
  };
}

function securityOf(endpoint: EndpointDefinition): JsonObject[] {
  switch (endpoint.auth) {
    case 'none':
    case 'optional':
      return [];
    case 'session':
    case 'session-unverified':
      return [{ cookieAuth: [] }];
    case 'tenant':
      return endpoint.allowApiTokens === false
        ? [{ cookieAuth: [] }]
        : [{ bearerAuth: [] }, { cookieAuth: [] }];
  }
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

function byPathThenMethod(a: EndpointDefinition, b: EndpointDefinition): number {
  const left = `${a.path} ${a.method}`;
  const right = `${b.path} ${b.method}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
