import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorsSchema } from '@trellis/api-contract';
import { EngineError, type EngineErrorCode } from '@trellis/engine';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/** Engine errors answered over REST: each code's status, in the API's error shape. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let workflowId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  ({ workflowId } = await t.engine.putWorkflow(owner.tenantId, {
    name: 'greet',
    tasks: [{ readableId: 'hello', actionId: 'greet:hello' }],
  }));
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => t.close());

const cancelUrl = () => `/api/v1/stable/tenants/${owner.tenantId}/tasks/cancel`;
const triggerUrl = () => `/api/v1/stable/tenants/${owner.tenantId}/workflow-runs/trigger`;

/** Checks the answer is `status` with exactly the engine's message in the error shape. */
function expectEngineAnswer(
  response: { status: number; body: unknown },
  status: number,
  message: string,
) {
  expect(response.status).toBe(status);
  expect(apiErrorsSchema.parse(response.body)).toEqual({ errors: [{ description: message }] });
}

const STATUSES: Record<EngineErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  FAILED_PRECONDITION: 409,
  RESOURCE_EXHAUSTED: 400,
  UNAVAILABLE: 503,
  UNIMPLEMENTED: 501,
};

describe('an engine error on a route that calls the engine', () => {
  it.each(Object.entries(STATUSES))('%s answers %i', async (code, status) => {
    const message = `the engine refused with ${code}`;
    vi.spyOn(t.engine, 'cancel').mockRejectedValueOnce(
      new EngineError(code as EngineErrorCode, message),
    );
    const response = await owner.client.post(cancelUrl(), { externalIds: [randomUUID()] });
    expectEngineAnswer(response, status, message);
  });

  it('answers 400 on the field when the workflow the trigger body names is gone', async () => {
    vi.spyOn(t.engine, 'trigger').mockRejectedValueOnce(
      new EngineError('NOT_FOUND', 'workflow "greet" does not exist'),
    );
    const response = await owner.client.post(triggerUrl(), { workflowName: 'greet', input: {} });
    expect(response.status).toBe(400);
    expect(apiErrorsSchema.parse(response.body)).toEqual({
      errors: [{ description: 'workflow "greet" does not exist', field: 'workflowName' }],
    });
  });

  it('answers 404 when the workflow the older trigger path names is gone', async () => {
    vi.spyOn(t.engine, 'trigger').mockRejectedValueOnce(
      new EngineError('NOT_FOUND', 'workflow "greet" does not exist'),
    );
    const response = await owner.client.post(`/api/v1/workflows/${workflowId}/trigger`, {
      input: {},
    });
    expectEngineAnswer(response, 404, 'workflow "greet" does not exist');
  });
});

// Last: the engine stays closed.
describe('an engine that is shutting down', () => {
  it('answers 503, never 500, on every route that needs it', async () => {
    await t.engine.close();
    const shuttingDown = 'the engine is shutting down';
    expectEngineAnswer(
      await owner.client.post(triggerUrl(), { workflowName: 'greet', input: {} }),
      503,
      shuttingDown,
    );
    expectEngineAnswer(
      await owner.client.post(`/api/v1/workflows/${workflowId}/trigger`, { input: {} }),
      503,
      shuttingDown,
    );
    expectEngineAnswer(
      await owner.client.post(cancelUrl(), { externalIds: [randomUUID()] }),
      503,
      shuttingDown,
    );
    expectEngineAnswer(
      await owner.client.patch(`/api/v1/workflows/${workflowId}`, { isPaused: true }),
      503,
      shuttingDown,
    );
    expectEngineAnswer(
      await owner.client.delete(`/api/v1/workflows/${workflowId}`),
      503,
      shuttingDown,
    );
  });
});
