/**
 * Events through the whole engine: the actions their runs carry, filters declared in code,
 * replay and cancel. The routing rules themselves are tested with the phase
 * (systems/pushed-event.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from './engine';
import { createTenant, TestWorker } from '../test/test-worker';
import type { WorkflowDefinitionInput } from './workflow-definition';

let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let tenantId: string;

beforeEach(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  tenantId = await createTenant(db);
  engine = new Engine({ db, onError: (m, err) => console.error(m, err) });
  await engine.start();
});

afterEach(async () => {
  await engine.close();
  await drop();
});

const onOrder: WorkflowDefinitionInput = {
  name: 'on-order',
  tasks: [{ readableId: 'step', actionId: 'on-order:step' }],
  eventTriggers: ['order:*'],
};

async function filters() {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT scope, expression, payload, is_declarative AS "isDeclarative"
       FROM event_filters ORDER BY scope, expression`,
  );
  return rows;
}

describe('events', () => {
  it('hands the event id, key and filter payload to the task', async () => {
    await engine.putWorkflow(tenantId, {
      ...onOrder,
      defaultFilters: [{ scope: 'shop', expression: 'input.n > 0', payload: { tier: 'gold' } }],
    });
    const worker = await new TestWorker(engine, tenantId).connect(['on-order:step']);
    const [eventId] = await engine.pushEvents(tenantId, [
      { key: 'order:paid', payload: { n: 1 }, scope: 'shop' },
    ]);
    const action = await worker.start('on-order:step');
    expect(action.triggeringEventId).toBe(eventId);
    expect(action.triggeringEventKey).toBe('order:paid');
    const payload = JSON.parse(action.payload) as Record<string, unknown>;
    expect(payload).toMatchObject({
      input: { n: 1 },
      triggered_by: 'event',
      triggers: { filter_payload: { tier: 'gold' } },
    });
    worker.close();
  });

  it('keeps a workflow’s declared filters in step with its code', async () => {
    await engine.putWorkflow(tenantId, {
      ...onOrder,
      defaultFilters: [
        { scope: 'a', expression: 'true', payload: { v: 1 } },
        { scope: 'b', expression: 'input.x == 1', payload: {} },
      ],
    });
    // A filter created over REST stays when the code's list changes.
    await db.query(
      `INSERT INTO event_filters (tenant_id, workflow_id, scope, expression)
       SELECT tenant_id, id, 'manual', 'false' FROM workflows WHERE tenant_id = $1`,
      [tenantId],
    );
    await engine.putWorkflow(tenantId, {
      ...onOrder,
      defaultFilters: [{ scope: 'a', expression: 'true', payload: { v: 2 } }],
    });
    expect(await filters()).toEqual([
      { scope: 'a', expression: 'true', payload: { v: 2 }, isDeclarative: true },
      { scope: 'manual', expression: 'false', payload: {}, isDeclarative: false },
    ]);
    await expect(
      engine.putWorkflow(tenantId, {
        ...onOrder,
        defaultFilters: [{ scope: 'a', expression: 'input.', payload: {} }],
      }),
    ).rejects.toThrow(/default filter "input\." does not compile/);
  });

  it('replays events as new linked events that trigger again, and cancels their runs', async () => {
    await engine.putWorkflow(tenantId, onOrder);
    const [original] = await engine.pushEvents(tenantId, [
      { key: 'order:paid', payload: { n: 2 }, additionalMetadata: { m: 'x' }, scope: 's' },
    ]);
    const [replayed] = await engine.replayEvents(tenantId, [
      original!,
      '6f1c2a86-4f35-4b8e-9d8b-1d2f3a4b5c6d',
    ]);
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT e.key, e.payload, e.additional_metadata AS metadata, e.scope,
              e.replayed_from_id AS "replayedFrom", count(r.id)::int AS runs
         FROM events e LEFT JOIN workflow_runs r ON r.triggering_event_id = e.id
        WHERE e.id = $1 GROUP BY e.id, e.created_at`,
      [replayed],
    );
    expect(rows).toEqual([
      {
        key: 'order:paid',
        payload: { n: 2 },
        metadata: { m: 'x' },
        scope: 's',
        replayedFrom: original,
        runs: 1,
      },
    ]);

    const cancelled = await engine.cancelEventRuns(tenantId, [original!, replayed!]);
    expect(cancelled).toHaveLength(2);
    const statuses = await db.query<{ status: string }>(
      'SELECT status FROM workflow_runs WHERE triggering_event_id = ANY($1::uuid[])',
      [[original, replayed]],
    );
    expect(statuses.rows.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await engine.cancelEventRuns(tenantId, [original!])).toEqual([]);
  });

  it('never routes another tenant’s events to this tenant’s workflows', async () => {
    await engine.putWorkflow(tenantId, onOrder);
    const other = await createTenant(db);
    const [eventId] = await engine.pushEvents(other, [{ key: 'order:paid', payload: {} }]);
    const { rows } = await db.query('SELECT id FROM workflow_runs WHERE triggering_event_id = $1', [
      eventId,
    ]);
    expect(rows).toEqual([]);
    expect(await engine.replayEvents(tenantId, [eventId!])).toEqual([]);
  });
});
