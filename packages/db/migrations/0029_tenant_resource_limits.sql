-- Tenant resource limits (apps/server/src/resource-limits/, docs/resource-limits.md). A row per
-- tenant and resource, made when the server first needs the tenant's limits; the limit, alarm
-- value and window follow the server's configuration. For the metered resources (events, task
-- runs) `value` is the use in the current window, which began at `last_refill`; the server
-- counts in memory and writes it back in batches. For the others (workers, crons, ...) what
-- exists is counted when it matters, and `value` keeps the latest count.
CREATE TABLE tenant_resource_limits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  resource text NOT NULL CHECK (resource IN (
    'WORKER', 'WORKER_SLOT', 'EVENT', 'TASK_RUN', 'CRON', 'SCHEDULE', 'INCOMING_WEBHOOK'
  )),
  limit_value integer NOT NULL CHECK (limit_value >= 0),
  alarm_value integer CHECK (alarm_value >= 0),
  -- A duration such as 24h; NULL for counts of what exists now.
  meter_window text,
  value integer NOT NULL DEFAULT 0 CHECK (value >= 0),
  last_refill timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, resource)
);
