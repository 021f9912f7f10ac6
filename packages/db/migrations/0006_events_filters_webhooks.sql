-- Events trigger workflows: the runs an event created point back at it (and at the filter that
-- let it through, with that filter's payload as it was), filters decide per workflow and scope,
-- and incoming webhooks turn HTTP requests into events.

-- Where an event came from and what went wrong while matching it. cel_failures lists the
-- filters whose expression failed on this event ({filterId, workflowId, message}); the other
-- filters and workflows were still evaluated.
ALTER TABLE events
  ADD COLUMN triggering_webhook_name text,
  ADD COLUMN replayed_from_id uuid,
  ADD COLUMN cel_failures jsonb;
-- The events list by key (its filter, and the distinct keys read by skipping through it).
CREATE INDEX events_key_idx ON events (tenant_id, key, created_at DESC);

-- The run → event link. The event → runs direction is the partial index: most runs have no
-- event and cost nothing in it.
ALTER TABLE workflow_runs
  ADD COLUMN triggering_event_id uuid,
  ADD COLUMN triggering_filter_id uuid,
  ADD COLUMN filter_payload jsonb;
CREATE INDEX workflow_runs_event_idx ON workflow_runs (tenant_id, triggering_event_id)
  WHERE triggering_event_id IS NOT NULL;

-- A filter: for events with this scope, the workflow runs only when the expression (CEL over
-- input, additional_metadata, payload, event_id, event_key) is true. Declarative filters come
-- from the workflow's code (PutWorkflow default_filters) and follow its versions.
CREATE TABLE event_filters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  workflow_id uuid NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
  scope text NOT NULL,
  expression text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  is_declarative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_filters_unique_idx
  ON event_filters (tenant_id, workflow_id, scope, expression);
CREATE INDEX event_filters_list_idx ON event_filters (tenant_id, created_at DESC, id);

-- An incoming webhook, keyed by name within its tenant (the receive URL carries the name).
-- `auth` holds the credentials the request must show; it is never sent back.
CREATE TABLE incoming_webhooks (
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  source_name text NOT NULL
    CHECK (source_name IN ('GENERIC', 'GITHUB', 'STRIPE', 'SLACK', 'LINEAR', 'SVIX')),
  event_key_expression text NOT NULL,
  scope_expression text,
  static_payload jsonb,
  auth_type text NOT NULL CHECK (auth_type IN ('BASIC', 'API_KEY', 'HMAC')),
  auth jsonb NOT NULL,
  return_event_as_response_payload boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, name)
);

-- What each webhook received and how it was answered, newest kept (the receive path trims).
CREATE TABLE incoming_webhook_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id uuid NOT NULL,
  webhook_name text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  status_code integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('ACCEPTED', 'REFUSED')),
  reason text,
  event_id uuid
);
CREATE INDEX incoming_webhook_requests_idx
  ON incoming_webhook_requests (tenant_id, webhook_name, id DESC);
