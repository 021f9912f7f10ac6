import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorsSchema } from '@trellis/api-contract';
import { createApiToken, registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * A JSON content type with an empty body is a request without a body, as curl sends
 * `curl -X POST -H 'content-type: application/json' URL`.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(async () => t.close());

const JSON_WITHOUT_BODY = '';

describe('an empty JSON body', () => {
  it('is accepted by a POST that takes no body: revoking an API token', async () => {
    await createApiToken(owner, 'from curl');
    const tokensUrl = `/api/v1/tenants/${owner.tenantId}/api-tokens`;
    const listed = await owner.client.get<{ rows: { metadata: { id: string } }[] }>(tokensUrl);
    const revoked = await owner.client.post(
      `/api/v1/api-tokens/${listed.body.rows[0]!.metadata.id}`,
      JSON_WITHOUT_BODY,
    );
    expect(revoked.status).toBe(204);
    expect((await owner.client.get<{ rows: unknown[] }>(tokensUrl)).body.rows).toEqual([]);
  });

  it('is accepted by a DELETE: deleting a workflow', async () => {
    const { workflowId } = await t.engine.putWorkflow(owner.tenantId, {
      name: 'short-lived',
      tasks: [{ readableId: 'step', actionId: 'short-lived:step' }],
    });
    const deleted = await owner.client.request(
      'DELETE',
      `/api/v1/workflows/${workflowId}`,
      JSON_WITHOUT_BODY,
    );
    expect(deleted.status).toBe(204);
    expect((await owner.client.get(`/api/v1/workflows/${workflowId}`)).status).toBe(404);
  });

  it('is a missing body, in the error shape, where the route needs one', async () => {
    const response = await owner.client.post('/api/v1/tenants', JSON_WITHOUT_BODY);
    expect(response.status).toBe(400);
    expect(apiErrorsSchema.parse(response.body)).toEqual({
      errors: [{ description: 'A JSON request body is required' }],
    });
  });
});

describe('a JSON body that is not empty', () => {
  it('is still refused when malformed, even where the route takes no body', async () => {
    for (const url of ['/api/v1/tenants', `/api/v1/api-tokens/${randomUUID()}`]) {
      const response = await owner.client.post(url, '{"name": ');
      expect(response.status, url).toBe(400);
      expect(apiErrorsSchema.parse(response.body).errors[0]!.description).toMatch(
        /^Malformed JSON body/,
      );
    }
  });
});
