/**
 * The tenant's live event stream over a real HTTP connection: changes arrive as `changes`
 * events naming the runs and tasks by their API ids, with the runs' list rows, only the
 * tenant's own; a stream that
 * reconnects with Last-Event-ID gets what it missed, one that cannot resume gets `reset`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { V1LiveChanges } from '@trellis/api-contract';
import { openLiveStream, type SseEvent } from './live-stream';
import { createApiToken, registerOwner, startTestApp, type TestApp } from './test-app';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const changesOf = (event: SseEvent) => JSON.parse(event.data!) as V1LiveChanges;

it('sends a tenant its own changes, and resumes a stream from its last event', async () => {
  const owner = await registerOwner(t.app);
  const token = await createApiToken(owner);
  const other = await registerOwner(t.app);
  for (const tenantId of [owner.tenantId, other.tenantId]) {
    await t.engine.putWorkflow(tenantId, {
      name: 'live',
      tasks: [{ readableId: 'step', actionId: 'live:step' }],
    });
  }
  const stream = await openLiveStream(base, owner.tenantId, token);
  const [theirs] = await t.engine.trigger(other.tenantId, [{ workflowName: 'live' }]);
  const [ours] = await t.engine.trigger(owner.tenantId, [{ workflowName: 'live' }]);
  const first = await stream.next(
    (e) => e.event === 'changes' && changesOf(e).runs.includes(ours!),
  );
  const details = await t.engine.getRunDetails(owner.tenantId, ours!);
  expect(changesOf(first).tasks).toContain(details.tasks[0]!.externalId);
  expect(stream.events.some((e) => e.data?.includes(theirs!))).toBe(false);
  // The run comes as the runs list shows it, so an open list can show it before refetching.
  const list = await fetch(
    `${base}/api/v1/stable/tenants/${owner.tenantId}/workflow-runs?since=2000-01-01T00:00:00Z&only_tasks=false`,
    { headers: { authorization: `Bearer ${token}` } },
  ).then((r) => r.json() as Promise<{ rows: unknown[] }>);
  expect(changesOf(first).rows).toEqual(list.rows);
  await stream.close();

  // Changes while it was away are sent when it comes back with its last event's id.
  const [missed] = await t.engine.trigger(owner.tenantId, [{ workflowName: 'live' }]);
  const resumed = await openLiveStream(base, owner.tenantId, token, first.id);
  await resumed.next((e) => e.event === 'changes' && changesOf(e).runs.includes(missed!));
  await resumed.close();

  // An id it cannot resume from (another feed, as after a restart) asks for everything.
  const lost = await openLiveStream(base, owner.tenantId, token, 'gone:3');
  expect(await lost.next((e) => e.event === 'reset')).toMatchObject({ data: '{}' });
  await lost.close();
});

it('refuses a stream without credentials of the tenant', async () => {
  const owner = await registerOwner(t.app);
  const response = await fetch(`${base}/api/v1/stable/tenants/${owner.tenantId}/live`);
  expect(response.status).toBe(403);
  expect(response.headers.get('content-type')).toContain('application/json');
});
