/** Between proto messages (server form) and engine types. */
import type {
  AssignedActionData,
  ConcurrencyInput,
  DesiredLabelInput,
  DefaultFilter,
  RunResult,
  RunStatus,
  TaskDefinitionInput,
  TriggerRequest,
  WorkflowDefinitionInput,
} from '@trellis/engine';
import { invalid, parseJsonField, parseJsonObject } from './grpc-errors';
import type {
  ConcurrencyMessage,
  CreateTaskOpts,
  CreateWorkflowVersionRequest,
  DefaultFilterMessage,
  DesiredWorkerLabelsMessage,
  TriggerWorkflowRequest,
  WorkerLabels,
} from './messages';
import { toTimestamp } from './timestamps';
import { toTaskConditions } from './condition-messages';

export function toAssignedAction(action: AssignedActionData): Record<string, unknown> {
  return {
    tenant_id: action.tenantId,
    workflow_run_id: action.workflowRunId,
    get_group_key_run_id: '',
    // Echoed back by the SDK in step events and otherwise opaque.
    job_id: action.stepId,
    job_name: action.workflowName,
    job_run_id: action.taskExternalId,
    task_id: action.stepId,
    task_run_external_id: action.taskExternalId,
    action_id: action.actionId,
    action_type: ACTION_TYPES[action.kind],
    action_payload: action.payload,
    task_name: action.taskName,
    retry_count: action.retryCount,
    additional_metadata: JSON.stringify(action.additionalMetadata),
    ...(action.childIndex !== null ? { child_workflow_index: action.childIndex } : {}),
    ...(action.childKey !== null ? { child_workflow_key: action.childKey } : {}),
    // Upstream puts the parent *task* id here, and the SDK relies on that.
    ...(action.parentTaskExternalId !== null
      ? { parent_workflow_run_id: action.parentTaskExternalId }
      : {}),
    priority: action.priority,
    ...(action.workflowId ? { workflow_id: action.workflowId } : {}),
    ...(action.workflowVersionId ? { workflow_version_id: action.workflowVersionId } : {}),
    task_inserted_at: toTimestamp(action.taskInsertedAt),
    ...(action.triggeringEventId
      ? {
          triggering_event_external_id: action.triggeringEventId,
          triggering_event_key: action.triggeringEventKey ?? '',
        }
      : {}),
    ...(action.durableInvocation !== undefined
      ? { durable_task_invocation_count: action.durableInvocation }
      : {}),
    ...(action.batch
      ? {
          batchId: action.batch.id,
          batchSize: action.batch.size,
          batchIndex: 0,
          batchKey: action.batch.key,
          batchStartPayload: {
            triggerReason: action.batch.trigger,
            triggerTime: toTimestamp(action.batch.formedAt),
            expectedSize: action.batch.size,
          },
        }
      : {}),
  };
}

const ACTION_TYPES: Record<AssignedActionData['kind'], string> = {
  START: 'START_STEP_RUN',
  CANCEL: 'CANCEL_STEP_RUN',
  START_BATCH: 'START_BATCH',
};

/** The final WorkflowRunEvent: one result per task, with its output or its error. */
export function toWorkflowRunEvent(result: RunResult): Record<string, unknown> {
  return {
    workflow_run_id: result.runId,
    event_type: 'WORKFLOW_RUN_EVENT_TYPE_FINISHED',
    event_timestamp: toTimestamp(result.finishedAt),
    results: result.tasks.map((task) => ({
      task_run_external_id: task.externalId,
      task_name: task.readableId,
      job_run_id: task.externalId,
      ...(task.status === 'COMPLETED'
        ? { output: JSON.stringify(task.output ?? null) }
        : { error: task.error ?? `Task ${task.status.toLowerCase()}` }),
    })),
  };
}

/** A run the subscriber cannot have (malformed or unknown id): rejects that one await only. */
export function workflowRunErrorEvent(runId: string, message: string): Record<string, unknown> {
  return {
    workflow_run_id: runId,
    event_type: 'WORKFLOW_RUN_EVENT_TYPE_FINISHED',
    event_timestamp: toTimestamp(new Date()),
    results: [{ task_run_external_id: '', task_name: '', job_run_id: '', error: message }],
  };
}

export const PROTO_RUN_STATUS: Record<RunStatus, string> = {
  QUEUED: 'QUEUED',
  RUNNING: 'RUNNING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};

export function toLabels(labels: Record<string, WorkerLabels>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(labels)) {
    if (value.str_value !== undefined) out[key] = value.str_value;
    else if (value.int_value !== undefined) out[key] = value.int_value;
  }
  return out;
}

export function toTriggerRequest(request: TriggerWorkflowRequest): TriggerRequest {
  if (!request.name) throw invalid('name is required');
  return {
    workflowName: request.name,
    input: parseJsonField(request.input, 'input'),
    additionalMetadata: parseJsonObject(request.additional_metadata, 'additional_metadata'),
    priority: request.priority,
    parentTaskExternalId: request.parent_task_run_external_id || undefined,
    parentRunId: request.parent_id || undefined,
    childIndex: request.child_index,
    childKey: request.child_key || undefined,
    desiredWorkerId: request.desired_worker_id || undefined,
    desiredWorkerLabels: toDesiredLabels(request.desired_worker_labels ?? {}),
  };
}

function toDesiredLabels(
  labels: Record<string, DesiredWorkerLabelsMessage>,
): Record<string, DesiredLabelInput> | undefined {
  const entries = Object.entries(labels);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([key, label]) => [
      key,
      {
        strValue: label.str_value,
        intValue: label.int_value,
        required: label.required,
        comparator: label.comparator,
        weight: label.weight,
      },
    ]),
  );
}

function toTaskDefinition(task: CreateTaskOpts): TaskDefinitionInput {
  return {
    readableId: task.readable_id,
    actionId: task.action,
    timeout: task.timeout,
    scheduleTimeout: task.schedule_timeout,
    parents: task.parents,
    retries: task.retries,
    backoffFactor: task.backoff_factor,
    backoffMaxSeconds: task.backoff_max_seconds,
    slotRequests: task.slot_requests,
    isDurable: task.is_durable,
    concurrency: task.concurrency.map(toConcurrency),
    rateLimits: task.rate_limits.map((limit) => ({
      key: limit.key,
      units: limit.units,
      keyExpr: limit.key_expr,
      unitsExpr: limit.units_expr,
      limitValuesExpr: limit.limit_values_expr,
      duration: limit.duration,
    })),
    desiredLabels: toDesiredLabels(task.worker_labels),
    conditions: toTaskConditions(task.conditions),
    batch: task.batch && {
      maxSize: task.batch.batch_max_size,
      maxIntervalMs: task.batch.batch_max_interval_ms,
      groupKey: task.batch.batch_group_key,
      groupMaxRuns: task.batch.batch_group_max_runs,
    },
  };
}

function toConcurrency(message: ConcurrencyMessage): ConcurrencyInput {
  return {
    expression: message.expression,
    maxRuns: message.max_runs,
    maxRunsExpression: message.max_runs_expression,
    strategy: message.limit_strategy,
    name: message.name,
    tenantScoped: message.is_tenant_scoped,
  };
}

/** What the engine acts on, plus the rest of the request kept with the version for later. */
export function toWorkflowDefinition(
  request: CreateWorkflowVersionRequest,
): WorkflowDefinitionInput {
  const inputJsonSchema = parseJsonField(
    request.input_json_schema?.toString('utf8'),
    'input_json_schema',
    null,
  );
  return {
    name: request.name,
    description: request.description,
    version: request.version,
    tasks: request.tasks.map(toTaskDefinition),
    onFailureTask: request.on_failure_task ? toTaskDefinition(request.on_failure_task) : undefined,
    defaultPriority: request.default_priority,
    inputJsonSchema,
    eventTriggers: request.event_triggers,
    defaultFilters: request.default_filters.map(toDefaultFilter),
    cronTriggers: request.cron_triggers,
    cronInput: toCronInput(request.cron_input),
    concurrency: (request.concurrency_arr.length > 0
      ? request.concurrency_arr
      : request.concurrency
        ? [request.concurrency]
        : []
    ).map(toConcurrency),
    sticky: request.sticky,
    idempotency: request.idempotency
      ? {
          expression: request.idempotency.expression,
          ttlMs: request.idempotency.ttl_ms,
          method: request.idempotency.method,
        }
      : undefined,
  };
}

/** The input of crons declared in code: a JSON object as text, or nothing. */
function toCronInput(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined;
  const input = parseJsonField(text, 'cron_input');
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw invalid('cron_input is not a JSON object');
  }
  return input as Record<string, unknown>;
}

/** A filter declared in code; its payload arrives as JSON bytes. */
function toDefaultFilter(filter: DefaultFilterMessage): DefaultFilter {
  const payload = parseJsonField(
    filter.payload?.toString('utf8'),
    `the payload of default filter "${filter.expression}"`,
  );
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw invalid(`the payload of default filter "${filter.expression}" is not a JSON object`);
  }
  return {
    expression: filter.expression,
    scope: filter.scope,
    payload: payload as Record<string, unknown>,
  };
}

/**
 * Metadata on logs and stream events is optional JSON: anything unparsable is dropped, and so
 * is what could not be stored (../storable-values.ts).
 */
export function optionalJson(text: string): unknown {
  if (!text) return null;
  try {
    return parseJsonField(text, 'metadata', null);
  } catch {
    return null;
  }
}
