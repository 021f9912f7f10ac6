-- Workflow idempotency keys: the run holding each key, and until when (TTL), or while it is
-- not finished (STATUS, with the TTL as the longest). A trigger claims a key by inserting it,
-- or by taking over a row whose hold has ended, in the transaction that creates its run.
CREATE TABLE idempotency_keys (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL,
  key text NOT NULL,
  run_id uuid NOT NULL,
  method text NOT NULL CHECK (method IN ('TTL', 'STATUS')),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, workflow_id, key)
);
