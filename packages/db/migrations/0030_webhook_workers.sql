-- Webhook workers (legacy HTTP workers): endpoints the server itself acts as a worker for,
-- delivering each task as a signed POST (apps/server/src/webhook-workers/). A URL is
-- registered once per tenant. The signing secret is sealed with AES-256-GCM (secret_iv,
-- secret_tag, secret_ciphertext); the key lives in server_secrets.
CREATE TABLE webhook_workers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  url text NOT NULL,
  secret_iv text NOT NULL,
  secret_tag text NOT NULL,
  secret_ciphertext text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, url)
);

-- The requests sent to each webhook worker (health checks and deliveries), the newest few
-- kept per worker; status_code 0 means no answer came.
CREATE TABLE webhook_worker_requests (
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  webhook_worker_id uuid NOT NULL REFERENCES webhook_workers (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('GET', 'POST', 'PUT')),
  status_code integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_worker_requests_worker_idx ON webhook_worker_requests (webhook_worker_id, id DESC);

-- The engine workers that acted for a webhook worker: the workers list shows them as type
-- WEBHOOK with its id.
ALTER TABLE workers ADD COLUMN webhook_worker_id uuid;
