-- Accounts, tenants, memberships, invites, API tokens and the server's own secrets.
-- Emails are stored lower-cased by the application; uniqueness relies on that.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  name text,
  password_hash text,
  email_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The cookie carries a random secret; only its SHA-256 is stored, so a leaked table
-- cannot be replayed as sessions.
CREATE TABLE user_sessions (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_sessions_user_id_idx ON user_sessions (user_id);

CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  version text NOT NULL DEFAULT 'V1' CHECK (version IN ('V0', 'V1')),
  environment text CHECK (environment IN ('local', 'development', 'production')),
  analytics_opt_out boolean NOT NULL DEFAULT false,
  alert_member_emails boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_alerting_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  enable_workflow_run_failure_alerts boolean NOT NULL DEFAULT false,
  enable_expiring_token_alerts boolean NOT NULL DEFAULT true,
  enable_tenant_resource_limit_alerts boolean NOT NULL DEFAULT true,
  max_alerting_frequency text NOT NULL DEFAULT '1h',
  last_alerted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('OWNER', 'ADMIN', 'MEMBER', 'VIEWER')),
  can_view_payloads boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, user_id)
);
CREATE INDEX tenant_members_user_id_idx ON tenant_members (user_id);

CREATE TABLE tenant_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  inviter_email text NOT NULL,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('OWNER', 'ADMIN', 'MEMBER', 'VIEWER')),
  can_view_payloads boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One pending invite per address and tenant; accepted and rejected ones stay as history.
CREATE UNIQUE INDEX tenant_invites_pending_email_idx ON tenant_invites (tenant_id, email)
  WHERE status = 'PENDING';
CREATE INDEX tenant_invites_email_idx ON tenant_invites (email) WHERE status = 'PENDING';

CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  -- Created by the server itself (e.g. for the demo workers); hidden from lists, not revocable.
  internal boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_tokens_tenant_id_idx ON api_tokens (tenant_id);

-- Secrets the server generates once and every server process shares: the API token signing
-- key and the key that derives anti-forgery tokens.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
