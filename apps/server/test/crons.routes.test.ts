import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CronWorkflows, CronWorkflowsList } from '@trellis/api-contract';
import { databaseSnapshot, registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * Cron triggers over REST: create with the spec's validation messages, the list's filters,
 * order and pages, enable and disable, edits in place, run now, delete, and crons declared in
 * code (listed, not deletable).
 */
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let reportId: string;

const base = () => `/api/v1/tenants/${owner.tenantId}/workflows`;
const create = (workflow: string, body: Record<string, unknown>) =>
  owner.client.post<CronWorkflows & Errors>(`${base()}/${workflow}/crons`, {
    input: {},
    additionalMetadata: {},
    ...body,
  });
const list = (query = '') => owner.client.get<CronWorkflowsList>(`${base()}/crons${query}`);
const names = (body: CronWorkflowsList) => body.rows.map((row) => row.name ?? `(${row.cron})`);

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  ({ workflowId: reportId } = await t.engine.putWorkflow(owner.tenantId, {
    name: 'report',
    tasks: [{ readableId: 'report', actionId: 'report:report' }],
  }));
  await t.engine.putWorkflow(owner.tenantId, {
    name: 'cleanup',
    tasks: [{ readableId: 'cleanup', actionId: 'cleanup:cleanup' }],
    cronTriggers: ['0 3 * * *'],
    cronInput: { mode: 'full' },
  });
});
afterAll(async () => t.close());

describe('creating crons', () => {
  it('answers the cron with its workflow, method API and enabled', async () => {
    const response = await create('Report', {
      cronName: 'nightly',
      cronExpression: 'CRON_TZ=Europe/Paris 0 2 * * *',
      input: { scope: 'all' },
      additionalMetadata: { team: 'data' },
      priority: 2,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      tenantId: owner.tenantId,
      workflowId: reportId,
      workflowName: 'report',
      cron: 'CRON_TZ=Europe/Paris 0 2 * * *',
      name: 'nightly',
      input: { scope: 'all' },
      additionalMetadata: { team: 'data' },
      enabled: true,
      method: 'API',
      priority: 2,
    });
    expect(response.body.workflowVersionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.lastFire).toBeUndefined();
  });

  it.each([
    ['* * *', 'Expression has only 3 parts. At least 5 parts are required.'],
    ['* * * * * * * *', 'Expression has 8 parts; too many!'],
    ['0 25 * * *', 'Expression contains invalid values'],
    ['@sometimes', 'Unknown special expression.'],
    ['CRON_TZ=Mars/Base 0 9 * * *', 'Unknown time zone "Mars/Base".'],
  ])('refuses %s with the spec message on cronExpression', async (cronExpression, message) => {
    const before = await databaseSnapshot(t.db);
    const response = await create('report', { cronName: 'bad', cronExpression });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'cronExpression', description: message }]);
    expect(await databaseSnapshot(t.db)).toEqual(before);
  });

  it('refuses an empty name and a taken name-expression pair', async () => {
    const empty = await create('report', { cronName: ' ', cronExpression: '* * * * *' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      { field: 'cronName', description: 'cron name is required' },
    ]);
    expect((await create('report', { cronName: 'dup', cronExpression: '0 1 * * *' })).status).toBe(
      200,
    );
    const taken = await create('report', { cronName: 'dup', cronExpression: '0 1 * * *' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      {
        field: 'cronName',
        description: 'cron trigger with that name-expression pair already exists',
      },
    ]);
  });

  it('answers 404 for a workflow the tenant does not have', async () => {
    const response = await create('nope', { cronName: 'x', cronExpression: '* * * * *' });
    expect(response.status).toBe(404);
  });
});

describe('listing crons', () => {
  it('lists crons declared in code and created over REST, newest first', async () => {
    const { body } = await list();
    expect(names(body)).toEqual(['dup', 'nightly', '(0 3 * * *)']);
    const declared = body.rows.at(-1)!;
    expect(declared).toMatchObject({ method: 'DEFAULT', input: { mode: 'full' }, enabled: true });
    expect(declared.name).toBeUndefined();
  });

  it('filters by workflow, name and metadata, orders by name, and pages', async () => {
    expect(names((await list(`?workflowId=${reportId}`)).body)).toEqual(['dup', 'nightly']);
    expect(names((await list('?workflowName=cleanup')).body)).toEqual(['(0 3 * * *)']);
    expect(names((await list('?cronName=nigh')).body)).toEqual(['nightly']);
    expect(names((await list('?additionalMetadata=team:data')).body)).toEqual(['nightly']);
    const byName = await list('?orderByField=name&orderByDirection=ASC&limit=2');
    expect(names(byName.body)).toEqual(['(0 3 * * *)', 'dup']);
    expect(byName.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 2 });
  });

  it('refuses a metadata filter that is not key:value', async () => {
    const response = await owner.client.get<Errors>(`${base()}/crons?additionalMetadata=nokey`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]?.description).toBe(
      'Additional metadata filters must be in the format key:value.',
    );
  });
});

describe('changing crons', () => {
  const cronPath = (id: string) => `${base()}/crons/${id}`;
  const find = async (name: string) => (await list()).body.rows.find((row) => row.name === name)!;

  it('disables and enables a cron with 204', async () => {
    const nightly = await find('nightly');
    const off = await owner.client.patch(cronPath(nightly.metadata.id), { enabled: false });
    expect(off.status).toBe(204);
    expect(
      (await owner.client.get<CronWorkflows>(cronPath(nightly.metadata.id))).body.enabled,
    ).toBe(false);
    await owner.client.patch(cronPath(nightly.metadata.id), { enabled: true });
    expect((await find('nightly')).enabled).toBe(true);
  });

  it('edits a cron created over REST in place, validating the new expression', async () => {
    const dup = await find('dup');
    const bad = await owner.client.patch<Errors>(cronPath(dup.metadata.id), {
      cronExpression: '0 0 32 * *',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'cronExpression', description: 'Expression contains invalid values' },
    ]);
    const edited = await owner.client.patch(cronPath(dup.metadata.id), {
      cronName: 'hourly',
      cronExpression: '0 * * * *',
      input: { edited: true },
      additionalMetadata: { by: 'test' },
      priority: 3,
    });
    expect(edited.status).toBe(204);
    expect(await owner.client.get(cronPath(dup.metadata.id))).toMatchObject({
      body: {
        name: 'hourly',
        cron: '0 * * * *',
        input: { edited: true },
        additionalMetadata: { by: 'test' },
        priority: 3,
      },
    });
  });

  it('refuses to edit or delete a cron declared in code, but disables it', async () => {
    const declared = (await list('?workflowName=cleanup')).body.rows[0]!;
    const edit = await owner.client.patch(cronPath(declared.metadata.id), {
      cronExpression: '0 4 * * *',
    });
    expect(edit.status).toBe(400);
    expect((await owner.client.delete(cronPath(declared.metadata.id))).status).toBe(403);
    expect(
      (await owner.client.patch(cronPath(declared.metadata.id), { enabled: false })).status,
    ).toBe(204);
  });

  it('runs a cron now, with its input, and links the run to it', async () => {
    const nightly = await find('nightly');
    const response = await owner.client.post<{ externalId: string }>(cronPath(nightly.metadata.id));
    expect(response.status).toBe(200);
    const run = await owner.client.get<{
      run: { input: unknown; trigger: Record<string, unknown> };
    }>(`/api/v1/stable/workflow-runs/${response.body.externalId}`);
    expect(run.body.run.input).toEqual({ scope: 'all' });
    expect(run.body.run.trigger).toEqual({
      kind: 'CRON',
      cronId: nightly.metadata.id,
      cronName: 'nightly',
      cronExpression: 'CRON_TZ=Europe/Paris 0 2 * * *',
      late: false,
    });
  });

  it('deletes a cron with 204, then answers 404', async () => {
    const hourly = await find('hourly');
    expect((await owner.client.delete(cronPath(hourly.metadata.id))).status).toBe(204);
    expect((await owner.client.get(cronPath(hourly.metadata.id))).status).toBe(404);
    expect((await owner.client.delete(cronPath(hourly.metadata.id))).status).toBe(404);
  });
});
