-- Alerting by email: the tenant's alert email groups, the expiring-token alerts already sent,
-- and the last time an alert could not be delivered (shown on the alerting page).

CREATE TABLE tenant_alert_email_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- Lower-cased, without duplicates; Hatchet stores them comma-joined and answers them split.
  emails text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenant_alert_email_groups_tenant_idx ON tenant_alert_email_groups (tenant_id, created_at);

-- Set when the "expires in less than 7 days" alert was sent (or claimed by the process sending
-- it): a token is alerted once.
ALTER TABLE api_tokens ADD COLUMN expiry_alerted_at timestamptz;
CREATE INDEX api_tokens_expiry_alert_idx ON api_tokens (expires_at)
  WHERE expiry_alerted_at IS NULL AND NOT revoked AND NOT internal;

-- The last attempt to deliver one of the tenant's alerts that failed; cleared by the next one
-- delivered.
ALTER TABLE tenant_alerting_settings
  ADD COLUMN last_delivery_failed_at timestamptz,
  ADD COLUMN last_delivery_failure text;
