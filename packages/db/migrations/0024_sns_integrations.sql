-- SNS integrations (Ingestors): a tenant accepts Amazon SNS messages of these topics at
-- POST /api/v1/sns/{tenant}/{event} (apps/server/src/sns/). A topic is named once per tenant.
CREATE TABLE sns_integrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  topic_arn text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, topic_arn)
);
