import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCounts, type Database } from '@trellis/db';
import { createTestDatabase } from '@trellis/db/testing';
import { Engine } from './engine';
import { EngineError } from './errors';
import { createTenant, TestWorker } from '../test/test-worker';
import type { RunResult } from './types';
import type { WorkflowDefinitionInput } from './workflow-definition';

let db: Database;
let drop: () => Promise<void>;
let engine: Engine;
let tenantId: string;

const engines: Engine[] = [];
function newEngine(options: Partial<ConstructorParameters<typeof Engine>[0]> = {}): Engine {
  const e = new Engine({ db, onError: (m, err) => console.error(m, err), ...options });
  engines.push(e);
  return e;
}

beforeEach(async () => {
  ({ db, drop } = await createTestDatabase({ migrate: true }));
  tenantId = await createTenant(db);
  engine = newEngine();
  await engine.start();
});

afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  await drop();
});

const simple: WorkflowDefinitionInput = {
  name: 'simple',
  tasks: [{ readableId: 'simple', actionId: 'simple:simple', retries: 0 }],
};

function waitForResult(e: Engine, runId: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    e.subscribeToRun(tenantId, runId, resolve).catch(reject);
  });
}

async function eventTypes(e: Engine, taskExternalId: string): Promise<string[]> {
  return (await e.listTaskEvents(tenantId, taskExternalId)).map(
    (ev) => `${ev.eventType}@${ev.retryCount}`,
  );
}

describe('engine', () => {
  it('holds back a paused workflow, across a restart, and runs it once unpaused', async () => {
    const { workflowId } = await engine.putWorkflow(tenantId, {
      ...simple,
      tasks: [{ ...simple.tasks[0]!, scheduleTimeout: '1s' }],
    });
    expect(await engine.setWorkflowPaused(tenantId, workflowId, true)).toBe(true);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'simple', input: {} }]);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple']);
    // Longer than the schedule timeout: a paused task neither runs nor times out.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(worker.actions).toEqual([]);
    worker.close();

    // A new engine on the same database (a restart) keeps it paused.
    await engine.close();
    const restarted = newEngine();
    await restarted.start();
    const again = await new TestWorker(restarted, tenantId).connect(['simple:simple']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.actions).toEqual([]);

    expect(await restarted.setWorkflowPaused(tenantId, workflowId, false)).toBe(true);
    const action = await again.start('simple:simple');
    expect(action.workflowRunId).toBe(runId);
    await again.complete(action, { ok: true });
    expect((await waitForResult(restarted, runId!)).status).toBe('COMPLETED');
    again.close();
    expect(
      await restarted.setWorkflowPaused(tenantId, '6f1c2a86-4f35-4b8e-9d8b-1d2f3a4b5c6d', true),
    ).toBe(false);
  });

  it('runs a task from trigger to result and records its timeline', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple']);
    const [runId] = await engine.trigger(tenantId, [
      { workflowName: 'simple', input: { Message: 'Hi' } },
    ]);
    const action = await worker.start('simple:simple');
    expect(action.workflowRunId).toBe(runId);
    expect(JSON.parse(action.payload)).toMatchObject({ input: { Message: 'Hi' }, parents: {} });
    const result = waitForResult(engine, runId!);
    await worker.complete(action, { ok: true });
    // A repeated COMPLETED for the same attempt is acknowledged and ignored.
    await worker.report(action, 'COMPLETED', JSON.stringify({ ok: 'twice' }));
    expect(await result).toMatchObject({
      status: 'COMPLETED',
      tasks: [{ readableId: 'simple', status: 'COMPLETED', output: { ok: true } }],
    });
    // A subscriber arriving after the end gets the result too.
    expect((await waitForResult(engine, runId!)).tasks[0]!.output).toEqual({ ok: true });
    expect(await eventTypes(engine, action.taskExternalId)).toEqual([
      'QUEUED@0',
      'ASSIGNED@0',
      'STARTED@0',
      'FINISHED@0',
    ]);
  });

  it('assigns a new run in its trigger transaction when a slot is free, else queues it', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple'], 1);
    const [first, second] = await engine.trigger(tenantId, [
      { workflowName: 'simple' },
      { workflowName: 'simple' },
    ]);
    // The first was sent before the trigger was acknowledged, without ever being queued; the
    // second found the only slot taken and waits in the queue.
    expect(worker.actions.map((a) => a.workflowRunId)).toEqual([first]);
    const { rows: queued } = await db.query<{ runId: string }>(
      `SELECT t.run_id AS "runId" FROM task_queue q JOIN tasks t ON t.id = q.task_id`,
    );
    expect(queued).toEqual([{ runId: second }]);
    expect(engine.stats()).toMatchObject({ queued: 1, running: 1 });

    await worker.complete(worker.actions[0]!, 1);
    const next = await worker.start('simple:simple', 2);
    expect(next.workflowRunId).toBe(second);
    await worker.complete(next, 2);
    expect((await waitForResult(engine, second!)).status).toBe('COMPLETED');
    for (const action of worker.actions) {
      expect(await eventTypes(engine, action.taskExternalId)).toEqual([
        'QUEUED@0',
        'ASSIGNED@0',
        'STARTED@0',
        'FINISHED@0',
      ]);
    }
  });

  it('gives the slots back when the transaction assigning a new run fails', async () => {
    await engine.close();
    let failNext = true;
    const flaky: Database = {
      kind: db.kind,
      query: (text, params) => db.query(text, params),
      exec: (sql) => db.exec(sql),
      listen: (channel, onNotify) => db.listen(channel, onNotify),
      close: () => db.close(),
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: (text, params) => {
              if (failNext && text.includes('INSERT INTO task_runtimes')) {
                failNext = false;
                throw new Error('injected failure');
              }
              return tx.query(text, params);
            },
            exec: (sql) => tx.exec(sql),
          }),
        ),
    };
    const errors: string[] = [];
    const e = newEngine({ db: flaky, onError: (message) => errors.push(message) });
    await e.start();
    await e.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(e, tenantId).connect(['simple:simple'], 1);

    await expect(e.trigger(tenantId, [{ workflowName: 'simple' }])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(errors).toHaveLength(1);
    expect(worker.actions).toEqual([]);
    expect(e.stats()).toMatchObject({ queued: 0, running: 0 });
    const { rows } = await db.query(`SELECT id FROM workflow_runs`);
    expect(rows).toEqual([]);

    // The slot the failed transaction had reserved is free again: the retry runs at once.
    const [runId] = await e.trigger(tenantId, [{ workflowName: 'simple' }]);
    expect(worker.actions.map((a) => a.workflowRunId)).toEqual([runId]);
  });

  it('follows a running run without reading it, and refuses it to another tenant', async () => {
    await engine.close();
    const counted = withStatementCounts(db);
    const e = newEngine({ db: counted.db });
    await e.start();
    await e.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(e, tenantId).connect(['simple:simple']);
    const [runId] = await e.trigger(tenantId, [{ workflowName: 'simple' }]);
    const action = await worker.start('simple:simple');

    // Its task runs, so the run is not final: the subscription needs no transaction.
    const results: RunResult[] = [];
    const before = counted.stats().transactions;
    await e.subscribeToRun(tenantId, runId!, (r) => results.push(r));
    expect(counted.stats().transactions).toBe(before);

    const other = await createTenant(db);
    await expect(e.subscribeToRun(other, runId!, () => {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await worker.complete(action, { done: true });
    await vi.waitFor(() => expect(results.map((r) => r.status)).toEqual(['COMPLETED']));
  });

  it('records a start and result reported together, in a DAG that goes on', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'pair',
      tasks: [
        { readableId: 'a', actionId: 'pair:a' },
        { readableId: 'b', actionId: 'pair:b', parents: ['a'] },
      ],
    });
    const worker = await new TestWorker(engine, tenantId).connect(['pair:a', 'pair:b']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'pair', input: {} }]);
    const result = waitForResult(engine, runId!);
    const a = await worker.start('pair:a');
    // Reported without waiting in between, so they land in one batch: the start is written
    // with the result. A duplicate STARTED is acknowledged and recorded once.
    await Promise.all([
      worker.report(a, 'STARTED', '""'),
      worker.report(a, 'STARTED', '""'),
      worker.report(a, 'COMPLETED', JSON.stringify({ a: 1 })),
    ]);
    const b = await worker.start('pair:b');
    const row = async (sql: string) => (await db.query(sql, [runId])).rows[0];
    expect(
      await row(
        `SELECT status, started_at IS NOT NULL AS started FROM workflow_runs WHERE id = $1`,
      ),
    ).toEqual({ status: 'RUNNING', started: true });
    expect(
      await row(
        `SELECT status, started_at <= finished_at AS ordered, worker_id IS NOT NULL AS has_worker
           FROM tasks WHERE run_id = $1 AND readable_id = 'a'`,
      ),
    ).toEqual({ status: 'COMPLETED', ordered: true, has_worker: true });
    expect(await eventTypes(engine, a.taskExternalId)).toEqual([
      'QUEUED@0',
      'ASSIGNED@0',
      'STARTED@0',
      'FINISHED@0',
    ]);
    expect(JSON.parse(b.payload).parents).toEqual({ a: { a: 1 } });
    await Promise.all([
      worker.report(b, 'STARTED', '""'),
      worker.report(b, 'COMPLETED', JSON.stringify({ b: 2 })),
    ]);
    expect((await result).status).toBe('COMPLETED');
    expect(
      await row(
        `SELECT status, started_at <= finished_at AS ordered FROM workflow_runs WHERE id = $1`,
      ),
    ).toEqual({ status: 'COMPLETED', ordered: true });
  });

  it('keeps a new version only when the definition changes', async () => {
    const a = await engine.putWorkflow(tenantId, simple);
    const b = await engine.putWorkflow(tenantId, simple);
    expect(b).toEqual(a);
    const c = await engine.putWorkflow(tenantId, {
      ...simple,
      tasks: [{ ...simple.tasks[0]!, retries: 2 }],
    });
    expect(c.workflowId).toBe(a.workflowId);
    expect(c.versionId).not.toBe(a.versionId);
  });

  it('runs a DAG, handing parent outputs to children', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'dag',
      tasks: [
        { readableId: 'a', actionId: 'dag:a' },
        { readableId: 'b', actionId: 'dag:b', parents: ['a'] },
        { readableId: 'c', actionId: 'dag:c', parents: ['a'] },
        { readableId: 'd', actionId: 'dag:d', parents: ['b', 'c'] },
      ],
    });
    const worker = await new TestWorker(engine, tenantId).connect([
      'dag:a',
      'dag:b',
      'dag:c',
      'dag:d',
    ]);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'dag', input: { n: 1 } }]);
    const result = waitForResult(engine, runId!);
    await worker.complete(await worker.start('dag:a'), { a: 1 });
    const b = await worker.start('dag:b');
    const c = await worker.start('dag:c');
    expect(JSON.parse(b.payload).parents).toEqual({ a: { a: 1 } });
    expect(worker.actions.some((x) => x.actionId === 'dag:d')).toBe(false);
    await worker.complete(b, { b: 2 });
    await worker.complete(c, { c: 3 });
    const d = await worker.start('dag:d');
    expect(JSON.parse(d.payload)).toMatchObject({
      input: { n: 1 },
      parents: { b: { b: 2 }, c: { c: 3 } },
    });
    await worker.complete(d, { d: 4 });
    const final = await result;
    expect(final.status).toBe('COMPLETED');
    expect(Object.fromEntries(final.tasks.map((t) => [t.readableId, t.output]))).toEqual({
      a: { a: 1 },
      b: { b: 2 },
      c: { c: 3 },
      d: { d: 4 },
    });
  });

  it('retries with backoff, then succeeds', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'flaky',
      tasks: [
        {
          readableId: 'flaky',
          actionId: 'flaky:flaky',
          retries: 2,
          backoffFactor: 1.5,
          backoffMaxSeconds: 1,
        },
      ],
    });
    const worker = await new TestWorker(engine, tenantId).connect(['flaky:flaky']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'flaky' }]);
    const result = waitForResult(engine, runId!);
    const first = await worker.start('flaky:flaky', 1);
    await worker.fail(first, 'boom 1');
    const second = await worker.start('flaky:flaky', 2);
    expect(second.retryCount).toBe(1);
    expect(second.taskExternalId).toBe(first.taskExternalId);
    // The failed attempt's late result changes nothing.
    await worker.report(first, 'COMPLETED', '{"late":true}');
    await worker.complete(second, { ok: 2 });
    expect(await result).toMatchObject({ status: 'COMPLETED', tasks: [{ output: { ok: 2 } }] });
    expect(await eventTypes(engine, first.taskExternalId)).toEqual([
      'QUEUED@0',
      'ASSIGNED@0',
      'STARTED@0',
      'FAILED@0',
      'RETRYING@0',
      'QUEUED@1',
      'ASSIGNED@1',
      'STARTED@1',
      'FINISHED@1',
    ]);
  });

  it('does not retry a non-retryable failure and cancels the DAG downstream', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'nr',
      tasks: [
        { readableId: 'a', actionId: 'nr:a', retries: 5 },
        { readableId: 'b', actionId: 'nr:b', parents: ['a'] },
      ],
    });
    const worker = await new TestWorker(engine, tenantId).connect(['nr:a', 'nr:b']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'nr' }]);
    const result = waitForResult(engine, runId!);
    await worker.fail(await worker.start('nr:a'), 'fatal', true);
    const final = await result;
    expect(final.status).toBe('FAILED');
    expect(final.tasks.map((t) => [t.readableId, t.status, t.error])).toEqual([
      ['a', 'FAILED', 'fatal'],
      ['b', 'CANCELLED', 'Cancelled because a parent task failed or was cancelled'],
    ]);
  });

  it('times out a task that runs too long and tells the worker to stop', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'slow',
      tasks: [{ readableId: 'slow', actionId: 'slow:slow', timeout: '1s' }],
    });
    const worker = await new TestWorker(engine, tenantId).connect(['slow:slow']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'slow' }]);
    const result = waitForResult(engine, runId!);
    const action = await worker.start('slow:slow');
    await worker.report(action, 'STARTED', '""');
    const [cancel] = await worker.waitFor((a) => a.kind === 'CANCEL');
    expect(cancel).toMatchObject({ taskExternalId: action.taskExternalId, retryCount: 0 });
    expect(await result).toMatchObject({ status: 'FAILED' });
    expect(await eventTypes(engine, action.taskExternalId)).toContain('TIMED_OUT@0');
  });

  it('cancels a running task, sending CANCEL with the same attempt', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'simple' }]);
    const result = waitForResult(engine, runId!);
    const action = await worker.start('simple:simple');
    await worker.report(action, 'STARTED', '""');
    expect(await engine.cancel(tenantId, [runId!])).toEqual([action.taskExternalId]);
    const [cancel] = await worker.waitFor((a) => a.kind === 'CANCEL');
    expect(cancel!.retryCount).toBe(action.retryCount);
    expect((await result).status).toBe('CANCELLED');
    // The worker's late result is ignored.
    await worker.report(action, 'COMPLETED', '{}');
    expect((await engine.getRunDetails(tenantId, runId!)).status).toBe('CANCELLED');
  });

  it('replays a failed task and its downstream tasks', async () => {
    await engine.putWorkflow(tenantId, {
      name: 'rp',
      tasks: [
        { readableId: 'a', actionId: 'rp:a' },
        { readableId: 'b', actionId: 'rp:b', parents: ['a'] },
      ],
    });
    const worker = await new TestWorker(engine, tenantId).connect(['rp:a', 'rp:b']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'rp' }]);
    const first = waitForResult(engine, runId!);
    const a = await worker.start('rp:a');
    await worker.fail(a, 'nope');
    expect((await first).status).toBe('FAILED');
    expect(await engine.replay(tenantId, [a.taskExternalId])).toEqual([a.taskExternalId]);
    const second = waitForResult(engine, runId!);
    const again = await worker.start('rp:a', 2);
    expect(again.retryCount).toBe(1);
    await worker.complete(again, { a: 'ok' });
    await worker.complete(await worker.start('rp:b'), { b: 'ok' });
    expect((await second).status).toBe('COMPLETED');
    expect(await eventTypes(engine, a.taskExternalId)).toContain('RETRIED_BY_USER@1');
  });

  it('refuses results from a worker that does not hold the task, and unknown tasks', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId, 'holder').connect(['simple:simple']);
    await engine.trigger(tenantId, [{ workflowName: 'simple' }]);
    const action = await worker.start('simple:simple');
    const intruder = new TestWorker(engine, tenantId, 'intruder');
    await expect(intruder.report(action, 'COMPLETED', '{}')).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
    });
    await expect(
      worker.report(
        { ...action, taskExternalId: '00000000-0000-4000-8000-000000000000' },
        'COMPLETED',
        '{}',
      ),
    ).rejects.toBeInstanceOf(EngineError);
    await expect(worker.report(action, 'COMPLETED', '{not json')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await worker.complete(action, 'fine');
  });

  it('deduplicates children by parent task and index', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple']);
    const [parentRun] = await engine.trigger(tenantId, [{ workflowName: 'simple' }]);
    const parent = await worker.start('simple:simple');
    const spawn = (childIndex: number) => ({
      workflowName: 'simple',
      parentTaskExternalId: parent.taskExternalId,
      parentRunId: parentRun,
      childIndex,
    });
    const first = await engine.trigger(tenantId, [spawn(0), spawn(1), spawn(1)]);
    const again = await engine.trigger(tenantId, [spawn(0)]);
    expect(first[1]).toBe(first[2]);
    expect(first[0]).not.toBe(first[1]);
    expect(again[0]).toBe(first[0]);
  });

  it('shares work across workers by free slots and sends nothing to a paused worker', async () => {
    await engine.putWorkflow(tenantId, simple);
    const one = await new TestWorker(engine, tenantId, 'one').connect(['simple:simple'], 2);
    const two = await new TestWorker(engine, tenantId, 'two').connect(['simple:simple'], 2);
    const paused = await new TestWorker(engine, tenantId, 'paused').connect(['simple:simple'], 10);
    await engine.setWorkerPaused(tenantId, paused.id, true);
    await engine.trigger(
      tenantId,
      Array.from({ length: 6 }, () => ({ workflowName: 'simple' })),
    );
    await one.waitFor((a) => a.kind === 'START', 2);
    await two.waitFor((a) => a.kind === 'START', 2);
    expect(engine.stats()).toMatchObject({ queued: 2, running: 4 });
    expect(paused.actions).toEqual([]);
    await one.complete(one.actions[0]!, 1);
    await one.waitFor((a) => a.kind === 'START', 3);
  });

  it('recovers after a restart: the queue, and running tasks of a worker that never returns', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple'], 1);
    const [running, queued] = await engine.trigger(tenantId, [
      { workflowName: 'simple' },
      { workflowName: 'simple' },
    ]);
    const action = await worker.start('simple:simple');
    await worker.report(action, 'STARTED', '""');
    await engine.close();
    const restarted = newEngine({ reassignAfterMs: 300 });
    await restarted.start();
    const fresh = await new TestWorker(restarted, tenantId, 'fresh').connect(['simple:simple'], 5);
    const results = Promise.all([
      waitForResult(restarted, running!),
      waitForResult(restarted, queued!),
    ]);
    const starts = await fresh.waitFor((a) => a.kind === 'START', 2);
    for (const a of starts) await fresh.complete(a, { by: 'fresh' });
    expect((await results).map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await eventTypes(restarted, action.taskExternalId)).toContain('REASSIGNED@0');
  });

  it('stores logs per attempt and streams events to subscribers', async () => {
    await engine.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(engine, tenantId).connect(['simple:simple']);
    const [runId] = await engine.trigger(tenantId, [{ workflowName: 'simple' }]);
    const action = await worker.start('simple:simple');
    await engine.putLog(tenantId, { taskExternalId: action.taskExternalId, message: 'hello log' });
    await engine.putStreamEvent(tenantId, {
      taskExternalId: action.taskExternalId,
      message: Buffer.from('chunk-1'),
    });
    const chunks: string[] = [];
    const finished = new Promise<string>((resolve) => {
      void engine.subscribeToRunStream(tenantId, runId!, {
        onStreamEvent: (e) => chunks.push(Buffer.from(e.message).toString()),
        onFinished: resolve,
      });
    });
    await engine.putStreamEvent(tenantId, {
      taskExternalId: action.taskExternalId,
      message: Buffer.from('chunk-2'),
    });
    await worker.complete(action, null);
    expect(await finished).toBe('COMPLETED');
    expect(chunks).toEqual(['chunk-1', 'chunk-2']);
    const logs = await engine.listTaskLogs(tenantId, action.taskExternalId);
    expect(logs.map((l) => [l.message, l.retryCount])).toEqual([['hello log', 0]]);
  });

  it('makes no queries while idle, even with a worker heartbeating', async () => {
    await engine.close();
    let queries = 0;
    const counting: Database = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'query' || key === 'transaction') {
          return (...args: unknown[]) => {
            queries++;
            return (Reflect.get(target, key, target) as (...a: unknown[]) => unknown).apply(
              target,
              args,
            );
          };
        }
        // Other methods (listen) run on the database itself: its private fields need it.
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(target)
          : value;
      },
    });
    const idle = newEngine({ db: counting });
    await idle.start();
    await idle.putWorkflow(tenantId, simple);
    const worker = await new TestWorker(idle, tenantId).connect(['simple:simple']);
    const [runId] = await idle.trigger(tenantId, [{ workflowName: 'simple' }]);
    const result = waitForResult(idle, runId!);
    await worker.complete(await worker.start('simple:simple'), 'done');
    await result;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = queries;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(queries - before).toBe(0);
  });
});
