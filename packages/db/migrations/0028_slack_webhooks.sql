-- Slack alerting: the incoming webhooks a tenant installed through Slack's OAuth flow
-- (apps/server/src/slack/), the flows under way, and the resource-limit alerts already sent.

-- One per channel of a Slack workspace: installing to the same channel again replaces the URL.
-- `webhook_url` is a credential (whoever has it may post to the channel): never sent back.
CREATE TABLE slack_webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  team_id text NOT NULL,
  team_name text NOT NULL,
  channel_id text NOT NULL,
  channel_name text NOT NULL,
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, team_id, channel_id)
);

-- An install under way: the state sent to Slack (its SHA-256), whose it is and for which tenant.
-- Taken (deleted) by the callback, so each is used once; good for ten minutes.
CREATE TABLE slack_oauth_states (
  state_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX slack_oauth_states_expiry_idx ON slack_oauth_states (expires_at);

-- When a tenant was last alerted that a resource reached its alarm value or its limit: the same
-- (resource, kind) is alerted at most once a day, across restarts and processes.
CREATE TABLE tenant_resource_limit_alerts (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  resource text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('alarm', 'exhausted')),
  alerted_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, resource, kind)
);
