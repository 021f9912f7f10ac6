/**
 * Events with real SDK processes: pushes from a client trigger the matching workflows on a
 * worker (wildcards, namespaces, filters declared in code and over REST, bulk pushes), and the
 * SDK's REST calls for events and filters answer. Replay and cancel go through REST as the
 * dashboard sends them.
 */
import { describe, expect, it } from 'vitest';
import { eventually, killAll, runClient, startWorker, useServerAndRest } from './harness';

const fx = useServerAndRest();

async function client(args: string[], prefix: string, env: Record<string, string> = {}) {
  const process = runClient(fx.server.address, fx.server.token, args, {
    HATCHET_CLIENT_API_URL: fx.restUrl,
    ...env,
  });
  return process.waitForLine(prefix);
}

const push = (key: string, payload: unknown, ...rest: string[]) =>
  client(['--push', key, JSON.stringify(payload), ...rest], 'EVENT ');

interface EventRun {
  workflow: string;
  status: string;
  filterId: string | null;
  output: unknown;
}

/** The runs an event triggered, once `count` of them have finished. */
function finishedRuns(eventId: string, count: number): Promise<EventRun[]> {
  return eventually(async () => {
    const { rows } = await fx.server.db.query<EventRun>(
      `SELECT w.name AS workflow, r.status, r.triggering_filter_id AS "filterId",
              (SELECT t.output FROM tasks t WHERE t.run_id = r.id LIMIT 1) AS output
         FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
        WHERE r.tenant_id = $1 AND r.triggering_event_id = $2 ORDER BY w.name`,
      [fx.server.tenantId, eventId],
    );
    return rows.length >= count && rows.every((r) => r.status === 'COMPLETED') ? rows : undefined;
  });
}

async function runCount(eventId: string): Promise<number> {
  const { rows } = await fx.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM workflow_runs WHERE triggering_event_id = $1',
    [eventId],
  );
  return rows[0]!.n;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${fx.restUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${fx.server.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('events through the SDK', () => {
  it('runs every workflow whose trigger matches, with the payload and the event', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const eventId = await push('order:created', { order: 42 }, '', JSON.stringify({ team: 'a' }));
    const [run] = await finishedRuns(eventId, 1);
    expect(run).toMatchObject({
      workflow: 'on-order',
      output: { key: 'order:created', eventId, byEvent: true, input: { order: 42 } },
    });
    // No workflow listens for this key: the event is stored, nothing runs.
    const ignored = await push('invoice:paid', {});
    expect(await runCount(ignored)).toBe(0);

    // The SDK's events.list (REST) finds both, with the run counted.
    const list = JSON.parse(await client(['--list-events', 'order:created'], 'LIST ')) as {
      rows: { metadata: { id: string }; workflowRunSummary: { succeeded: number } }[];
    };
    expect(list.rows.map((r) => [r.metadata.id, r.workflowRunSummary.succeeded])).toEqual([
      [eventId, 1],
    ]);
  });

  it('matches namespaced keys as the SDK sends them', async () => {
    const env = { HATCHET_CLIENT_NAMESPACE: 'team_b' };
    await startWorker(fx.server.address, fx.server.token, { name: 'namespaced', env });
    const eventId = await client(['--push', 'order:paid', '{"n":1}'], 'EVENT ', env);
    const runs = await finishedRuns(eventId, 1);
    expect(runs.map((r) => r.workflow)).toEqual(['team_b_on-order']);
    expect(runs[0]!.output).toMatchObject({ key: 'team_b_order:paid' });
  });

  it('lets a declared filter in or out by scope and expression, with its payload', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const small = await push('refund:requested', { amount: 20 }, 'large');
    const unscoped = await push('refund:requested', { amount: 500 });
    const large = await push('refund:requested', { amount: 500 }, 'large');
    const [run] = await finishedRuns(large, 1);
    expect(run).toMatchObject({
      workflow: 'on-refund',
      output: { amount: 500, queue: 'manual-review' },
    });
    expect(run!.filterId).not.toBeNull();
    expect(await runCount(small)).toBe(0);
    expect(await runCount(unscoped)).toBe(0);
  });

  it('creates and lists filters through the SDK, and the next event obeys them', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const { rows } = await fx.server.db.query<{ id: string }>(
      `SELECT id FROM workflows WHERE tenant_id = $1 AND name = 'on-refund' AND deleted_at IS NULL`,
      [fx.server.tenantId],
    );
    const workflowId = rows[0]!.id;
    const created = JSON.parse(
      await client(
        ['--filter', workflowId, 'vip', 'additional_metadata.tier == "gold"', '{"queue":"vip"}'],
        'FILTER ',
      ),
    ) as { metadata: { id: string }; isDeclarative: boolean };
    expect(created.isDeclarative).toBe(false);
    const listed = JSON.parse(await client(['--filters', workflowId], 'FILTERS ')) as {
      rows: { metadata: { id: string }; scope: string }[];
    };
    expect(listed.rows.map((r) => r.scope).sort()).toEqual(['large', 'vip']);

    const gold = await push('refund:requested', { amount: 1 }, 'vip', '{"tier":"gold"}');
    const silver = await push('refund:requested', { amount: 1 }, 'vip', '{"tier":"silver"}');
    const [run] = await finishedRuns(gold, 1);
    expect(run).toMatchObject({ filterId: created.metadata.id, output: { queue: 'vip' } });
    expect(await runCount(silver)).toBe(0);
  });

  it('bulk-pushes events that each trigger their own run', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const ids = (await client(['--bulk-push', 'order:bulk', '25', '{"b":true}'], 'EVENTS ')).split(
      ',',
    );
    expect(ids).toHaveLength(25);
    await eventually(async () => {
      const { rows } = await fx.server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM workflow_runs
          WHERE triggering_event_id = ANY($1::uuid[]) AND status = 'COMPLETED'`,
        [ids],
      );
      return rows[0]!.n === 25 ? true : undefined;
    });
  });

  it('replays an event as a new linked event, and cancels the runs of an event', async () => {
    await startWorker(fx.server.address, fx.server.token);
    const original = await push('order:replayed', { n: 1 });
    await finishedRuns(original, 1);
    const tenant = `/api/v1/tenants/${fx.server.tenantId}`;
    const replayed = await api<{ rows: { metadata: { id: string } }[] }>(
      'POST',
      `${tenant}/events/replay`,
      { eventIds: [original] },
    );
    const replayId = replayed.rows[0]!.metadata.id;
    expect(replayId).not.toBe(original);
    const [run] = await finishedRuns(replayId, 1);
    expect(run!.output).toMatchObject({ eventId: replayId, input: { n: 1 } });

    // With no worker for it, a run stays queued until its event's runs are cancelled.
    await killAll();
    const waiting = await push('order:cancelled', {});
    await eventually(async () => ((await runCount(waiting)) === 1 ? true : undefined));
    const cancelled = await api<{ workflowRunIds: string[] }>('POST', `${tenant}/events/cancel`, {
      eventIds: [waiting],
    });
    expect(cancelled.workflowRunIds).toHaveLength(1);
    const { rows } = await fx.server.db.query<{ status: string }>(
      'SELECT status FROM workflow_runs WHERE triggering_event_id = $1',
      [waiting],
    );
    expect(rows.map((r) => r.status)).toEqual(['CANCELLED']);
  });
});
