import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledWorkflows, ScheduledWorkflowsList } from '@trellis/api-contract';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * Scheduled runs over REST: create, list with statuses and filters, reschedule, fire now, and
 * the bulk operations with their per-item errors.
 */
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let reportId: string;

const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const base = () => `/api/v1/tenants/${owner.tenantId}/workflows`;
const path = (id: string) => `${base()}/scheduled/${id}`;
const schedule = (body: Record<string, unknown>, workflow = 'report') =>
  owner.client.post<ScheduledWorkflows & Errors>(`${base()}/${workflow}/scheduled`, {
    input: {},
    additionalMetadata: {},
    ...body,
  });
const list = (query = '') =>
  owner.client.get<ScheduledWorkflowsList>(`${base()}/scheduled${query}`);
const ids = (body: ScheduledWorkflowsList) => body.rows.map((row) => row.metadata.id);

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  ({ workflowId: reportId } = await t.engine.putWorkflow(owner.tenantId, {
    name: 'report',
    tasks: [{ readableId: 'report', actionId: 'report:report' }],
  }));
});
afterAll(async () => t.close());

describe('scheduled runs', () => {
  let first: string;
  let second: string;
  let fired: string;

  it('creates a scheduled run, SCHEDULED until it fires', async () => {
    const triggerAt = future(1);
    const response = await schedule({
      triggerAt,
      input: { n: 1 },
      additionalMetadata: { batch: 'a' },
      priority: 2,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      workflowId: reportId,
      workflowName: 'report',
      triggerAt,
      input: { n: 1 },
      additionalMetadata: { batch: 'a' },
      method: 'API',
      priority: 2,
    });
    expect(response.body.workflowRunId).toBeUndefined();
    first = response.body.metadata.id;
    second = (await schedule({ triggerAt: future(2), additionalMetadata: { batch: 'b' } })).body
      .metadata.id;
  });

  it('refuses a time that is not a date-time, changing nothing', async () => {
    const before = await databaseSnapshot(t.db);
    const response = await schedule({ triggerAt: 'tomorrow' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]?.field).toBe('triggerAt');
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it('fires a run now on request and links it', async () => {
    fired = (await schedule({ triggerAt: future(3), input: { now: true } })).body.metadata.id;
    const response = await owner.client.post<{ externalId: string }>(path(fired));
    expect(response.status).toBe(200);
    const row = await owner.client.get<ScheduledWorkflows>(path(fired));
    expect(row.body).toMatchObject({
      workflowRunId: response.body.externalId,
      workflowRunStatus: 'QUEUED',
      workflowRunName: 'report',
    });
    const run = await owner.client.get<{ run: { trigger: Record<string, unknown> } }>(
      `/api/v1/stable/workflow-runs/${response.body.externalId}`,
    );
    expect(run.body.run.trigger).toMatchObject({ kind: 'SCHEDULE', scheduledRunId: fired });
    expect((await owner.client.post(path(fired))).status).toBe(400);
  });

  it('lists by status, workflow and metadata, in trigger order', async () => {
    expect(ids((await list()).body)).toEqual([fired, second, first]);
    expect(ids((await list('?orderByDirection=ASC')).body)).toEqual([first, second, fired]);
    expect(ids((await list('?statuses=SCHEDULED')).body)).toEqual([second, first]);
    expect(ids((await list('?statuses=QUEUED')).body)).toEqual([fired]);
    expect(ids((await list('?statuses=SUCCEEDED')).body)).toEqual([]);
    expect(ids((await list('?additionalMetadata=batch:b')).body)).toEqual([second]);
    expect(ids((await list(`?workflowId=${reportId}&limit=1&offset=1`)).body)).toEqual([second]);
  });

  it('reschedules one that has not fired, and refuses one that has', async () => {
    const triggerAt = future(5);
    const moved = await owner.client.patch<ScheduledWorkflows>(path(first), { triggerAt });
    expect(moved.status).toBe(200);
    expect(moved.body.triggerAt).toBe(triggerAt);
    const refused = await owner.client.patch<Errors>(path(fired), { triggerAt });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]?.description).toBe(
      'Scheduled run has already been triggered and cannot be rescheduled.',
    );
  });

  it('bulk-updates, reporting the ones it could not move', async () => {
    const triggerAt = future(6);
    const response = await owner.client.post<{
      updatedIds: string[];
      errors: { id: string; error: string }[];
    }>(`${base()}/scheduled/bulk-update`, {
      updates: [
        { id: second, triggerAt },
        { id: fired, triggerAt },
      ],
    });
    expect(response.body).toEqual({
      updatedIds: [second],
      errors: [
        { id: fired, error: 'Scheduled run has already been triggered and cannot be rescheduled.' },
      ],
    });
  });

  it('bulk-deletes by filter and by ids, and refuses both at once', async () => {
    const both = await owner.client.post(`${base()}/scheduled/bulk-delete`, {
      scheduledWorkflowRunIds: [first],
      filter: { workflowId: reportId },
    });
    expect(both.status).toBe(400);
    const byFilter = await owner.client.post<{ deletedIds: string[] }>(
      `${base()}/scheduled/bulk-delete`,
      {
        filter: { workflowId: reportId, statuses: ['SCHEDULED'], additionalMetadata: ['batch:b'] },
      },
    );
    expect(byFilter.body).toEqual({ deletedIds: [second], errors: [] });
    const unknown = '0b7c6f7e-9a51-4c6e-8f0e-5d4f2a1b3c9d';
    const byIds = await owner.client.post(`${base()}/scheduled/bulk-delete`, {
      scheduledWorkflowRunIds: [first, unknown],
    });
    expect(byIds.body).toEqual({
      deletedIds: [first],
      errors: [{ id: unknown, error: 'scheduled workflow run not found' }],
    });
  });

  it('deletes a fired one without touching its run', async () => {
    const runId = (await owner.client.get<ScheduledWorkflows>(path(fired))).body.workflowRunId!;
    expect((await owner.client.delete(path(fired))).status).toBe(204);
    expect((await owner.client.get(path(fired))).status).toBe(404);
    expect((await owner.client.get(`/api/v1/stable/workflow-runs/${runId}`)).status).toBe(200);
    expect((await owner.client.delete(path(fired))).status).toBe(404);
  });
});
