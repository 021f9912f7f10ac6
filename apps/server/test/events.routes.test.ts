import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LIST_CAP } from '@trellis/api-contract';
import { TestWorker } from '@trellis/engine/testing';
import { waitForRunStatus } from './run-helpers';
import { registerOwner, startTestApp, type TestApp } from './test-app';

/**
 * Events over REST, on a small history: events that triggered runs now completed, failed,
 * running, queued and cancelled, one that triggered nothing, one from three days ago, one let
 * through by a filter (with another filter failing on it), and look-alikes in another tenant.
 */

interface V1Event {
  metadata: { id: string; createdAt: string };
  key: string;
  tenantId: string;
  payload?: unknown;
  additionalMetadata?: Record<string, unknown>;
  scope?: string;
  seenAt?: string;
  workflowRunSummary: Record<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled', number>;
  triggeredRuns?: { workflowRunId: string; filterId?: string }[];
  replayedFromId?: string;
  celEvaluationFailures?: { filterId?: string; workflowId?: string; message: string }[];
}
interface V1EventList {
  rows: V1Event[];
  pagination: { current_page: number; next_page: number; num_pages: number };
}
interface LegacyEvent {
  metadata: { id: string };
  key: string;
  tenantId: string;
  workflowRunSummary: Record<string, number>;
  additionalMetadata?: Record<string, unknown>;
}
interface Errors {
  errors: { description: string; field?: string }[];
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
let worker: TestWorker;
const events: Record<string, string> = {};
const workflows: Record<string, string> = {};
const filters: Record<string, string> = {};
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
const dayAgo = new Date(Date.now() - 86_400_000).toISOString();

const base = () => `/api/v1/stable/tenants/${owner.tenantId}`;
const list = (query = '') => owner.client.get<V1EventList>(`${base()}/events?${query}`);
const ids = (body: { rows: { metadata: { id: string } }[] }) => body.rows.map((r) => r.metadata.id);
const named = (...names: string[]) => names.map((name) => events[name]);

async function push(
  name: string,
  key: string,
  options: { payload?: unknown; metadata?: Record<string, unknown>; scope?: string } = {},
) {
  const [id] = await t.engine.pushEvents(owner.tenantId, [
    {
      key,
      payload: options.payload ?? { name },
      additionalMetadata: options.metadata,
      scope: options.scope,
    },
  ]);
  events[name] = id!;
  return id!;
}

/** The START of the task a workflow's run for this event sent to the worker. */
const startFor = async (actionId: string, eventId: string) =>
  (
    await worker.waitFor(
      (a) => a.kind === 'START' && a.actionId === actionId && a.triggeringEventId === eventId,
    )
  )[0]!;

beforeAll(async () => {
  t = await startTestApp();
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  const define = async (name: string, eventTriggers: string[]) => {
    for (const tenantId of [owner.tenantId, other.tenantId]) {
      const { workflowId } = await t.engine.putWorkflow(tenantId, {
        name,
        eventTriggers,
        tasks: [{ readableId: name, actionId: `${name}:run` }],
      });
      if (tenantId === owner.tenantId) workflows[name] = workflowId;
    }
  };
  await define('shipping', ['order:placed']);
  await define('billing', ['order:*']);
  await define('audit', ['user:*']);
  await define('scoped', ['scoped:*']);
  worker = await new TestWorker(t.engine, owner.tenantId, 'events-worker').connect([
    'shipping:run',
    'billing:run',
  ]);
  for (const [name, expression] of [
    ['gold', "input.tier == 'gold'"],
    ['broken', 'input.missing.deeper == 1'],
  ] as const) {
    const created = await owner.client.post<{ metadata: { id: string } }>(`${base()}/filters`, {
      workflowId: workflows.scoped,
      scope: 'customer-1',
      expression,
    });
    filters[name] = created.body.metadata.id;
  }

  await push('old', 'misc:old');
  const past = new Date(Date.now() - 3 * 86_400_000);
  await t.db.query('UPDATE events SET created_at = $2 WHERE id = $1', [events.old, past]);

  // Shipping completes, billing fails.
  await push('placed', 'order:placed', { metadata: { customer: 'acme', env: 'prod' } });
  const shipping = await startFor('shipping:run', events.placed!);
  await worker.complete(shipping, { shipped: true });
  const billing = await startFor('billing:run', events.placed!);
  await worker.fail(billing, 'card declined', true);

  // Billing runs.
  await push('paid', 'order:paid', { metadata: { customer: 'globex' } });
  const paying = await startFor('billing:run', events.paid!);
  await worker.report(paying, 'STARTED', '""');

  // Audit has no worker: queued.
  await push('signup', 'user:signup', {
    metadata: { customer: 'acme', plan: 'pro' },
    scope: 'team-a',
  });
  await push('ping', 'misc:ping', { payload: { hello: 'world' } });
  // Let through by the gold filter (queued: no worker serves it); the broken filter fails.
  await push('gold', 'scoped:go', { payload: { tier: 'gold' }, scope: 'customer-1' });

  await waitForRunStatus(owner.client, shipping.workflowRunId, 'COMPLETED');
  await waitForRunStatus(owner.client, billing.workflowRunId, 'FAILED');
  await waitForRunStatus(owner.client, paying.workflowRunId, 'RUNNING');

  // The other tenant has look-alikes that must never show.
  await t.engine.pushEvents(other.tenantId, [
    { key: 'order:placed', payload: {}, additionalMetadata: { customer: 'acme' } },
    { key: 'other:only', payload: {} },
  ]);
});
afterAll(async () => {
  worker.close();
  await t.close();
});

describe('the v1 events list', () => {
  it('lists the last day’s events newest first, with their runs by status and their payloads', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(named('gold', 'ping', 'signup', 'paid', 'placed'));
    const byName = (name: string) =>
      response.body.rows.find((r) => r.metadata.id === events[name])!;
    expect(byName('placed')).toMatchObject({
      key: 'order:placed',
      tenantId: owner.tenantId,
      additionalMetadata: { customer: 'acme', env: 'prod' },
      payload: { name: 'placed' },
      workflowRunSummary: { queued: 0, running: 0, succeeded: 1, failed: 1, cancelled: 0 },
    });
    expect(byName('placed').triggeredRuns).toHaveLength(2);
    expect(byName('placed').seenAt).toBe(byName('placed').metadata.createdAt);
    expect(byName('paid').workflowRunSummary).toMatchObject({ running: 1 });
    expect(byName('signup')).toMatchObject({
      scope: 'team-a',
      workflowRunSummary: { queued: 1, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
    });
    expect(byName('ping')).toMatchObject({ payload: { hello: 'world' }, triggeredRuns: [] });
    expect(response.body.pagination).toEqual({ current_page: 1, next_page: 1, num_pages: 1 });
  });

  it('shows the filter that let a run through and the filters that failed on the event', async () => {
    const gold = (await list(`eventIds=${events.gold}`)).body.rows[0]!;
    expect(gold.triggeredRuns).toEqual([
      { workflowRunId: expect.any(String), filterId: filters.gold },
    ]);
    expect(gold.celEvaluationFailures).toEqual([
      { filterId: filters.broken, workflowId: workflows.scoped, message: expect.any(String) },
    ]);
  });

  it('bounds the window with since and until', async () => {
    expect(ids((await list(`since=${weekAgo}`)).body)).toContain(events.old);
    expect(ids((await list(`since=${weekAgo}&until=${dayAgo}`)).body)).toEqual(named('old'));
  });

  it('filters by keys, scopes and event ids', async () => {
    expect(ids((await list('keys=order:placed&keys=misc:ping')).body)).toEqual(
      named('ping', 'placed'),
    );
    expect(ids((await list('scopes=team-a')).body)).toEqual(named('signup'));
    expect(ids((await list(`eventIds=${events.paid}&eventIds=${events.old}`)).body)).toEqual(
      named('paid'),
    );
  });

  it('filters by additional metadata, every pair at once', async () => {
    expect(ids((await list('additionalMetadata=customer:acme')).body)).toEqual(
      named('signup', 'placed'),
    );
    expect(
      ids((await list('additionalMetadata=customer:acme&additionalMetadata=plan:pro')).body),
    ).toEqual(named('signup'));
  });

  it('filters by the workflows and statuses of the runs the events triggered', async () => {
    expect(ids((await list(`workflowIds=${workflows.billing}`)).body)).toEqual(
      named('paid', 'placed'),
    );
    expect(ids((await list('workflowRunStatuses=FAILED')).body)).toEqual(named('placed'));
    expect(
      ids((await list('workflowRunStatuses=QUEUED&workflowRunStatuses=RUNNING')).body),
    ).toEqual(named('gold', 'signup', 'paid'));
    // Both at once: one run must be of that workflow and in that status.
    expect(
      ids((await list(`workflowIds=${workflows.shipping}&workflowRunStatuses=FAILED`)).body),
    ).toEqual([]);
    expect(
      ids((await list(`workflowIds=${workflows.shipping}&workflowRunStatuses=COMPLETED`)).body),
    ).toEqual(named('placed'));
  });

  it('filters runs within the window, as an event and its runs share their creation time', async () => {
    const placed = (await list(`eventIds=${events.placed}`)).body.rows[0]!;
    const { rows } = await t.db.query<{ same: boolean }>(
      `SELECT bool_and(r.created_at = e.created_at) AS same
         FROM events e JOIN workflow_runs r ON r.triggering_event_id = e.id WHERE e.id = $1`,
      [events.placed],
    );
    expect(rows[0]!.same).toBe(true);
    const since = encodeURIComponent(placed.metadata.createdAt);
    expect(ids((await list(`since=${since}&workflowRunStatuses=FAILED`)).body)).toEqual(
      named('placed'),
    );
    const before = `since=${weekAgo}&until=${dayAgo}`;
    expect(ids((await list(`${before}&workflowIds=${workflows.billing}`)).body)).toEqual([]);
  });

  it('pages with offset and limit; the next page stays the current one at the end', async () => {
    const first = await list('limit=2');
    expect(ids(first.body)).toEqual(named('gold', 'ping'));
    expect(first.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 3 });
    const last = await list('limit=2&offset=4');
    expect(ids(last.body)).toEqual(named('placed'));
    expect(last.body.pagination).toEqual({ current_page: 3, next_page: 3, num_pages: 3 });
  });

  it('refuses malformed filters with the field named', async () => {
    for (const [query, field] of [
      ['additionalMetadata=nonsense', 'additionalMetadata.0'],
      ['additionalMetadata=:value', 'additionalMetadata.0'],
      ['workflowRunStatuses=SUCCEEDED', 'workflowRunStatuses.0'],
      ['since=yesterday', 'since'],
      ['workflowIds=not-a-uuid', 'workflowIds.0'],
      ['limit=0', 'limit'],
      [`offset=${EVENT_LIST_CAP + 1}`, 'offset'],
    ]) {
      const response = await owner.client.get<Errors>(`${base()}/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0]?.field, query).toBe(field);
    }
  });
});

describe('a single event and the keys', () => {
  it('answers an event with its payload, and 404 for an unknown one', async () => {
    const response = await owner.client.get<V1Event>(`${base()}/events/${events.ping}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ key: 'misc:ping', payload: { hello: 'world' } });
    const unknown = await owner.client.get(`${base()}/events/${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('lists the tenant’s distinct keys in order', async () => {
    const expected = [
      'misc:old',
      'misc:ping',
      'order:paid',
      'order:placed',
      'scoped:go',
      'user:signup',
    ];
    const v1 = await owner.client.get<{ rows: string[] }>(`${base()}/events/keys`);
    expect(v1.body.rows).toEqual(expect.arrayContaining(expected));
    expect(v1.body.rows).not.toContain('other:only');
    expect(v1.body.rows).toEqual([...v1.body.rows].sort());
    const legacy = await owner.client.get<{ rows: string[] }>(
      `/api/v1/tenants/${owner.tenantId}/events/keys`,
    );
    expect(legacy.body.rows).toEqual(v1.body.rows);
  });
});

describe('the older events API', () => {
  const legacyBase = () => `/api/v1/tenants/${owner.tenantId}/events`;
  const legacyList = (query = '') =>
    owner.client.get<{ rows: LegacyEvent[]; pagination: V1EventList['pagination'] }>(
      `${legacyBase()}?${query}`,
    );

  it('lists every event, newest first or oldest first, in the older shape', async () => {
    const newest = await legacyList();
    expect(ids(newest.body)).toEqual(named('gold', 'ping', 'signup', 'paid', 'placed', 'old'));
    const placed = newest.body.rows.find((row) => row.metadata.id === events.placed)!;
    expect(placed).toEqual({
      metadata: expect.any(Object),
      key: 'order:placed',
      tenantId: owner.tenantId,
      workflowRunSummary: {
        pending: 0,
        queued: 0,
        running: 0,
        succeeded: 1,
        failed: 1,
        cancelled: 0,
      },
      additionalMetadata: { customer: 'acme', env: 'prod' },
    });
    const oldest = await legacyList('orderByField=createdAt&orderByDirection=asc&limit=2');
    expect(ids(oldest.body)).toEqual(named('old', 'placed'));
    expect(oldest.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 3 });
    const last = await legacyList('orderByDirection=asc&limit=2&offset=4');
    expect(last.body.pagination).toEqual({ current_page: 3, next_page: 3, num_pages: 3 });
  });

  it('filters by search (part of the key), workflows and statuses of the older vocabulary', async () => {
    expect(ids((await legacyList('search=ORDER')).body)).toEqual(named('paid', 'placed'));
    expect(ids((await legacyList(`workflows=${workflows.audit}`)).body)).toEqual(named('signup'));
    expect(ids((await legacyList('statuses=SUCCEEDED')).body)).toEqual(named('placed'));
    expect(ids((await legacyList('statuses=PENDING')).body)).toEqual(named('gold', 'signup'));
    expect(ids((await legacyList('statuses=BACKOFF')).body)).toEqual([]);
  });

  it('pushes an event that triggers its workflows, and several at once', async () => {
    const created = await owner.client.post<LegacyEvent>(legacyBase(), {
      key: 'order:placed',
      data: { via: 'rest' },
      additionalMetadata: { source: 'rest' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ key: 'order:placed', tenantId: owner.tenantId });
    // Stored with its runs: both workflows' runs are there at once.
    const summary = created.body.workflowRunSummary;
    expect(summary.queued! + summary.running!).toBe(2);
    const data = await owner.client.get<{ data: string }>(
      `/api/v1/events/${created.body.metadata.id}/data`,
    );
    expect(JSON.parse(data.body.data)).toEqual({ via: 'rest' });

    const bulk = await owner.client.post<{ metadata: { id: string }; events: LegacyEvent[] }>(
      `${legacyBase()}/bulk`,
      {
        events: [
          { key: 'bulk:one', data: {} },
          { key: 'bulk:two', data: { n: 2 } },
        ],
      },
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body.events.map((event) => event.key)).toEqual(['bulk:one', 'bulk:two']);
    const two = await owner.client.get<{ data: string }>(
      `${legacyBase()}/${bulk.body.events[1]!.metadata.id}/data`,
    );
    expect(JSON.parse(two.body.data)).toEqual({ n: 2 });
  });

  it('refuses an event without a key, changing nothing', async () => {
    const response = await owner.client.post<Errors>(legacyBase(), { key: ' ', data: {} });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]?.field).toBe('key');
  });

  it('replays events as new events linked to the originals, skipping unknown ids', async () => {
    const replayed = await owner.client.post<{ rows: LegacyEvent[] }>(`${legacyBase()}/replay`, {
      eventIds: [events.paid, randomUUID(), events.ping],
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body.rows.map((row) => row.key)).toEqual(['order:paid', 'misc:ping']);
    const copy = await owner.client.get<V1Event>(
      `${base()}/events/${replayed.body.rows[0]!.metadata.id}`,
    );
    expect(copy.body).toMatchObject({
      key: 'order:paid',
      replayedFromId: events.paid,
      payload: { name: 'paid' },
      additionalMetadata: { customer: 'globex' },
    });
    // The copy triggered billing again.
    expect(copy.body.triggeredRuns).toHaveLength(1);
  });

  it('cancels the unfinished runs of events', async () => {
    const id = await push('deleted', 'user:deleted');
    const cancelled = await owner.client.post<{ workflowRunIds: string[] }>(
      `${legacyBase()}/cancel`,
      { eventIds: [id, events.placed] },
    );
    expect(cancelled.status).toBe(200);
    // The placed event's runs had finished; the new event's audit run was queued.
    expect(cancelled.body.workflowRunIds).toHaveLength(1);
    await waitForRunStatus(owner.client, cancelled.body.workflowRunIds[0]!, 'CANCELLED');
    const event = await owner.client.get<LegacyEvent>(`/api/v1/events/${id}`);
    expect(event.body.workflowRunSummary).toMatchObject({ cancelled: 1, queued: 0 });
  });
});

describe('the count of a long history', () => {
  it(`counts and pages at most ${EVENT_LIST_CAP} events`, async () => {
    const crowded = await registerOwner(t.app);
    await t.db.query(
      `INSERT INTO events (id, tenant_id, key, payload, event_timestamp)
       SELECT gen_random_uuid(), $1, 'load:' || (n % 3), '{}', now() FROM generate_series(1, $2) n`,
      [crowded.tenantId, EVENT_LIST_CAP + 50],
    );
    const response = await crowded.client.get<V1EventList>(
      `/api/v1/stable/tenants/${crowded.tenantId}/events?limit=1000`,
    );
    expect(response.body.rows).toHaveLength(1000);
    expect(response.body.pagination).toEqual({ current_page: 1, next_page: 2, num_pages: 10 });
    const keys = await crowded.client.get<{ rows: string[] }>(
      `/api/v1/stable/tenants/${crowded.tenantId}/events/keys`,
    );
    expect(keys.body.rows).toEqual(['load:0', 'load:1', 'load:2']);
  });
});
