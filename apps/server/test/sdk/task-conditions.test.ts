/**
 * Task conditions in DAGs through real SDK processes (examples/src/conditions.ts): a task that
 * waits for a sleep, one skipped by an event during its wait, branches skipped by a parent's
 * output, a wait for an event, the on-success task, and a root task started by one event and
 * cancelled by another. Runs are started and events pushed by SDK clients; assertions read the
 * runs' tasks and events as the server kept them.
 */
import { describe, expect, it } from 'vitest';
import { eventually, runClient, useServerAndRest, type SdkProcess } from './harness';

const fx = useServerAndRest({ worker: { name: 'conditions-worker', slots: 20 } });

interface TaskRow {
  readableId: string;
  status: string;
  skipped: boolean;
  output: unknown;
}

/** The newest run of a workflow, once it exists. */
function newestRun(workflowName: string, after: Date): Promise<string> {
  return eventually(async () => {
    const { rows } = await fx.server.db.query<{ id: string }>(
      `SELECT r.id FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
        WHERE w.name = $1 AND r.created_at >= $2 ORDER BY r.created_at DESC LIMIT 1`,
      [workflowName, after],
    );
    return rows[0]?.id;
  });
}

/** Resolves once the task's conditions are counting (its gate is open). */
function gateOpen(runId: string, readableId: string): Promise<true> {
  return eventually(async () => {
    const { rows } = await fx.server.db.query(
      `SELECT 1 FROM durable_nodes n JOIN tasks t ON t.id = n.task_id
        WHERE t.run_id = $1 AND t.readable_id = $2 AND n.kind = 'GATE'
          AND n.satisfied_at IS NULL`,
      [runId, readableId],
    );
    return rows.length > 0 ? true : undefined;
  });
}

async function tasksOf(runId: string): Promise<Record<string, Omit<TaskRow, 'readableId'>>> {
  const { rows } = await fx.server.db.query<TaskRow>(
    `SELECT readable_id AS "readableId", status, skipped, output FROM tasks WHERE run_id = $1`,
    [runId],
  );
  return Object.fromEntries(rows.map(({ readableId, ...task }) => [readableId, task]));
}

/** Pushes an event through an SDK client. */
async function push(key: string, payload: unknown): Promise<void> {
  const client = runClient(fx.server.address, fx.server.token, [
    '--push',
    key,
    JSON.stringify(payload),
  ]);
  await client.exited;
  expect(client.lines.some((line) => line.startsWith('EVENT '))).toBe(true);
}

async function resultOf(client: SdkProcess): Promise<string> {
  await client.exited;
  return client.lines.find((l) => l.startsWith('RESULT ') || l.startsWith('ERROR ')) ?? '';
}

const order = (amount: number) => ({ orderId: `o-${amount}`, amount });

describe('task conditions through the SDK', () => {
  it('skips on an event during a wait and on a parent output, waits for an event, then runs on-success', async () => {
    const since = new Date();
    const client = runClient(fx.server.address, fx.server.token, [
      'conditional',
      JSON.stringify(order(500)),
    ]);
    const runId = await newestRun('conditional', since);
    await gateOpen(runId, 'fraud-check');
    // Pushed in this process: fraud-check waits only 3 s, and a client process can take
    // longer than that to start on a loaded machine.
    await fx.server.engine.pushEvents(fx.server.tenantId, [
      { key: 'order:trusted', payload: { orderId: 'o-trusted' } },
    ]);
    await gateOpen(runId, 'confirm');
    await push('order:confirmed', {});
    const result = JSON.parse((await resultOf(client)).slice('RESULT '.length));
    expect(result.summary).toEqual({ total: 500, fraudChecked: false, shipping: 'freight' });
    const tasks = await tasksOf(runId);
    expect(tasks).toMatchObject({
      received: { status: 'COMPLETED', skipped: false },
      review: { status: 'COMPLETED', skipped: false, output: { reviewed: true } },
      'fraud-check': { status: 'COMPLETED', skipped: true, output: { skipped: true } },
      'small-order': { status: 'COMPLETED', skipped: true },
      'large-order': { status: 'COMPLETED', skipped: false, output: { shipping: 'freight' } },
      confirm: { status: 'COMPLETED', skipped: false },
      summary: { status: 'COMPLETED', skipped: false },
      // The SDK sends the on-success task as a task whose parents are the DAG's leaves.
      'on-success-task': { status: 'COMPLETED', output: { notified: 500 } },
    });
    const details = await fx.server.engine.getRunDetails(fx.server.tenantId, runId);
    expect(details.status).toBe('COMPLETED');
  });

  it('runs what its sleeps and parents let through when no event skips it', async () => {
    const since = new Date();
    const client = runClient(fx.server.address, fx.server.token, [
      'conditional',
      JSON.stringify(order(50)),
    ]);
    const runId = await newestRun('conditional', since);
    await gateOpen(runId, 'confirm');
    await push('order:confirmed', {});
    const result = JSON.parse((await resultOf(client)).slice('RESULT '.length));
    expect(result.summary).toEqual({ total: 50, fraudChecked: true, shipping: 'letter' });
    expect(await tasksOf(runId)).toMatchObject({
      'fraud-check': { status: 'COMPLETED', skipped: false, output: { fraud: false } },
      'small-order': { status: 'COMPLETED', skipped: false },
      'large-order': { status: 'COMPLETED', skipped: true },
    });
  });

  it('starts a root task on its event, and cancels one on its cancel event', async () => {
    let since = new Date();
    const goes = runClient(fx.server.address, fx.server.token, [
      'cancellable',
      JSON.stringify({ orderId: 'a' }),
    ]);
    const goesRun = await newestRun('cancellable', since);
    await gateOpen(goesRun, 'ship');
    await push('order:go', {});
    expect(await resultOf(goes)).toBe('RESULT {"ship":{"shipped":"a"}}');

    since = new Date();
    const aborted = runClient(fx.server.address, fx.server.token, [
      'cancellable',
      JSON.stringify({ orderId: 'b' }),
    ]);
    const abortedRun = await newestRun('cancellable', since);
    await gateOpen(abortedRun, 'ship');
    await push('order:abort', {});
    expect(await resultOf(aborted)).toMatch(/^ERROR /);
    expect(await tasksOf(abortedRun)).toMatchObject({ ship: { status: 'CANCELLED' } });
    const events = await fx.server.db.query<{ eventType: string; message: string }>(
      `SELECT e.event_type AS "eventType", e.message FROM task_events e
         JOIN tasks t ON t.id = e.task_id WHERE t.run_id = $1 ORDER BY e.id`,
      [abortedRun],
    );
    expect(events.rows).toEqual([
      { eventType: 'CANCELLED', message: 'Cancelled: its cancel_if conditions were met' },
    ]);
  });
});
