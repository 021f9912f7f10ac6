-- The engine: workflow definitions, runs, tasks, the hot queue and running set, task history,
-- logs, stream events, pushed events and workers. Every table carries tenant_id and every
-- query filters by it. Hot tables (task_queue, task_runtimes) stay small and delete-heavy;
-- task_events, task_logs and task_stream_events are append-only history.

CREATE TABLE workflows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX workflows_tenant_name_idx ON workflows (tenant_id, name)
  WHERE deleted_at IS NULL;

-- A version is created only when the normalised definition differs from the latest version's
-- (its SHA-256 is `checksum`); going back to an older definition makes a new version too.
CREATE TABLE workflow_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
  -- 1, 2, 3, ... per workflow; the highest is the one triggers use.
  version_order integer NOT NULL,
  version text NOT NULL DEFAULT '',
  checksum text NOT NULL,
  definition jsonb NOT NULL,
  default_priority integer NOT NULL DEFAULT 1,
  input_json_schema jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workflow_id, version_order)
);
CREATE INDEX workflow_versions_tenant_idx ON workflow_versions (tenant_id, workflow_id);

-- One row per task of a version (the on-failure task included, flagged by is_on_failure).
CREATE TABLE workflow_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_version_id uuid NOT NULL REFERENCES workflow_versions (id) ON DELETE CASCADE,
  readable_id text NOT NULL,
  action_id text NOT NULL,
  parents text[] NOT NULL DEFAULT '{}',
  retries integer NOT NULL DEFAULT 0,
  backoff_factor double precision,
  backoff_max_seconds integer,
  timeout_seconds integer NOT NULL,
  schedule_timeout_seconds integer NOT NULL,
  slot_type text NOT NULL DEFAULT 'default',
  slot_units integer NOT NULL DEFAULT 1,
  is_on_failure boolean NOT NULL DEFAULT false,
  is_durable boolean NOT NULL DEFAULT false,
  position integer NOT NULL,
  UNIQUE (workflow_version_id, readable_id)
);

CREATE TABLE workflow_runs (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
  workflow_version_id uuid NOT NULL REFERENCES workflow_versions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('DAG', 'TASK')),
  status text NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED')),
  input jsonb NOT NULL,
  additional_metadata jsonb NOT NULL DEFAULT '{}',
  -- Set when a task spawned this run; (parent task, child index or key) is unique, so a
  -- re-sent spawn returns the run it already created.
  parent_task_external_id uuid,
  parent_run_id uuid,
  child_index integer,
  child_key text,
  priority integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE UNIQUE INDEX workflow_runs_child_index_idx
  ON workflow_runs (tenant_id, parent_task_external_id, child_index)
  WHERE parent_task_external_id IS NOT NULL AND child_key IS NULL;
CREATE UNIQUE INDEX workflow_runs_child_key_idx
  ON workflow_runs (tenant_id, parent_task_external_id, child_key)
  WHERE parent_task_external_id IS NOT NULL AND child_key IS NOT NULL;
CREATE INDEX workflow_runs_list_idx ON workflow_runs (tenant_id, created_at DESC, status);
CREATE INDEX workflow_runs_workflow_idx ON workflow_runs (tenant_id, workflow_id, created_at DESC);
CREATE INDEX workflow_runs_metadata_idx ON workflow_runs USING gin (additional_metadata);

-- Status: PENDING (a DAG task waiting for its parents), QUEUED, ASSIGNED, RUNNING, then
-- COMPLETED, FAILED or CANCELLED. retry_count numbers the attempts (0 first) and grows on every
-- new attempt; app_retry_count counts only the attempts spent on application failures, the
-- ones the step's `retries` limits (a reassignment after a lost worker does not spend one).
CREATE TABLE tasks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  external_id uuid NOT NULL UNIQUE,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES workflow_runs (id) ON DELETE CASCADE,
  step_id uuid NOT NULL REFERENCES workflow_steps (id) ON DELETE CASCADE,
  readable_id text NOT NULL,
  action_id text NOT NULL,
  status text NOT NULL
    CHECK (status IN ('PENDING', 'QUEUED', 'ASSIGNED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED')),
  retry_count integer NOT NULL DEFAULT 0,
  app_retry_count integer NOT NULL DEFAULT 0,
  priority integer NOT NULL DEFAULT 1,
  output jsonb,
  error text,
  worker_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX tasks_run_idx ON tasks (run_id);
CREATE INDEX tasks_list_idx ON tasks (tenant_id, created_at DESC, status);

-- The ready queue: a task is here while it waits for a worker. ready_at is in the future
-- during a retry backoff.
CREATE TABLE task_queue (
  task_id bigint PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  action_id text NOT NULL,
  retry_count integer NOT NULL,
  priority integer NOT NULL,
  slot_type text NOT NULL,
  slot_units integer NOT NULL,
  ready_at timestamptz NOT NULL,
  schedule_timeout_at timestamptz NOT NULL
);
CREATE INDEX task_queue_tenant_idx ON task_queue (tenant_id, action_id, priority DESC, task_id);

-- The running set: a task is here from assignment until its attempt ends. slot_units drops to
-- 0 when the worker releases its slot early.
CREATE TABLE task_runtimes (
  task_id bigint PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL,
  retry_count integer NOT NULL,
  worker_id uuid NOT NULL,
  slot_type text NOT NULL,
  slot_units integer NOT NULL,
  assigned_at timestamptz NOT NULL,
  started_at timestamptz,
  timeout_at timestamptz NOT NULL
);
CREATE INDEX task_runtimes_worker_idx ON task_runtimes (tenant_id, worker_id);

-- Every transition of every attempt, with the reference's V1TaskEventType names; the
-- dashboard's timelines read it.
CREATE TABLE task_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL,
  task_id bigint NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  retry_count integer NOT NULL,
  event_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  worker_id uuid,
  message text NOT NULL DEFAULT '',
  data jsonb
);
CREATE INDEX task_events_task_idx ON task_events (tenant_id, task_id, id);

CREATE TABLE task_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL,
  task_id bigint NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  retry_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  level text,
  message text NOT NULL,
  metadata jsonb
);
CREATE INDEX task_logs_task_idx ON task_logs (tenant_id, task_id, created_at, id);

CREATE TABLE task_stream_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL,
  task_id bigint NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  run_id uuid NOT NULL,
  retry_count integer NOT NULL,
  event_index bigint,
  created_at timestamptz NOT NULL,
  message bytea NOT NULL,
  metadata jsonb
);
CREATE INDEX task_stream_events_run_idx ON task_stream_events (tenant_id, run_id, id);

-- Events pushed by clients. Triggering workflows from them comes with a later issue.
CREATE TABLE events (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key text NOT NULL,
  payload jsonb NOT NULL,
  additional_metadata jsonb NOT NULL DEFAULT '{}',
  scope text,
  priority integer,
  event_timestamp timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_list_idx ON events (tenant_id, created_at DESC);

CREATE TABLE workers (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  actions text[] NOT NULL,
  slot_config jsonb NOT NULL,
  labels jsonb NOT NULL DEFAULT '{}',
  runtime_info jsonb,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE')),
  is_paused boolean NOT NULL DEFAULT false,
  last_heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workers_tenant_idx ON workers (tenant_id, status, last_heartbeat_at DESC);
