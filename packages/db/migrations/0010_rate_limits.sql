-- Rate limits: a number of units per fixed window, per tenant and key. Static ones are put by
-- workers (PutRateLimit); dynamic ones are created when a run first names them. `value` is what
-- is left of the current window; the scheduler keeps the ledger in memory, writes it back in
-- the transaction that spends it, and reads it again on start. A task's claims on limits (keys
-- and units worked out for its run at trigger time) live on the task, like its concurrency.
CREATE TABLE rate_limits (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key text NOT NULL,
  limit_value integer NOT NULL CHECK (limit_value > 0),
  -- SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR, as the SDK names windows.
  duration text NOT NULL,
  value integer NOT NULL,
  last_refill timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, key)
);

ALTER TABLE tasks ADD COLUMN rate_limits jsonb;
