/**
 * Durable tasks through the SDK's DurableTask stream (examples/src/durable.ts), served by a
 * real SDK worker: sleeps, waits for events (with a CEL filter, with a lookback), `ctx.now()`
 * kept across a retry's replay, and a replay that changes course refused as
 * non-deterministic. Assertions read the runs and the event log the server kept.
 */
import { V1DispatcherDefinition } from '@hatchet-dev/typescript-sdk/protoc/v1/dispatcher.js';
import { createGrpcClient } from '@hatchet-dev/typescript-sdk/util/grpc-helpers.js';
import { describe, expect, it } from 'vitest';
import type { RunDetails } from '@trellis/engine';
import type { V1DurableEventLogEntry } from '@trellis/api-contract';
import { eventually, runClient, useServerAndRest } from './harness';

const fx = useServerAndRest({ worker: { name: 'durable-worker', slots: 10 } });

/** The task's event log over REST, as the dashboard reads it. */
async function restLog(taskExternalId: string): Promise<V1DurableEventLogEntry[]> {
  const response = await fetch(
    `${fx.restUrl}/api/v1/stable/tenants/${fx.server.tenantId}/durable-tasks/${taskExternalId}`,
    { headers: { authorization: `Bearer ${fx.server.token}` } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as V1DurableEventLogEntry[];
}

async function run(workflowName: string, input: unknown): Promise<string> {
  const [runId] = await fx.server.engine.trigger(fx.server.tenantId, [{ workflowName, input }]);
  return runId!;
}

function finished(runId: string): Promise<RunDetails> {
  return eventually(async () => {
    const details = await fx.server.engine.getRunDetails(fx.server.tenantId, runId);
    return ['COMPLETED', 'FAILED', 'CANCELLED'].includes(details.status) ? details : undefined;
  });
}

interface NodeRow {
  nodeId: number;
  kind: string;
  invocation: number;
  visitedBy: number;
  satisfiedSeq: number | null;
  result: unknown;
}

async function nodesOf(runId: string): Promise<NodeRow[]> {
  const { rows } = await fx.server.db.query<NodeRow>(
    `SELECT n.node_id::int AS "nodeId", n.kind, n.invocation_count AS invocation,
            n.visited_by AS "visitedBy", n.satisfied_seq AS "satisfiedSeq", n.result
       FROM durable_nodes n JOIN tasks t ON t.id = n.task_id
      WHERE t.run_id = $1 ORDER BY n.node_id`,
    [runId],
  );
  return rows;
}

describe('durable tasks through the SDK', () => {
  it('sleeps, with its now() and its sleep kept in the event log', async () => {
    const runId = await run('durable-sleeper', { seconds: 1 });
    const details = await finished(runId);
    expect(details.status).toBe('COMPLETED');
    const output = details.tasks[0]!.output as { startedAt: string; sleptMs: number };
    expect(output).toMatchObject({ sleptMs: 1000, invocation: 1 });
    const nodes = await nodesOf(runId);
    expect(nodes.map((n) => [n.kind, n.satisfiedSeq])).toEqual([
      ['MEMO', 1],
      ['WAIT_FOR', 2],
    ]);
    expect(nodes[0]!.result).toEqual({ ts: output.startedAt });
    expect(nodes[1]!.result).toEqual({ CREATE: { 'sleep-1s': [{ sleep_duration: '1s' }] } });
    expect(await restLog(details.tasks[0]!.externalId)).toEqual([
      expect.objectContaining({
        nodeId: 1,
        kind: 'MEMO',
        isSatisfied: true,
        result: { ts: output.startedAt },
        invocationCount: 1,
      }),
      expect.objectContaining({
        nodeId: 2,
        kind: 'WAIT_FOR',
        waitData: [{ kind: 'SLEEP', sleepDurationMs: 1000 }],
        isSatisfied: true,
        taskDisplayName: 'durable-sleeper',
      }),
    ]);
  });

  it('replays its memo and its sleep on a retry, and goes on from there', async () => {
    const runId = await run('durable-sleeper', { seconds: 1, failFirst: true });
    const details = await finished(runId);
    expect(details.status).toBe('COMPLETED');
    const output = details.tasks[0]!.output as { startedAt: string; invocation: number };
    expect(output.invocation).toBe(2);
    const nodes = await nodesOf(runId);
    // Nothing was done twice: the same two nodes, written by the first invocation, reached
    // again by the second, and the time it started is the one the first recorded.
    expect(nodes.map((n) => [n.kind, n.invocation, n.visitedBy, n.satisfiedSeq])).toEqual([
      ['MEMO', 1, 2, 1],
      ['WAIT_FOR', 1, 2, 2],
    ]);
    expect(nodes[0]!.result).toEqual({ ts: output.startedAt });
  });

  it('waits for the event its expression accepts', async () => {
    const runId = await run('durable-waiter', { orderId: 'o-1' });
    // Its wait is recorded before the events arrive.
    await eventually(async () =>
      (await nodesOf(runId)).some((n) => n.kind === 'WAIT_FOR') ? true : undefined,
    );
    await fx.server.engine.pushEvents(fx.server.tenantId, [
      { key: 'order:paid', payload: { orderId: 'o-2', amount: 1 } },
    ]);
    await fx.server.engine.pushEvents(fx.server.tenantId, [
      { key: 'order:paid', payload: { orderId: 'o-1', amount: 5 } },
    ]);
    const details = await finished(runId);
    expect(details.status).toBe('COMPLETED');
    expect(details.tasks[0]!.output).toEqual({ paid: { orderId: 'o-1', amount: 5 } });
    const [wait] = await restLog(details.tasks[0]!.externalId);
    expect(wait).toMatchObject({
      kind: 'WAIT_FOR',
      waitData: [
        { kind: 'USER_EVENT', eventKey: 'order:paid', expression: "input.orderId == 'o-1'" },
      ],
      result: { CREATE: { 'order:paid': [{ orderId: 'o-1', amount: 5 }] } },
    });
  });

  it('takes an event stored before the wait when it looks back far enough', async () => {
    await fx.server.engine.pushEvents(fx.server.tenantId, [
      { key: 'order:paid', payload: { orderId: 'o-3', amount: 7 } },
    ]);
    const runId = await run('durable-waiter', { orderId: 'o-3', lookbackSeconds: 600 });
    const details = await finished(runId);
    expect(details.tasks[0]!.output).toEqual({ paid: { orderId: 'o-3', amount: 7 } });
  });

  it('fails a replay that makes another call than the invocation before it', async () => {
    const runId = await run('durable-changeling', {});
    const details = await finished(runId);
    expect(details.status).toBe('FAILED');
    expect(details.tasks[0]!.error).toContain('non-determinism at node 1');
  });

  it('spawns children from a durable task, and a retry replays the spawn without running them again', async () => {
    const runId = await run('durable-parent', { n: 3, failFirst: true });
    const details = await finished(runId);
    expect(details.status).toBe('COMPLETED');
    expect(details.tasks[0]!.output).toEqual({
      results: [{ doubled: 0 }, { doubled: 2 }, { doubled: 4 }],
      invocation: 2,
    });
    const nodes = await nodesOf(runId);
    expect(nodes.map((n) => [n.kind, n.invocation, n.visitedBy])).toEqual([
      ['RUN', 1, 2],
      ['RUN', 1, 2],
      ['RUN', 1, 2],
    ]);
    // Three children in all: the retry did not spawn them again.
    const { rows } = await fx.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workflow_runs r
         JOIN tasks t ON t.external_id = r.parent_task_external_id
        WHERE t.run_id = $1`,
      [runId],
    );
    expect(rows[0]!.n).toBe(3);
    const log = await restLog(details.tasks[0]!.externalId);
    expect(log.map((n) => n.waitData)).toEqual(
      Array(3).fill([{ kind: 'CHILD_WORKFLOW', workflowName: 'durable-child' }]),
    );
    expect(log.every((n) => n.childWorkflowRunId && n.lastInvocationCount === 2)).toBe(true);
  });

  it('waits for a sleep or an event, whichever comes first', async () => {
    const bySleep = await run('durable-either', { seconds: 1, key: 'either:never' });
    const slept = await finished(bySleep);
    expect(slept.tasks[0]!.output).toEqual({
      met: { CREATE: { 'sleep-1s': [{ sleep_duration: '1s' }] } },
    });

    const byEvent = await run('durable-either', { seconds: 600, key: 'either:go' });
    await eventually(async () =>
      (await nodesOf(byEvent)).some((n) => n.kind === 'WAIT_FOR') ? true : undefined,
    );
    await fx.server.engine.pushEvents(fx.server.tenantId, [
      { key: 'either:go', payload: { now: 1 } },
    ]);
    const evented = await finished(byEvent);
    expect(evented.tasks[0]!.output).toEqual({ met: { CREATE: { 'either:go': [{ now: 1 }] } } });
  });
  it('runs a finished task again from a node of its log, as a new branch the SDK asked for', async () => {
    const runId = await run('durable-sleeper', { seconds: 1 });
    const first = await finished(runId);
    const taskId = first.tasks[0]!.externalId;
    const branch = (args: string[]) =>
      runClient(fx.server.address, fx.server.token, ['--branch', taskId, ...args], {
        HATCHET_CLIENT_API_URL: fx.restUrl,
      });
    // From its sleep (node 2): the memo before it replays, the sleep is made again.
    const answer = await branch(['2']).waitForLine('BRANCH ');
    expect(JSON.parse(answer)).toEqual({ taskExternalId: taskId, nodeId: 2, branchId: 2 });
    const again = await eventually(async () => {
      const details = await fx.server.engine.getRunDetails(fx.server.tenantId, runId);
      const output = details.tasks[0]!.output as { invocation: number };
      return details.status === 'COMPLETED' && output.invocation === 2 ? details : undefined;
    });
    expect((again.tasks[0]!.output as { startedAt: string }).startedAt).toBe(
      (first.tasks[0]!.output as { startedAt: string }).startedAt,
    );
    const { rows } = await fx.server.db.query<{
      nodeId: number;
      branchId: number;
      kind: string;
      superseded: boolean;
    }>(
      `SELECT n.node_id::int AS "nodeId", n.branch_id::int AS "branchId", n.kind,
              n.superseded_at IS NOT NULL AS superseded
         FROM durable_nodes n JOIN tasks t ON t.id = n.task_id
        WHERE t.run_id = $1 ORDER BY n.branch_id, n.node_id`,
      [runId],
    );
    expect(rows).toEqual([
      { nodeId: 1, branchId: 1, kind: 'MEMO', superseded: false },
      { nodeId: 2, branchId: 1, kind: 'WAIT_FOR', superseded: true },
      { nodeId: 2, branchId: 2, kind: 'WAIT_FOR', superseded: false },
    ]);
    // The log as the dashboard reads it is the task's current one.
    expect((await restLog(taskId)).map((n) => [n.nodeId, n.branchId])).toEqual([
      [1, 1],
      [2, 2],
    ]);

    // A node the log does not have, and a branch of a task still running, are refused.
    const refused = await fetch(
      `${fx.restUrl}/api/v1/stable/tenants/${fx.server.tenantId}/durable-tasks/branch`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${fx.server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ taskExternalId: taskId, nodeId: 9, branchId: 0 }),
      },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: [{ description: "node 9 is not in the task's event log" }],
    });
  });
  /** The SDK's own V1Dispatcher client, on the test server. */
  function dispatcherClient() {
    return createGrpcClient(
      {
        host_port: fx.server.address,
        token: fx.server.token,
        tls_config: { tls_strategy: 'none' },
      } as unknown as Parameters<typeof createGrpcClient>[0],
      V1DispatcherDefinition,
    );
  }

  it('tells an SDK that uses the older RegisterDurableEvent pair to upgrade', async () => {
    const { client, channel } = dispatcherClient();
    try {
      await expect(
        client.registerDurableEvent({
          taskId: '00000000-0000-4000-8000-000000000000',
          signalKey: 'waitFor-0',
          conditions: { sleepConditions: [], userEventConditions: [] },
        }),
      ).rejects.toMatchObject({
        code: 12,
        details: expect.stringContaining('upgrade the SDK'),
      });
    } finally {
      channel.close();
    }
  });

  it('tells a worker to drop an invocation it still waits in that is over (server_evict)', async () => {
    const workerId = await fx.server.engine.registerWorker(fx.server.tenantId, {
      name: 'stale-worker',
      actions: [],
      slotConfig: { durable: 1 },
    });
    const stale = {
      durableTaskExternalId: '00000000-0000-4000-8000-000000000001',
      invocationCount: 3,
      branchId: 1,
      nodeId: 1,
    };
    const { client, channel } = dispatcherClient();
    async function* requests() {
      yield { registerWorker: { workerId } };
      yield { workerStatus: { workerId, waitingEntries: [stale] } };
      // The stream stays open while the answers come.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    try {
      const answers: unknown[] = [];
      for await (const answer of client.durableTask(requests())) {
        answers.push(answer);
        if (answers.length === 2) break;
      }
      expect(answers[0]).toMatchObject({ registerWorker: { workerId } });
      expect(answers[1]).toMatchObject({
        serverEvict: { durableTaskExternalId: stale.durableTaskExternalId, invocationCount: 3 },
      });
    } finally {
      channel.close();
    }
  });
});
