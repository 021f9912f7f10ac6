import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, pathParamNames, type EndpointDefinition } from '@trellis/api-contract';
import {
  createTenantFixture,
  databaseSnapshot,
  malformedPathValue,
  pathWith,
  startTestApp,
  type TestApp,
  type TestClient,
} from './test-app';

interface Errors {
  errors: { description: string; field?: string }[];
}

const withBody = allEndpoints.filter((endpoint) => endpoint.body);
const withIds = allEndpoints.filter((endpoint) => pathParamNames(endpoint.path).length > 0);
const UNKNOWN_ID = '0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createTenantFixture>>;
let client: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  fixture = await createTenantFixture(t.app, t.engine);
  client = fixture.owner.client;
});
afterAll(async () => t.close());

/** Sends a request that must be refused with `status` and leave the database as it was. */
async function expectRefusedUnchanged(
  endpoint: EndpointDefinition,
  path: string,
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
) {
  const before = await databaseSnapshot(t.db);
  const response = await client.request<Errors>(endpoint.method, path, body, headers);
  expect(response.status, `${endpoint.method} ${path}`).toBe(status);
  expect(response.body.errors.length).toBeGreaterThan(0);
  for (const error of response.body.errors) expect(typeof error.description).toBe('string');
  expect(await databaseSnapshot(t.db)).toEqual(before);
  return response.body;
}

/** A value of the wrong type for every field of an object schema. */
function wrongTypes(schema: z.ZodType): Record<string, unknown> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.fromEntries(Object.keys(shape).map((key) => [key, 12345]));
}

describe('bad input changes nothing and is answered in the error shape', () => {
  it.each(withBody.map((endpoint) => [endpoint.operationId, endpoint] as const))(
    '%s: malformed JSON, an empty body, wrong types, a non-object and an oversized body',
    async (_name, endpoint) => {
      const path = pathWith(endpoint.path, fixture.ids);
      const malformed = await expectRefusedUnchanged(endpoint, path, '{"name": ', 400);
      expect(malformed.errors[0]?.description).toMatch(/^Malformed JSON body/);

      // A JSON content type with nothing after it: no body, which this endpoint needs.
      const empty = await expectRefusedUnchanged(endpoint, path, '', 400);
      expect(empty.errors).toEqual([{ description: 'A JSON request body is required' }]);

      const wrong = await expectRefusedUnchanged(endpoint, path, wrongTypes(endpoint.body!), 400);
      expect(wrong.errors.some((error) => error.field)).toBe(true);

      await expectRefusedUnchanged(endpoint, path, '[1, 2, 3]', 400);
      await expectRefusedUnchanged(
        endpoint,
        path,
        JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }),
        413,
      );
    },
  );

  it.each(withIds.map((endpoint) => [endpoint.operationId, endpoint] as const))(
    '%s: unknown and malformed ids',
    async (_name, endpoint) => {
      const body = endpoint.body ? {} : undefined;
      const params = pathParamNames(endpoint.path);
      // The resource the path names, then every id at once, are unknown.
      const lastUnknown = { ...fixture.ids, [params.at(-1)!]: UNKNOWN_ID };
      const allUnknown = Object.fromEntries(params.map((param) => [param, UNKNOWN_ID]));
      for (const ids of [lastUnknown, allUnknown]) {
        await expectRefusedUnchanged(endpoint, pathWith(endpoint.path, ids), body, 404);
      }
      for (const param of params) {
        const value = malformedPathValue(endpoint, param);
        // A name whose schema takes any text (only its length can be wrong, and Fastify answers
        // an over-long path segment itself) has no malformed value to send.
        if (value === undefined) continue;
        const malformed = pathWith(endpoint.path, { ...fixture.ids, [param]: value });
        const errors = await expectRefusedUnchanged(endpoint, malformed, body, 400);
        expect(errors.errors[0]?.field).toBe(param);
      }
    },
  );

  it('refuses a body that is not JSON', async () => {
    const endpoint = withBody.find((candidate) => candidate.operationId === 'tenantCreate')!;
    await expectRefusedUnchanged(endpoint, endpoint.path, 'name=x', 415, {
      'content-type': 'application/x-www-form-urlencoded',
    });
  });
});
