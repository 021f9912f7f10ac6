/**
 * The proto messages our handlers read and write, in the shape proto-loader decodes them to with
 * PROTO_LOADER_OPTIONS (snake_case names, enums as names, int64 as numbers, bytes as Buffers,
 * proto3 `optional` absent as undefined). Only the fields Trellis uses are declared.
 */
import type { TaskConditionsMessage } from './condition-messages';

export interface Timestamp {
  seconds: number | string;
  nanos: number;
}

export interface WorkerLabels {
  str_value?: string;
  int_value?: number;
}

/** What a task or run wants of its worker's labels. */
export interface DesiredWorkerLabelsMessage extends WorkerLabels {
  required?: boolean;
  comparator?: string;
  weight?: number;
}

export interface WorkerRegisterRequest {
  worker_name: string;
  actions: string[];
  services: string[];
  slots?: number;
  labels: Record<string, WorkerLabels>;
  runtime_info?: Record<string, unknown>;
  slot_config: Record<string, number>;
}

export interface WorkerIdRequest {
  worker_id: string;
}

export interface HeartbeatRequest {
  worker_id: string;
  heartbeat_at?: Timestamp | null;
}

export interface StepActionEvent {
  worker_id: string;
  task_run_external_id: string;
  action_id: string;
  event_timestamp?: Timestamp | null;
  event_type: string | number;
  event_payload: string;
  retry_count?: number;
  should_not_retry?: boolean;
}

export interface BatchActionEvent {
  worker_id: string;
  event_timestamp?: Timestamp | null;
  event_type: string | number;
  items: {
    task_run_external_id: string;
    event_payload: string;
    retry_count?: number;
    should_not_retry?: boolean;
  }[];
}

export interface SubscribeToWorkflowRunsRequest {
  workflow_run_id: string;
}

export interface SubscribeToWorkflowEventsRequest {
  workflow_run_id?: string;
  additional_meta_key?: string;
  additional_meta_value?: string;
}

export interface RefreshTimeoutRequest {
  task_run_external_id: string;
  increment_timeout_by: string;
}

export interface TaskIdRequest {
  task_run_external_id: string;
}

export interface UpsertWorkerLabelsRequest {
  worker_id: string;
  labels: Record<string, WorkerLabels>;
}

export interface PushEventRequest {
  key: string;
  payload: string;
  event_timestamp?: Timestamp | null;
  additional_metadata?: string;
  priority?: number;
  scope?: string;
}

export interface PutLogRequest {
  task_run_external_id: string;
  created_at?: Timestamp | null;
  message: string;
  level?: string;
  metadata: string;
  task_retry_count?: number;
}

export interface PutStreamEventRequest {
  task_run_external_id: string;
  created_at?: Timestamp | null;
  message: Buffer;
  metadata: string;
  event_index?: number;
}

export interface TriggerWorkflowRequest {
  name: string;
  input: string;
  parent_id?: string;
  parent_task_run_external_id?: string;
  child_index?: number;
  child_key?: string;
  additional_metadata?: string;
  desired_worker_id?: string;
  priority?: number;
  desired_worker_labels: Record<string, DesiredWorkerLabelsMessage>;
}

export interface CreateTaskOpts {
  readable_id: string;
  action: string;
  timeout: string;
  inputs: string;
  parents: string[];
  retries: number;
  backoff_factor?: number;
  backoff_max_seconds?: number;
  schedule_timeout?: string;
  is_durable: boolean;
  slot_requests: Record<string, number>;
  rate_limits: RateLimitMessage[];
  worker_labels: Record<string, DesiredWorkerLabelsMessage>;
  concurrency: ConcurrencyMessage[];
  conditions?: TaskConditionsMessage | null;
  batch?: TaskBatchConfigMessage;
}

/** v1.TaskBatchConfig (`broadcast_output` is the SDK's own concern). */
export interface TaskBatchConfigMessage {
  batch_max_size: number;
  batch_max_interval_ms?: number;
  batch_group_key?: string;
  batch_group_max_runs?: number;
}

export interface CreateWorkflowVersionRequest {
  name: string;
  description: string;
  version: string;
  event_triggers: string[];
  cron_triggers: string[];
  tasks: CreateTaskOpts[];
  /** Deprecated: the SDK also sends it in `concurrency_arr`. */
  concurrency?: ConcurrencyMessage | null;
  cron_input?: string;
  on_failure_task?: CreateTaskOpts | null;
  sticky?: string;
  default_priority?: number;
  concurrency_arr: ConcurrencyMessage[];
  default_filters: DefaultFilterMessage[];
  input_json_schema?: Buffer;
  idempotency?: { expression: string; ttl_ms: number; method?: string } | null;
}

export interface RateLimitMessage {
  key: string;
  units?: number;
  key_expr?: string;
  units_expr?: string;
  limit_values_expr?: string;
  duration?: string;
}

export interface ConcurrencyMessage {
  expression: string;
  max_runs?: number;
  limit_strategy?: string;
  name?: string;
  is_tenant_scoped?: boolean;
  max_runs_expression?: string;
}

export interface DefaultFilterMessage {
  expression: string;
  scope: string;
  payload?: Buffer;
}

export interface TasksRequest {
  external_ids: string[];
  filter?: unknown;
}

export interface TriggerWorkflowRunRequest {
  workflow_name: string;
  input: Buffer;
  additional_metadata: Buffer;
  priority?: number;
}
