/**
 * Webhook workers against a real HTTP worker (webhook-worker-server.ts) that checks every
 * request's signature with its own secret: registration over REST, tasks delivered as signed
 * POSTs whose answers become the tasks' results, retries after failed answers, and the
 * request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRunStatus, type TaskSummary } from './run-helpers';
import { addTenantMember, registerOwner, startTestApp, type TestApp } from './test-app';
import { startTestWebhookWorker, type TestWebhookWorker } from './webhook-worker-server';

const SECRET = 'a-webhook-worker-secret-of-at-least-32-chars';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
const workers: TestWebhookWorker[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
});
afterAll(async () => {
  await t.close();
  await Promise.all(workers.map((worker) => worker.close()));
});

const listUrl = (tenantId = owner.tenantId) => `/api/v1/tenants/${tenantId}/webhook-workers`;

interface Created {
  metadata: { id: string };
  name: string;
  url: string;
  secret: string;
}
interface RequestLog {
  requests: { created_at: string; method: string; statusCode: number }[];
}
interface RunDetails {
  run: { status: string; output: Record<string, unknown> };
  tasks: TaskSummary[];
}

async function startWorker(
  actions: string[],
  handle: Parameters<typeof startTestWebhookWorker>[0]['handle'],
) {
  const worker = await startTestWebhookWorker({ secret: SECRET, actions, handle });
  workers.push(worker);
  return worker;
}

/** Registers the endpoint and waits until the server has connected it as an engine worker. */
async function register(worker: TestWebhookWorker, name: string) {
  const created = await owner.client.post<Created>(listUrl(), {
    name,
    url: worker.url,
    secret: SECRET,
  });
  expect(created.status).toBe(200);
  await until(async () => {
    const list = await owner.client.get<{ rows: { name: string; status: string }[] }>(
      `/api/v1/tenants/${owner.tenantId}/worker`,
    );
    return list.body.rows.some((row) => row.name === name && row.status === 'ACTIVE');
  });
  return created.body;
}

async function trigger(workflowName: string, input: Record<string, unknown>) {
  const response = await owner.client.post<{ run: { metadata: { id: string } } }>(
    `/api/v1/stable/tenants/${owner.tenantId}/workflow-runs/trigger`,
    { workflowName, input },
  );
  expect(response.status).toBe(200);
  return response.body.run.metadata.id;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition never held');
}

describe('webhook workers over REST', () => {
  it('creates with a given or generated secret, lists without it, and deletes', async () => {
    const given = await owner.client.post<Created>(listUrl(), {
      name: 'given',
      url: 'http://127.0.0.1:9/given',
      secret: SECRET,
    });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({
      name: 'given',
      url: 'http://127.0.0.1:9/given',
      secret: SECRET,
    });

    const generated = await owner.client.post<Created>(listUrl(), {
      name: 'generated',
      url: 'https://worker.example.com/hatchet',
    });
    expect(generated.status).toBe(200);
    expect(generated.body.secret.length).toBeGreaterThanOrEqual(32);

    const list = await owner.client.get<{ rows: Record<string, unknown>[] }>(listUrl());
    expect(list.status).toBe(200);
    const names = list.body.rows.map((row) => row['name']);
    expect(names).toEqual(expect.arrayContaining(['given', 'generated']));
    for (const row of list.body.rows) expect(row).not.toHaveProperty('secret');

    const deleted = await owner.client.delete(`/api/v1/webhook-workers/${given.body.metadata.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBeFalsy();
    const after = await owner.client.get<{ rows: { metadata: { id: string } }[] }>(listUrl());
    expect(after.body.rows.map((row) => row.metadata.id)).not.toContain(given.body.metadata.id);
    const again = await owner.client.delete(`/api/v1/webhook-workers/${given.body.metadata.id}`);
    expect(again.status).toBe(404);
  });

  it('refuses a URL the tenant has registered already, on the url field', async () => {
    const first = await owner.client.post(listUrl(), {
      name: 'first',
      url: 'http://127.0.0.1:9/duplicate',
    });
    expect(first.status).toBe(200);
    const second = await owner.client.post(listUrl(), {
      name: 'second',
      url: 'http://127.0.0.1:9/duplicate',
    });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      errors: [
        {
          description:
            'A webhook with the same url already exists, please delete it and try again.',
          field: 'url',
        },
      ],
    });
  });

  it('refuses bad input with a 400 and creates nothing', async () => {
    const before = await owner.client.get<{ rows: unknown[] }>(listUrl());
    for (const body of [
      { name: 'short', url: 'http://127.0.0.1:9/short', secret: 'too-short' },
      { name: 'ftp', url: 'ftp://127.0.0.1/worker' },
      { name: 'no-url' },
      { name: 'not-a-url', url: 'worker' },
      { name: '', url: 'http://127.0.0.1:9/empty-name' },
      { name: 'long', url: `http://127.0.0.1:9/${'x'.repeat(300)}` },
    ]) {
      const response = await owner.client.post<{ errors: { description: string }[] }>(
        listUrl(),
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[0]!.description).toBeTruthy();
    }
    expect((await owner.client.get<{ rows: unknown[] }>(listUrl())).body.rows).toHaveLength(
      before.body.rows.length,
    );
    expect((await owner.client.delete('/api/v1/webhook-workers/not-a-uuid')).status).toBe(400);
  });

  it('lets viewers list but not create or delete', async () => {
    const viewer = await addTenantMember(t.app, owner, 'VIEWER');
    expect((await viewer.client.get(listUrl())).status).toBe(200);
    const created = await viewer.client.post(listUrl(), {
      name: 'viewer',
      url: 'http://127.0.0.1:9/viewer',
    });
    expect(created.status).toBe(401);
    const list = await owner.client.get<{ rows: { metadata: { id: string } }[] }>(listUrl());
    const id = list.body.rows[0]!.metadata.id;
    expect((await viewer.client.delete(`/api/v1/webhook-workers/${id}`)).status).toBe(401);
    expect((await viewer.client.get(`/api/v1/webhook-workers/${id}/requests`)).status).toBe(200);
  });

  it("keeps each tenant's webhook workers to itself", async () => {
    const other = await registerOwner(t.app);
    const mine = await owner.client.post<Created>(listUrl(), {
      name: 'mine',
      url: 'http://127.0.0.1:9/mine',
    });
    // The same URL in another tenant is that tenant's own.
    const theirs = await other.client.post<Created>(listUrl(other.tenantId), {
      name: 'theirs',
      url: 'http://127.0.0.1:9/mine',
    });
    expect(theirs.status).toBe(200);
    const theirList = await other.client.get<{ rows: { name: string }[] }>(listUrl(other.tenantId));
    expect(theirList.body.rows.map((row) => row.name)).toEqual(['theirs']);
    const id = mine.body.metadata.id;
    expect((await other.client.get(`/api/v1/webhook-workers/${id}/requests`)).status).toBe(401);
    expect((await other.client.delete(`/api/v1/webhook-workers/${id}`)).status).toBe(401);
    expect((await other.client.get(listUrl())).status).toBe(401);
    expect((await owner.client.get(listUrl())).body).toMatchObject({
      rows: expect.arrayContaining([expect.objectContaining({ name: 'mine' })]),
    });
  });
});

describe('tasks delivered to a webhook worker', () => {
  it("runs a workflow end to end with the worker's answer as the output", async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'greet',
      tasks: [{ readableId: 'hello', actionId: 'greet:hello' }],
    });
    const worker = await startWorker(['greet:hello'], (task) => {
      const payload = JSON.parse(task.actionPayload) as { input: { name: string } };
      return { status: 200, body: JSON.stringify({ greeting: `hello ${payload.input.name}` }) };
    });
    const created = await register(worker, 'greeter');

    const runId = await trigger('greet', { name: 'Ada' });
    await waitForRunStatus(owner.client, runId, 'COMPLETED');
    const details = await owner.client.get<RunDetails>(`/api/v1/stable/workflow-runs/${runId}`);
    expect(details.body.tasks[0]!.output).toEqual({ greeting: 'hello Ada' });

    // Every request was signed with the secret the worker was registered with.
    expect(worker.received.length).toBeGreaterThanOrEqual(2);
    expect(worker.received.every((request) => request.signed)).toBe(true);
    const delivery = worker.received.find((request) => request.method === 'POST')!;
    expect(JSON.parse(delivery.body)).toMatchObject({
      actionId: 'greet:hello',
      stepName: 'hello',
      workflowRunId: runId,
      retryCount: 0,
    });

    // The health check and the delivery are in the log, newest first.
    const log = await owner.client.get<RequestLog>(
      `/api/v1/webhook-workers/${created.metadata.id}/requests`,
    );
    expect(log.status).toBe(200);
    const seen = log.body.requests.map((request) => `${request.method} ${request.statusCode}`);
    expect(seen).toEqual(expect.arrayContaining(['PUT 200', 'POST 200']));
    expect(seen.indexOf('POST 200')).toBeLessThan(seen.lastIndexOf('PUT 200'));
    for (const request of log.body.requests) {
      expect(new Date(request.created_at).getTime()).not.toBeNaN();
    }

    // The engine worker acting for it is listed as a webhook worker, with its id.
    const workers = await owner.client.get<{
      rows: { name: string; type: string; webhookId?: string }[];
    }>(`/api/v1/tenants/${owner.tenantId}/worker`);
    expect(workers.body.rows.find((row) => row.name === 'greeter')).toMatchObject({
      type: 'WEBHOOK',
      webhookId: created.metadata.id,
    });
  });

  it('retries a task whose delivery got a 500, and it succeeds the next time', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'flaky',
      tasks: [{ readableId: 'step', actionId: 'flaky:step', retries: 2 }],
    });
    const worker = await startWorker(['flaky:step'], (task) =>
      task.retryCount === 0
        ? { status: 500, body: 'database unavailable' }
        : { status: 200, body: JSON.stringify({ attempt: task.retryCount }) },
    );
    const created = await register(worker, 'flaky-worker');

    const runId = await trigger('flaky', {});
    await waitForRunStatus(owner.client, runId, 'COMPLETED');
    const details = await owner.client.get<RunDetails>(`/api/v1/stable/workflow-runs/${runId}`);
    expect(details.body.tasks[0]!.output).toEqual({ attempt: 1 });
    const log = await owner.client.get<RequestLog>(
      `/api/v1/webhook-workers/${created.metadata.id}/requests`,
    );
    const posts = log.body.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.statusCode)).toEqual([200, 500]);
  });

  it('fails the task when the worker refuses the signature (another secret)', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'guarded',
      tasks: [{ readableId: 'step', actionId: 'guarded:step', retries: 0 }],
    });
    const worker = await startWorker(['guarded:step'], () => ({ status: 200, body: '{}' }));
    await register(worker, 'guarded-worker');
    // The worker's secret is rotated on its side only: the server's signatures no longer match.
    worker.secret = 'another-secret-that-is-32-characters-long';

    const runId = await trigger('guarded', {});
    await waitForRunStatus(owner.client, runId, 'FAILED');
    const details = await owner.client.get<RunDetails>(`/api/v1/stable/workflow-runs/${runId}`);
    expect(details.body.tasks[0]!.errorMessage).toContain('401');
    const post = worker.received.find((request) => request.method === 'POST')!;
    expect(post.signed).toBe(false);
  });

  it('fails the task when a 2xx answer is not JSON', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'garbled',
      tasks: [{ readableId: 'step', actionId: 'garbled:step' }],
    });
    const worker = await startWorker(['garbled:step'], () => ({ status: 200, body: 'OK!' }));
    await register(worker, 'garbled-worker');
    const runId = await trigger('garbled', {});
    await waitForRunStatus(owner.client, runId, 'FAILED');
    const details = await owner.client.get<RunDetails>(`/api/v1/stable/workflow-runs/${runId}`);
    expect(details.body.tasks[0]!.errorMessage).toContain('not JSON');
  });

  it('records failed health checks and never registers an endpoint that does not answer', async () => {
    const created = await owner.client.post<Created>(listUrl(), {
      name: 'unreachable',
      url: 'http://127.0.0.1:9/unreachable',
    });
    await until(async () => {
      const log = await owner.client.get<RequestLog>(
        `/api/v1/webhook-workers/${created.body.metadata.id}/requests`,
      );
      return log.body.requests.some((request) => request.method === 'PUT');
    });
    const log = await owner.client.get<RequestLog>(
      `/api/v1/webhook-workers/${created.body.metadata.id}/requests`,
    );
    expect(log.body.requests[0]).toMatchObject({ method: 'PUT', statusCode: 0 });
    const list = await owner.client.get<{ rows: { name: string }[] }>(
      `/api/v1/tenants/${owner.tenantId}/worker`,
    );
    expect(list.body.rows.map((row) => row.name)).not.toContain('unreachable');
  });

  it('stops the engine worker when the webhook worker is deleted', async () => {
    await t.engine.putWorkflow(owner.tenantId, {
      name: 'removed',
      tasks: [{ readableId: 'step', actionId: 'removed:step' }],
    });
    const worker = await startWorker(['removed:step'], () => ({ status: 200, body: '{}' }));
    const created = await register(worker, 'removed-worker');
    expect(
      (await owner.client.delete(`/api/v1/webhook-workers/${created.metadata.id}`)).status,
    ).toBe(200);
    // The engine marks its worker inactive (written at its next tick).
    await until(async () => {
      const list = await owner.client.get<{ rows: { name: string; status: string }[] }>(
        `/api/v1/tenants/${owner.tenantId}/worker`,
      );
      return list.body.rows.find((row) => row.name === 'removed-worker')?.status === 'INACTIVE';
    });
  });
});
