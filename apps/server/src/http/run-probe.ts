import { randomUUID } from 'node:crypto';
import type { AssignedActionData, EngineApi, RunResult } from '@trellis/engine';

/**
 * The monitoring probe: one run of a one-task workflow, served by a worker inside the server
 * that echoes its input. It takes the path every run takes (trigger, queue, scheduler,
 * dispatch to a worker stream, result, run completion), so a probe that comes back says the
 * tenant's runs go through; it cannot say anything about the tenant's own workers.
 */

export const PROBE_WORKFLOW = 'trellis-probe';
const PROBE_ACTION = `${PROBE_WORKFLOW}:probe`;

/** Waits for a run to be final; undefined when it is not within `timeoutMs`. */
function waitForRun(
  engine: EngineApi,
  tenantId: string,
  runId: string,
  timeoutMs: number,
): Promise<RunResult | undefined> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let unsubscribe: (() => void) | undefined;
    const settle = (result: RunResult | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe?.();
      resolve(result);
    };
    const timer = setTimeout(() => settle(undefined), timeoutMs);
    engine.subscribeToRun(tenantId, runId, settle).then((stop) => {
      unsubscribe = stop;
      // The result came before the subscription's handle did.
      if (settled) stop();
    }, reject);
  });
}

/** Runs one probe in the tenant; resolves with what went wrong, or undefined when it passed. */
export async function runProbe(
  engine: EngineApi,
  tenantId: string,
  timeoutMs: number,
): Promise<string | undefined> {
  // Declaring it again unchanged makes no new version.
  await engine.putWorkflow(tenantId, {
    name: PROBE_WORKFLOW,
    description: 'Runs of the monitoring probe (POST /api/v1/monitoring/{tenant}/probe)',
    tasks: [{ readableId: 'probe', actionId: PROBE_ACTION }],
  });
  const workerId = await engine.registerWorker(tenantId, {
    name: PROBE_WORKFLOW,
    actions: [PROBE_ACTION],
    slotConfig: { default: 1 },
  });
  const echo = async (action: AssignedActionData) => {
    const { input } = JSON.parse(action.payload) as { input: unknown };
    const attempt = {
      taskExternalId: action.taskExternalId,
      retryCount: action.retryCount,
      workerId,
    };
    await engine.reportTaskEvent(tenantId, { ...attempt, kind: 'STARTED', payload: '' });
    await engine.reportTaskEvent(tenantId, {
      ...attempt,
      kind: 'COMPLETED',
      payload: JSON.stringify(input),
    });
  };
  const detach = await engine.attachWorkerStream(tenantId, workerId, {
    // A report the engine refuses leaves the run unfinished, which the wait below reports.
    send: (action) => {
      if (action.kind === 'START') echo(action).catch(() => undefined);
    },
    close: () => undefined,
  });
  try {
    const nonce = randomUUID();
    const [runId] = await engine.trigger(tenantId, [
      { workflowName: PROBE_WORKFLOW, input: { nonce } },
    ]);
    const result = await waitForRun(engine, tenantId, runId!, timeoutMs);
    if (!result) {
      // Nothing would ever run it otherwise.
      await engine.cancel(tenantId, [runId!]);
      return `the probe run ${runId} did not finish within ${timeoutMs / 1000}s`;
    }
    if (result.status !== 'COMPLETED') return `the probe run ${runId} ended ${result.status}`;
    const output = result.tasks[0]?.output as { nonce?: unknown } | null | undefined;
    if (output?.nonce !== nonce) return `the probe run ${runId} answered with another output`;
    return undefined;
  } finally {
    detach();
    await engine.unsubscribeWorker(tenantId, workerId);
  }
}
