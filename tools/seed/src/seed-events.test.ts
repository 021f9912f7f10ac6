import { describe, expect, it } from 'vitest';
import { registerOwner } from '@trellis/server/testing';
import { seedHistory, type SeedOptions } from './seed-history';
import { HOUR_MS, NOW, useSeededTenant } from './seeded-tenant';

const SPAN_MS = 3 * HOUR_MS;
const EVENTS = 2000;
const SEED: Omit<SeedOptions, 'tenantId'> = {
  tasks: 1500,
  events: EVENTS,
  spanMs: SPAN_MS,
  now: NOW,
  randomSeed: 7,
  chunkTasks: 400,
};
const seeded = useSeededTenant(SEED);

interface EventRow {
  id: string;
  key: string;
  payload: Record<string, unknown>;
  metadata: Record<string, string>;
  scope: string | null;
  priority: number | null;
  webhook: string | null;
  failures: { filterId: string; workflowId: string; message: string }[] | null;
  createdAt: Date;
  eventTimestamp: Date;
  /** Names of the workflows of the runs it triggered, sorted. */
  workflows: string[];
}

async function events(tenantId: string): Promise<EventRow[]> {
  const { rows } = await seeded.t.db.query<EventRow>(
    `SELECT e.id, e.key, e.payload, e.additional_metadata AS metadata, e.scope, e.priority,
            e.triggering_webhook_name AS webhook, e.cel_failures AS failures,
            e.created_at AS "createdAt", e.event_timestamp AS "eventTimestamp",
            ARRAY(SELECT w.name FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
                   WHERE r.tenant_id = e.tenant_id AND r.triggering_event_id = e.id
                   ORDER BY w.name) AS workflows
       FROM events e WHERE e.tenant_id = $1
      ORDER BY e.created_at, e.key, e.payload::text`,
    [tenantId],
  );
  return rows;
}

/** What of an event is drawn from the seed (its id is a random UUID). */
const drawn = (e: EventRow) => ({
  ...e,
  id: undefined,
  failures: e.failures?.map((f) => f.message),
});

/** Each workflow's event triggers, from its newest version as the engine routes by it. */
async function triggers(tenantId: string): Promise<Map<string, string[]>> {
  const { rows } = await seeded.t.db.query<{ name: string; keys: string[] }>(
    `SELECT DISTINCT ON (w.id) w.name, v.definition -> 'eventTriggers' AS keys
       FROM workflows w JOIN workflow_versions v ON v.workflow_id = w.id
      WHERE w.tenant_id = $1 ORDER BY w.id, v.version_order DESC`,
    [tenantId],
  );
  return new Map(rows.map((row) => [row.name, row.keys ?? []]));
}

describe('seedHistory with events', () => {
  it('writes the asked number of events over the period, a realistic share triggering runs', async () => {
    const rows = await events(seeded.owner.tenantId);
    expect(rows).toHaveLength(EVENTS);
    expect(seeded.result.events).toBe(EVENTS);
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(NOW - SPAN_MS);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW);
      expect(row.eventTimestamp.getTime()).toBeLessThanOrEqual(row.createdAt.getTime());
    }
    const triggering = rows.filter((row) => row.workflows.length > 0);
    expect(triggering.length).toBe(seeded.result.triggeringEvents);
    expect(triggering.length / rows.length).toBeGreaterThan(0.3);
    expect(triggering.length / rows.length).toBeLessThan(0.6);
    // Some keys trigger several workflows at once.
    expect(triggering.some((row) => row.workflows.length > 1)).toBe(true);
    expect(new Set(rows.map((row) => row.key)).size).toBeGreaterThanOrEqual(18);
    const scoped = rows.filter((row) => row.scope !== null).length / rows.length;
    expect(scoped).toBeGreaterThan(0.05);
    expect(scoped).toBeLessThan(0.5);
    expect(rows.some((row) => row.webhook !== null)).toBe(true);
    expect(rows.filter((row) => row.failures).length).toBe(seeded.result.celFailures);
    expect(seeded.result.celFailures).toBeGreaterThan(0);
    // Payloads and metadata of realistic size.
    const bytes = rows.map((row) => JSON.stringify(row.payload).length).sort((a, b) => a - b);
    expect(bytes[Math.floor(bytes.length / 2)]).toBeGreaterThan(100);
    expect(bytes[bytes.length - 1]).toBeGreaterThan(1000);
    expect(rows.every((row) => typeof row.metadata.customer_id === 'string')).toBe(true);
  });

  it('gives the runs an event triggered what the engine gives them', async () => {
    const byId = new Map((await events(seeded.owner.tenantId)).map((row) => [row.id, row]));
    const listening = await triggers(seeded.owner.tenantId);
    const { rows: runs } = await seeded.t.db.query<{
      workflow: string;
      eventId: string;
      filterId: string | null;
      filterPayload: unknown;
      input: unknown;
      metadata: Record<string, string>;
      createdAt: Date;
    }>(
      `SELECT w.name AS workflow, r.triggering_event_id AS "eventId",
              r.triggering_filter_id AS "filterId", r.filter_payload AS "filterPayload",
              r.input, r.additional_metadata AS metadata, r.created_at AS "createdAt"
         FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
        WHERE r.tenant_id = $1 AND r.triggering_event_id IS NOT NULL`,
      [seeded.owner.tenantId],
    );
    expect(runs.length).toBe(seeded.result.eventRuns);
    const { rows: filters } = await seeded.t.db.query<{
      id: string;
      scope: string;
      payload: unknown;
    }>('SELECT id, scope, payload FROM event_filters WHERE tenant_id = $1', [
      seeded.owner.tenantId,
    ]);
    for (const run of runs) {
      const event = byId.get(run.eventId)!;
      expect(event).toBeDefined();
      expect(listening.get(run.workflow)).toContain(event.key);
      expect(run.createdAt).toEqual(event.createdAt);
      expect(run.input).toEqual(event.payload);
      expect(run.metadata).toEqual({
        ...event.metadata,
        hatchet__event_id: event.id,
        hatchet__event_key: event.key,
      });
      if (run.filterId) {
        const filter = filters.find((f) => f.id === run.filterId)!;
        expect(filter.scope).toBe(event.scope);
        expect(run.filterPayload).toEqual(filter.payload);
      }
    }
    expect(runs.some((run) => run.filterId !== null)).toBe(true);
  });

  it('routes its events as the engine routes the same events pushed now', async () => {
    const rows = await events(seeded.owner.tenantId);
    // Per key, an event that triggered runs and one that did not, when there are such.
    const samples = new Map<string, EventRow>();
    for (const row of rows) {
      const kind = `${row.key}|${row.workflows.length > 0}|${row.failures !== null}`;
      if (!samples.has(kind)) samples.set(kind, row);
    }
    expect(samples.size).toBeGreaterThan(20);
    for (const sample of samples.values()) {
      const pushed = await seeded.owner.client.post<{ metadata: { id: string } }>(
        `/api/v1/tenants/${seeded.owner.tenantId}/events`,
        {
          key: sample.key,
          data: sample.payload,
          additionalMetadata: sample.metadata,
          ...(sample.scope ? { scope: sample.scope } : {}),
        },
      );
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      const [engine] = (await events(seeded.owner.tenantId)).filter(
        (row) => row.id === pushed.body.metadata.id,
      );
      expect({ key: sample.key, workflows: engine!.workflows }).toEqual({
        key: sample.key,
        workflows: sample.workflows,
      });
      expect(engine!.failures?.map((f) => [f.filterId, f.workflowId, f.message]).sort()).toEqual(
        sample.failures?.map((f) => [f.filterId, f.workflowId, f.message]).sort(),
      );
    }
  });

  it('is listed by the events API', async () => {
    const base = `/api/v1/stable/tenants/${seeded.owner.tenantId}/events?since=${new Date(NOW - SPAN_MS - HOUR_MS).toISOString()}`;
    interface Listed {
      metadata: { id: string };
      key: string;
      workflowRunSummary: Record<string, number>;
    }
    const page = await seeded.owner.client.get<{ rows: Listed[] }>(`${base}&limit=50`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.rows).toHaveLength(50);
    const failed = await seeded.owner.client.get<{ rows: Listed[] }>(
      `${base}&workflowRunStatuses=FAILED&limit=1000`,
    );
    expect(failed.body.rows.length).toBeGreaterThan(0);
    expect(failed.body.rows.every((row) => row.workflowRunSummary.failed! > 0)).toBe(true);
    const keys = await seeded.owner.client.get<{ rows: string[] }>(
      `/api/v1/stable/tenants/${seeded.owner.tenantId}/events/keys`,
    );
    expect(keys.body.rows).toEqual(
      [...new Set((await events(seeded.owner.tenantId)).map((row) => row.key))].sort(),
    );
  });

  it('draws the same events from the same seed, and leaves the runs as drawn without events', async () => {
    const again = await registerOwner(seeded.t.app);
    await seedHistory(seeded.t.db, { ...SEED, tenantId: again.tenantId });
    // Events pushed by the test above came after NOW.
    const first = (await events(seeded.owner.tenantId)).filter((e) => e.createdAt.getTime() <= NOW);
    const second = await events(again.tenantId);
    expect(second.map(drawn)).toEqual(first.map(drawn));

    const none = await registerOwner(seeded.t.app);
    const without = await seedHistory(seeded.t.db, { ...SEED, events: 0, tenantId: none.tenantId });
    expect(without.events).toBe(0);
    expect(await events(none.tenantId)).toHaveLength(0);
    const topLevelRuns = async (tenantId: string) =>
      (
        await seeded.t.db.query<{ name: string; runs: number }>(
          `SELECT w.name, count(*)::int AS runs FROM workflow_runs r
             JOIN workflows w ON w.id = r.workflow_id
            WHERE r.tenant_id = $1 AND r.parent_run_id IS NULL AND r.created_at <= $2
            GROUP BY w.name ORDER BY w.name`,
          [tenantId, new Date(NOW)],
        )
      ).rows;
    expect(await topLevelRuns(none.tenantId)).toEqual(await topLevelRuns(seeded.owner.tenantId));
  });
});
