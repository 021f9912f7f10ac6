import {
  workerGet,
  workerList,
  workerUpdate,
  type Worker,
  type WorkerLabelMatch,
} from '@trellis/api-contract';
import { matchLabels, type TaskStatus } from '@trellis/engine';
import {
  findWorkerView,
  listLabelledStepsServedBy,
  listRecentWorkers,
  listRecentWorkerTasks,
  listWorkflowsServedBy,
  type LabelledStepRow,
  type WorkerViewRow,
} from '../../read-models/worker.queries';
import { notFound } from '../api-error';
import type { ApiRouter } from '../api-router';
import { STEP_RUN_STATUS } from '../present-legacy-runs';

/** How many of a worker's latest tasks its detail shows. */
const RECENT_TASKS = 20;

const LANGUAGES = new Set(['GOLANG', 'PYTHON', 'TYPESCRIPT', 'RUBY']);

function presentWorker(row: WorkerViewRow): Worker {
  const slotConfig = Object.fromEntries(
    Object.entries(row.slotConfig).map(([type, limit]) => [
      type,
      { limit, available: Math.max(0, limit - (row.slotsUsed[type] ?? 0)) },
    ]),
  );
  const runtime = row.runtimeInfo ?? {};
  const language =
    typeof runtime.language === 'string' && LANGUAGES.has(runtime.language)
      ? runtime.language
      : undefined;
  // Stored as the worker sent it, with the protocol's field names.
  const text = (apiKey: string, storedKey: string) =>
    typeof runtime[storedKey] === 'string' && runtime[storedKey]
      ? { [apiKey]: runtime[storedKey] as string }
      : {};
  return {
    metadata: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    name: row.name,
    type: row.webhookWorkerId ? 'WEBHOOK' : 'SELFHOSTED',
    ...(row.webhookWorkerId ? { webhookId: row.webhookWorkerId } : {}),
    status: row.isPaused ? 'PAUSED' : row.status,
    lastHeartbeatAt: row.lastHeartbeatAt.toISOString(),
    actions: row.actions,
    labels: Object.entries(row.labels).map(([key, value]) => ({
      metadata: {
        id: `${row.id}:${key}`,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
      key,
      value: String(value),
    })),
    runtimeInfo: {
      ...text('sdkVersion', 'sdk_version'),
      ...(language ? { language: language as 'GOLANG' | 'PYTHON' | 'TYPESCRIPT' | 'RUBY' } : {}),
      ...text('languageVersion', 'language_version'),
      ...text('os', 'os'),
      ...text('runtimeExtra', 'extra'),
    },
    slotConfig,
    maxRuns: slotConfig.default?.limit ?? 0,
    availableRuns: slotConfig.default?.available ?? 0,
  };
}

/** How the worker's labels fare against a task's desired labels, as the scheduler scores them. */
function presentLabelMatch(
  workerLabels: Record<string, string | number>,
  step: LabelledStepRow,
): WorkerLabelMatch {
  const { matches, score } = matchLabels(workerLabels, step.desiredLabels);
  return {
    workflowId: step.workflowId,
    workflowName: step.workflowName,
    taskName: step.taskName,
    actionId: step.actionId,
    eligible: score !== undefined,
    score: score ?? 0,
    labels: matches.map(({ label, workerValue, matched }) => ({
      key: label.key,
      comparator: label.comparator,
      value: String(label.value),
      required: label.required,
      weight: label.weight,
      ...(workerValue !== undefined ? { workerValue: String(workerValue) } : {}),
      matched,
    })),
  };
}

export function registerWorkerRoutes(api: ApiRouter): void {
  const { db, engine } = api.context;

  api.handle(workerList, async ({ identity }) => ({
    rows: (await listRecentWorkers(db, identity.tenant!.id)).map(presentWorker),
  }));

  const detail = async (tenantId: string, workerId: string): Promise<Worker> => {
    const row = await findWorkerView(db, tenantId, workerId);
    if (!row) throw notFound('Worker not found');
    const [workflows, recent, labelled] = await Promise.all([
      listWorkflowsServedBy(db, tenantId, row.actions),
      listRecentWorkerTasks(db, tenantId, workerId, RECENT_TASKS),
      listLabelledStepsServedBy(db, tenantId, row.actions),
    ]);
    return {
      ...presentWorker(row),
      registeredWorkflows: workflows,
      labelMatches: labelled.map((step) => presentLabelMatch(row.labels, step)),
      recentStepRuns: recent.map((task) => ({
        metadata: {
          id: task.externalId,
          createdAt: task.createdAt.toISOString(),
          updatedAt: task.updatedAt.toISOString(),
        },
        actionId: task.actionId,
        // The tasks table's check constraint allows only the engine's statuses.
        status: STEP_RUN_STATUS[task.status as TaskStatus],
        ...(task.startedAt ? { startedAt: task.startedAt.toISOString() } : {}),
        ...(task.finishedAt && task.status !== 'CANCELLED'
          ? { finishedAt: task.finishedAt.toISOString() }
          : {}),
        ...(task.finishedAt && task.status === 'CANCELLED'
          ? { cancelledAt: task.finishedAt.toISOString() }
          : {}),
        workflowRunId: task.runId,
      })),
    };
  };

  api.handle(workerGet, async ({ params, identity }) => detail(identity.tenant!.id, params.worker));

  api.handle(workerUpdate, async ({ params, body, identity }) => {
    const tenantId = identity.tenant!.id;
    if (body.isPaused !== undefined)
      await engine.setWorkerPaused(tenantId, params.worker, body.isPaused);
    return detail(tenantId, params.worker);
  });
}
