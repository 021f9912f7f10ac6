import { describe, expect, it } from 'vitest';
import { usePhaseFixture, type PhaseFixture } from '../../test/phase-fixture';
import type { PushedEvent } from '../types';

let fx: PhaseFixture;

const onOrder = (name: string, eventTriggers: string[]) => ({
  name,
  tasks: [{ readableId: 'step', actionId: `${name}:step` }],
  eventTriggers,
});

usePhaseFixture(
  [
    onOrder('exact', ['order:created']),
    onOrder('wildcard', ['order:*']),
    onOrder('elsewhere', ['user:created']),
    {
      ...onOrder('per-customer', ['invoice:*']),
      concurrency: [{ expression: 'input.customer', strategy: 'GROUP_ROUND_ROBIN' }],
    },
  ],
  (created) => {
    fx = created;
  },
);

/** Pushes events through the event and trigger phases, in one transaction as a tick does. */
async function push(events: PushedEvent[]): Promise<string[]> {
  const pushed = fx.systems.pushedEvent.request(fx.tenantId, events);
  await fx.buffered(fx.systems.pushedEvent);
  await fx.apply(fx.systems.pushedEvent, fx.systems.trigger);
  return pushed;
}

async function runsOf(eventId: string) {
  return fx.rows<{
    workflow: string;
    input: unknown;
    metadata: Record<string, unknown>;
    priority: number;
    filterId: string | null;
    filterPayload: unknown;
  }>(
    `SELECT w.name AS workflow, r.input, r.additional_metadata AS metadata, r.priority,
            r.triggering_filter_id AS "filterId", r.filter_payload AS "filterPayload"
       FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
      WHERE r.triggering_event_id = $1 ORDER BY w.name`,
    [eventId],
  );
}

async function addFilter(workflow: string, scope: string, expression: string, payload = {}) {
  const [row] = await fx.rows<{ id: string }>(
    `INSERT INTO event_filters (tenant_id, workflow_id, scope, expression, payload)
     SELECT $1, id, $3, $4, $5 FROM workflows WHERE tenant_id = $1 AND name = $2 RETURNING id`,
    [fx.tenantId, workflow, scope, expression, JSON.stringify(payload)],
  );
  fx.routes.invalidate(fx.tenantId);
  return row!.id;
}

describe('pushed event phase', () => {
  it('stores events with their ids, defaults filled in', async () => {
    const ids = await push([
      { key: 'user:updated', payload: { id: 1 }, additionalMetadata: { src: 'test' }, priority: 2 },
      { key: 'user:deleted', payload: { id: 2 }, scope: 'tenant-a' },
    ]);
    expect(
      await fx.rows(
        `SELECT id, key, payload, additional_metadata, scope, priority, event_timestamp,
                cel_failures FROM events ORDER BY key DESC`,
      ),
    ).toEqual([
      {
        id: ids[0],
        key: 'user:updated',
        payload: { id: 1 },
        additional_metadata: { src: 'test' },
        scope: null,
        priority: 2,
        event_timestamp: new Date(fx.now),
        cel_failures: null,
      },
      {
        id: ids[1],
        key: 'user:deleted',
        payload: { id: 2 },
        additional_metadata: {},
        scope: 'tenant-a',
        priority: null,
        event_timestamp: new Date(fx.now),
        cel_failures: null,
      },
    ]);
  });

  it('triggers every workflow whose trigger matches the key, wildcards included', async () => {
    const [eventId] = await push([
      {
        key: 'order:created',
        payload: { order: 7 },
        additionalMetadata: { team: 'a', hatchet__event_id: 'forged' },
        priority: 3,
      },
    ]);
    const metadata = { team: 'a', hatchet__event_id: eventId, hatchet__event_key: 'order:created' };
    expect(await runsOf(eventId!)).toEqual([
      {
        workflow: 'exact',
        input: { order: 7 },
        metadata,
        priority: 3,
        filterId: null,
        filterPayload: null,
      },
      {
        workflow: 'wildcard',
        input: { order: 7 },
        metadata,
        priority: 3,
        filterId: null,
        filterPayload: null,
      },
    ]);
    const [other] = await push([{ key: 'order:shipped', payload: {} }]);
    expect((await runsOf(other!)).map((r) => r.workflow)).toEqual(['wildcard']);
    const [none] = await push([{ key: 'invoice:paid', payload: {} }]);
    expect(await runsOf(none!)).toEqual([]);
  });

  it('runs a workflow with filters once per true filter of the event scope, with its payload', async () => {
    const big = await addFilter('exact', 'shop-1', 'input.amount > payload.min', { min: 100 });
    await addFilter('exact', 'shop-1', 'additional_metadata.vip == true');
    await addFilter('exact', 'shop-2', 'true');

    const [unscoped] = await push([{ key: 'order:created', payload: { amount: 500 } }]);
    expect((await runsOf(unscoped!)).map((r) => r.workflow)).toEqual(['wildcard']);

    const [scoped] = await push([
      {
        key: 'order:created',
        payload: { amount: 500 },
        scope: 'shop-1',
        additionalMetadata: { vip: false },
      },
    ]);
    expect((await runsOf(scoped!)).map((r) => [r.workflow, r.filterId, r.filterPayload])).toEqual([
      ['exact', big, { min: 100 }],
      ['wildcard', null, null],
    ]);

    const [small] = await push([{ key: 'order:created', payload: { amount: 5 }, scope: 'shop-1' }]);
    expect((await runsOf(small!)).map((r) => r.workflow)).toEqual(['wildcard']);
  });

  it('records a filter that fails on an event and still evaluates the others', async () => {
    const broken = await addFilter('exact', 's', 'input.missing.deeper == 1');
    const fine = await addFilter('exact', 's', 'input.amount == 1');
    const [eventId] = await push([{ key: 'order:created', payload: { amount: 1 }, scope: 's' }]);
    expect((await runsOf(eventId!)).map((r) => [r.workflow, r.filterId])).toEqual([
      ['exact', fine],
      ['wildcard', null],
    ]);
    const [event] = await fx.rows<{ cel_failures: { filterId: string; message: string }[] }>(
      'SELECT cel_failures FROM events WHERE id = $1',
      [eventId],
    );
    expect(event!.cel_failures).toEqual([
      expect.objectContaining({ filterId: broken, message: expect.stringContaining('missing') }),
    ]);
  });

  it('stores an event with its runs or not at all', async () => {
    await fx.db.query(`CREATE FUNCTION refuse_run() RETURNS trigger LANGUAGE plpgsql AS
                         $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
    await fx.db.query(`CREATE TRIGGER refuse BEFORE INSERT ON workflow_runs
                         FOR EACH STATEMENT EXECUTE FUNCTION refuse_run()`);
    const pushed = fx.systems.pushedEvent.request(fx.tenantId, [
      { key: 'order:created', payload: {} },
    ]);
    await fx.buffered(fx.systems.pushedEvent);
    await expect(fx.apply(fx.systems.pushedEvent, fx.systems.trigger)).rejects.toThrow(
      'injected fault',
    );
    await expect(pushed).rejects.toThrow('injected fault');
    expect(await fx.rows('SELECT id FROM events')).toEqual([]);
    expect(await fx.rows('SELECT id FROM workflow_runs')).toEqual([]);

    await fx.db.query('DROP TRIGGER refuse ON workflow_runs');
    const [eventId] = await push([{ key: 'order:created', payload: {} }]);
    expect(await runsOf(eventId!)).toHaveLength(2);
    expect(await fx.rows('SELECT id FROM events')).toHaveLength(1);
  });

  it('refuses more than 1000 events at once and keys that are empty', async () => {
    const many = Array.from({ length: 1001 }, () => ({ key: 'k', payload: {} }));
    await expect(fx.systems.pushedEvent.request(fx.tenantId, many)).rejects.toThrow('at most 1000');
    await expect(
      fx.systems.pushedEvent.request(fx.tenantId, [{ key: '', payload: {} }]),
    ).rejects.toThrow('needs a key');
  });

  it('starts no run whose concurrency key fails on the event, and records why on the event', async () => {
    const [ok] = await push([{ key: 'invoice:paid', payload: { customer: 'acme' } }]);
    expect((await runsOf(ok!)).map((r) => r.workflow)).toEqual(['per-customer']);
    const [bad] = await push([{ key: 'invoice:paid', payload: { amount: 3 } }]);
    expect(await runsOf(bad!)).toEqual([]);
    const [event] = await fx.rows<{ failures: { message: string; filterId: string | null }[] }>(
      'SELECT cel_failures AS failures FROM events WHERE id = $1',
      [bad],
    );
    expect(event!.failures).toEqual([
      expect.objectContaining({
        filterId: null,
        message: expect.stringContaining('input.customer'),
      }),
    ]);
  });
});
