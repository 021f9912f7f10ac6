import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorker } from '@trellis/engine/testing';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/** "Why is this task waiting": the scheduler's reason for a queued task, over REST. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'per-key',
    tasks: [
      {
        readableId: 'work',
        actionId: 'per-key:work',
        concurrency: [{ expression: 'input.key', strategy: 'GROUP_ROUND_ROBIN' }],
      },
    ],
  });
});
afterAll(async () => t.close());

const taskOf = async (runId: string) =>
  (await t.engine.getRunDetails(owner.tenantId, runId)).tasks[0]!.externalId;

describe('GET /api/v1/stable/tasks/{task}/waiting', () => {
  it('names the reason, with the runs holding a full concurrency key', async () => {
    const [first, second] = await t.engine.trigger(
      owner.tenantId,
      ['k', 'k'].map((key) => ({ workflowName: 'per-key', input: { key } })),
    );
    const waiting = async (runId: string) =>
      (await owner.client.get(`/api/v1/stable/tasks/${await taskOf(runId)}/waiting`)).body;

    expect(await waiting(first!)).toEqual({
      reason: 'NO_WORKER',
      actionId: 'per-key:work',
      message: 'No worker is registered for per-key:work.',
    });
    const worker = await new TestWorker(t.engine, owner.tenantId).connect(['per-key:work'], 5);
    await worker.start('per-key:work');
    expect(await waiting(second!)).toEqual({
      reason: 'CONCURRENCY',
      key: 'k',
      expression: 'input.key',
      strategy: 'GROUP_ROUND_ROBIN',
      limit: 1,
      heldBy: [{ runId: first, taskExternalId: await taskOf(first!) }],
      message: 'The concurrency key "k" (input.key) is at its limit of 1, held by 1 run.',
    });
    expect(await waiting(first!)).toMatchObject({ reason: 'NOT_QUEUED', status: 'ASSIGNED' });
    worker.close();
  });

  it('answers 404 for an unknown task and 400 for a malformed id', async () => {
    const unknown = await owner.client.get(
      '/api/v1/stable/tasks/6f1c2a86-4f35-4b8e-9d8b-1d2f3a4b5c6d/waiting',
    );
    expect(unknown.status).toBe(404);
    expect((await owner.client.get('/api/v1/stable/tasks/nope/waiting')).status).toBe(400);
  });
});
