import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  v1EventExportRowSchema,
  v1RunExportRowSchema,
  type V1EventExportRow,
  type V1RunExportRow,
} from '@trellis/api-contract';
import { registerOwner, startTestApp, type TestApp, type TestClient } from './test-app';

/**
 * Exports of the runs and events lists: CSV and JSON content for the lists' filters, every row
 * across several batches, tenant scoping and refused input.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
const workflows: Record<string, string> = {};
const runIds: { alpha: string[]; beta: string[]; bulk: string[] } = {
  alpha: [],
  beta: [],
  bulk: [],
};
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
/** More than one read batch (500), so the keyset continuation is exercised. */
const BULK_RUNS = 1_100;
const BULK_EVENTS = 600;

/** GET through the app with the client's session, without reading the body as JSON. */
async function download(client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

const runsUrl = (tenantId: string, query: string) =>
  `/api/v1/stable/tenants/${tenantId}/workflow-runs/export?${query}`;
const eventsUrl = (tenantId: string, query: string) =>
  `/api/v1/stable/tenants/${tenantId}/events/export?${query}`;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  for (const name of ['alpha', 'beta', 'bulk']) {
    const { workflowId } = await t.engine.putWorkflow(owner.tenantId, {
      name,
      tasks: [{ readableId: name, actionId: `${name}:run` }],
    });
    workflows[name] = workflowId;
  }
  // Every bulk event triggers one run of it, so events also filter by the runs they triggered.
  const listener = await t.engine.putWorkflow(owner.tenantId, {
    name: 'listener',
    tasks: [{ readableId: 'listener', actionId: 'listener:run' }],
    eventTriggers: ['bulk.event'],
  });
  workflows.listener = listener.workflowId;
  await t.engine.putWorkflow(other.tenantId, {
    name: 'alpha',
    tasks: [{ readableId: 'alpha', actionId: 'alpha:run' }],
  });
  // No worker runs them: they stay queued, which is all a list needs.
  runIds.alpha = await t.engine.trigger(owner.tenantId, [
    { workflowName: 'alpha', input: {}, additionalMetadata: { team: 'a, "quoted"' } },
    { workflowName: 'alpha', input: {}, additionalMetadata: { team: '=1+1' } },
  ]);
  runIds.beta = await t.engine.trigger(owner.tenantId, [
    { workflowName: 'beta', input: {}, additionalMetadata: { team: 'b' } },
  ]);
  runIds.bulk = await t.engine.trigger(
    owner.tenantId,
    Array.from({ length: BULK_RUNS }, (_, index) => ({
      workflowName: 'bulk',
      input: {},
      additionalMetadata: { index: String(index) },
    })),
  );
  await t.engine.trigger(other.tenantId, [{ workflowName: 'alpha', input: {} }]);
  await t.engine.pushEvents(owner.tenantId, [
    { key: 'order.paid', payload: { total: 12 }, additionalMetadata: { shop: 'north' } },
    { key: 'order.paid', payload: { total: 7 }, additionalMetadata: { shop: 'south' } },
    { key: 'user.signed-up', payload: { line: 'two\nlines' }, additionalMetadata: {} },
    { key: '=HYPERLINK("http://example.com")', payload: {} },
  ]);
  await t.engine.pushEvents(
    owner.tenantId,
    Array.from({ length: BULK_EVENTS }, (_, index) => ({ key: 'bulk.event', payload: { index } })),
  );
  await t.engine.pushEvents(other.tenantId, [{ key: 'order.paid', payload: {} }]);
}, 120_000);
afterAll(async () => t.close());

describe('runs export', () => {
  it('streams the filtered runs as CSV with a header line, the total and a file name', async () => {
    const response = await download(
      owner.client,
      runsUrl(owner.tenantId, `since=${hourAgo}&workflow_ids=${workflows.alpha}&format=csv`),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="runs-\d{8}-\d{6}\.csv"$/,
    );
    const [header, ...records] = parse(response.body) as string[][];
    expect(header).toEqual(Object.keys(v1RunExportRowSchema.shape));
    expect(records).toHaveLength(2);
    const rows = records.map((record) => Object.fromEntries(header!.map((k, i) => [k, record[i]])));
    expect(rows.map((row) => row.id).sort()).toEqual([...runIds.alpha].sort());
    expect(rows.every((row) => row.workflowName === 'alpha' && row.status === 'QUEUED')).toBe(true);
    // Objects are JSON, with the library's quoting around commas and quotes.
    const teams = rows.map((row) => JSON.parse(row.additionalMetadata!) as { team: string });
    expect(teams.map((team) => team.team).sort()).toEqual(['=1+1', 'a, "quoted"']);
  });

  it('streams JSON rows of the contract, newest first, filtered by metadata', async () => {
    const response = await download(
      owner.client,
      runsUrl(owner.tenantId, `since=${hourAgo}&additional_metadata=team:b&format=json`),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="runs-.*\.json"/);
    const rows = JSON.parse(response.body) as V1RunExportRow[];
    expect(rows.map((row) => row.id)).toEqual(runIds.beta);
    expect(v1RunExportRowSchema.parse(rows[0])).toMatchObject({
      type: 'TASK',
      displayName: 'beta',
      workflowId: workflows.beta,
      startedAt: null,
      additionalMetadata: { team: 'b' },
    });
  });

  it('sends every matching row across batches, once each, in list order', async () => {
    const response = await download(
      owner.client,
      runsUrl(owner.tenantId, `since=${hourAgo}&workflow_ids=${workflows.bulk}&format=json`),
    );
    expect(response.headers['x-total-count']).toBe(String(BULK_RUNS));
    const rows = JSON.parse(response.body) as V1RunExportRow[];
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(runIds.bulk));
    expect(rows).toHaveLength(BULK_RUNS);
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('exports task rows with only_tasks, and nothing but an empty file when nothing matches', async () => {
    const tasks = await download(
      owner.client,
      runsUrl(owner.tenantId, `since=${hourAgo}&only_tasks=true&statuses=QUEUED&format=json`),
    );
    expect(tasks.headers['content-disposition']).toMatch(/filename="tasks-/);
    expect(JSON.parse(tasks.body)).toHaveLength(BULK_RUNS + 3 + BULK_EVENTS);

    const none = await download(
      owner.client,
      runsUrl(owner.tenantId, `since=${hourAgo}&statuses=FAILED&format=json`),
    );
    expect(none.headers['x-total-count']).toBe('0');
    expect(JSON.parse(none.body)).toEqual([]);
    const noneCsv = await download(
      owner.client,
      runsUrl(owner.tenantId, `since=${hourAgo}&statuses=FAILED`),
    );
    expect(noneCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parse(noneCsv.body)).toHaveLength(1);
  });
});

describe('events export', () => {
  it('streams the filtered events as CSV and JSON', async () => {
    const csv = await download(
      owner.client,
      eventsUrl(owner.tenantId, 'keys=order.paid&format=csv'),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe('2');
    expect(csv.headers['content-disposition']).toMatch(/filename="events-.*\.csv"/);
    const [header, ...records] = parse(csv.body) as string[][];
    expect(header).toEqual(Object.keys(v1EventExportRowSchema.shape));
    expect(records.map((record) => record[1])).toEqual(['order.paid', 'order.paid']);

    const json = await download(
      owner.client,
      eventsUrl(owner.tenantId, 'additionalMetadata=shop:south&format=json'),
    );
    const rows = JSON.parse(json.body) as V1EventExportRow[];
    expect(rows).toHaveLength(1);
    expect(v1EventExportRowSchema.parse(rows[0])).toMatchObject({
      key: 'order.paid',
      payload: { total: 7 },
      runsQueued: 0,
    });
  });

  it('defuses a value a spreadsheet would run as a formula', async () => {
    const csv = await download(owner.client, eventsUrl(owner.tenantId, 'format=csv'));
    const keys = (parse(csv.body) as string[][]).slice(1).map((record) => record[1]);
    expect(keys).toContain(`'=HYPERLINK("http://example.com")`);
  });

  it.each([
    ['their key', 'keys=bulk.event'],
    ['the workflow of the runs they triggered', 'workflowIds={listener}'],
  ])('sends every event matching %s across batches, once each', async (_case, filter) => {
    const query = `${filter.replace('{listener}', workflows.listener!)}&format=json`;
    const response = await download(owner.client, eventsUrl(owner.tenantId, query));
    expect(response.headers['x-total-count']).toBe(String(BULK_EVENTS));
    const rows = JSON.parse(response.body) as V1EventExportRow[];
    expect(rows).toHaveLength(BULK_EVENTS);
    expect(new Set(rows.map((row) => (row.payload as { index: number }).index)).size).toBe(
      BULK_EVENTS,
    );
    expect(rows.every((row) => row.key === 'bulk.event' && row.runsQueued === 1)).toBe(true);
  });

  it('keeps a payload with a line break in one CSV record', async () => {
    const csv = await download(owner.client, eventsUrl(owner.tenantId, 'keys=user.signed-up'));
    const records = parse(csv.body) as string[][];
    expect(records).toHaveLength(2);
    expect(JSON.parse(records[1]!.at(-1)!)).toEqual({ line: 'two\nlines' });
  });
});

describe('export access and input', () => {
  it("refuses another tenant's member and exports only the caller's own tenant", async () => {
    const runs = await download(other.client, runsUrl(owner.tenantId, `since=${hourAgo}`));
    expect(runs.statusCode).toBe(401);
    expect(JSON.parse(runs.body)).toHaveProperty('errors');
    const events = await download(other.client, eventsUrl(owner.tenantId, ''));
    expect(events.statusCode).toBe(401);

    const own = await download(
      other.client,
      runsUrl(other.tenantId, `since=${hourAgo}&format=json`),
    );
    expect(JSON.parse(own.body)).toHaveLength(1);
    const ownEvents = await download(other.client, eventsUrl(other.tenantId, 'format=json'));
    expect(JSON.parse(ownEvents.body)).toHaveLength(1);
  });

  it('refuses callers without credentials', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: runsUrl(owner.tenantId, `since=${hourAgo}`),
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['an unknown format', runsUrl('{tenant}', `since=${hourAgo}&format=xml`)],
    ['no since', runsUrl('{tenant}', 'format=csv')],
    ['an unknown status', runsUrl('{tenant}', `since=${hourAgo}&statuses=DONE`)],
    ['a bad date', eventsUrl('{tenant}', 'since=yesterday')],
    ['a bad workflow id', eventsUrl('{tenant}', 'workflowIds=nope')],
    ['an unknown event format', eventsUrl('{tenant}', 'format=ndjson')],
  ])('answers %s with 400 and the API error shape', async (_case, url) => {
    const response = await download(owner.client, url.replace('{tenant}', owner.tenantId));
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body) as { errors: { description: string }[] };
    expect(body.errors[0]?.description).toEqual(expect.any(String));
  });
});
