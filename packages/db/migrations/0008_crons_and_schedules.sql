-- Cron triggers and scheduled runs, and the runs they start. The engine's ticker fires them
-- exactly once, also with several server processes on one database: a fire is claimed by a
-- compare-and-set on its trigger's row in the transaction that creates its run, and the run
-- row carries the trigger and its due time under a unique key, so a second run for the same
-- fire cannot be written at all.

-- A cron trigger: declared in the workflow's code (method DEFAULT, kept in step with its
-- versions, name '') or created over REST (method API, with a name).
CREATE TABLE cron_triggers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('DEFAULT', 'API')),
  name text NOT NULL DEFAULT '',
  -- The cron string as given: an optional CRON_TZ=/TZ= prefix, then the expression.
  expression text NOT NULL,
  input jsonb NOT NULL DEFAULT '{}',
  additional_metadata jsonb NOT NULL DEFAULT '{}',
  -- NULL: the workflow's default priority at the time of each fire.
  priority integer,
  enabled boolean NOT NULL DEFAULT true,
  -- The ticker's cursor: no due time at or before it fires (again). It moves to each fire's
  -- due time, and to now when the cron is created, enabled or given a new expression, so that
  -- those never fire the times they were not live for.
  fired_through timestamptz NOT NULL,
  -- The latest fire: its due time, its run and whether it fired late.
  last_due_at timestamptz,
  last_run_id uuid,
  last_fire_late boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The reference refuses a second cron with the same name and expression on a workflow.
CREATE UNIQUE INDEX cron_triggers_unique_idx
  ON cron_triggers (tenant_id, workflow_id, method, name, expression);
CREATE INDEX cron_triggers_list_idx ON cron_triggers (tenant_id, created_at DESC, id DESC);

-- A run scheduled for a time. run_id is set, once, when it fires.
CREATE TABLE scheduled_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
  method text NOT NULL DEFAULT 'API' CHECK (method IN ('DEFAULT', 'API')),
  trigger_at timestamptz NOT NULL,
  input jsonb NOT NULL DEFAULT '{}',
  additional_metadata jsonb NOT NULL DEFAULT '{}',
  priority integer,
  run_id uuid,
  fired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The ticker reads what falls due soon, across tenants; fired rows cost nothing here.
CREATE INDEX scheduled_runs_due_idx ON scheduled_runs (trigger_at) WHERE run_id IS NULL;
CREATE INDEX scheduled_runs_list_idx ON scheduled_runs (tenant_id, trigger_at DESC, id DESC);
CREATE INDEX scheduled_runs_metadata_idx
  ON scheduled_runs USING gin (additional_metadata jsonb_path_ops);

-- What started a run: a cron's fire for its due time (a "run now" of a cron has no due time),
-- or a scheduled run. `trigger_late`: fired after its time had passed (missed while down).
ALTER TABLE workflow_runs
  ADD COLUMN triggering_cron_id uuid,
  ADD COLUMN triggering_schedule_id uuid,
  ADD COLUMN trigger_due_at timestamptz,
  ADD COLUMN trigger_late boolean;
-- One run per fire, whatever happens: the partial indexes cost nothing for other runs.
CREATE UNIQUE INDEX workflow_runs_cron_fire_idx
  ON workflow_runs (triggering_cron_id, trigger_due_at)
  WHERE triggering_cron_id IS NOT NULL AND trigger_due_at IS NOT NULL;
CREATE UNIQUE INDEX workflow_runs_schedule_fire_idx
  ON workflow_runs (triggering_schedule_id) WHERE triggering_schedule_id IS NOT NULL;
