-- History in daily partitions: task events, task logs, stream events and events are append-only
-- and grow with every run, so each becomes a table partitioned by range of created_at, one
-- partition per UTC day, and retention drops a day whole (history-partitions.ts creates the
-- days ahead and drops the expired ones; there is no row-by-row DELETE).
--
-- Each table also gets a DEFAULT partition, so that no write is ever refused for want of a
-- partition: rows timestamped outside the days that exist (a worker's clock far off, or rows
-- from before this migration) land there, are moved into their day's partition when it is
-- created, and are the only rows retention deletes one by one (an index on created_at keeps
-- both cheap).
--
-- A partitioned table's primary key must contain the partition key, so ids are unique with
-- created_at; they come from sequences, as identity columns on partitioned tables need
-- PostgreSQL 17. Existing rows are copied over (into the default partitions) once.

-- task_events
ALTER TABLE task_events RENAME TO task_events_unpartitioned;
ALTER INDEX task_events_pkey RENAME TO task_events_unpartitioned_pkey;
ALTER INDEX task_events_task_idx RENAME TO task_events_unpartitioned_task_idx;
CREATE SEQUENCE task_events_ids;
CREATE TABLE task_events (
  id bigint NOT NULL DEFAULT nextval('task_events_ids'),
  tenant_id uuid NOT NULL,
  task_id bigint NOT NULL,
  retry_count integer NOT NULL,
  event_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  worker_id uuid,
  message text NOT NULL DEFAULT '',
  data jsonb,
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
ALTER SEQUENCE task_events_ids OWNED BY task_events.id;
CREATE TABLE task_events_default PARTITION OF task_events DEFAULT;
CREATE INDEX task_events_default_created_idx ON task_events_default (created_at);
CREATE INDEX task_events_task_idx ON task_events (tenant_id, task_id, id);
INSERT INTO task_events (id, tenant_id, task_id, retry_count, event_type, created_at, worker_id, message, data)
  SELECT id, tenant_id, task_id, retry_count, event_type, created_at, worker_id, message, data
    FROM task_events_unpartitioned;
SELECT setval('task_events_ids', (SELECT coalesce(max(id), 0) + 1 FROM task_events), false);
DROP TABLE task_events_unpartitioned;

-- task_logs (created_at is the worker's time for the line)
ALTER TABLE task_logs RENAME TO task_logs_unpartitioned;
ALTER INDEX task_logs_pkey RENAME TO task_logs_unpartitioned_pkey;
ALTER INDEX task_logs_task_idx RENAME TO task_logs_unpartitioned_task_idx;
CREATE SEQUENCE task_logs_ids;
CREATE TABLE task_logs (
  id bigint NOT NULL DEFAULT nextval('task_logs_ids'),
  tenant_id uuid NOT NULL,
  task_id bigint NOT NULL,
  retry_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  level text,
  message text NOT NULL,
  metadata jsonb,
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
ALTER SEQUENCE task_logs_ids OWNED BY task_logs.id;
CREATE TABLE task_logs_default PARTITION OF task_logs DEFAULT;
CREATE INDEX task_logs_default_created_idx ON task_logs_default (created_at);
CREATE INDEX task_logs_task_idx ON task_logs (tenant_id, task_id, created_at, id);
INSERT INTO task_logs (id, tenant_id, task_id, retry_count, created_at, level, message, metadata)
  SELECT id, tenant_id, task_id, retry_count, created_at, level, message, metadata
    FROM task_logs_unpartitioned;
SELECT setval('task_logs_ids', (SELECT coalesce(max(id), 0) + 1 FROM task_logs), false);
DROP TABLE task_logs_unpartitioned;

-- task_stream_events
ALTER TABLE task_stream_events RENAME TO task_stream_events_unpartitioned;
ALTER INDEX task_stream_events_pkey RENAME TO task_stream_events_unpartitioned_pkey;
ALTER INDEX task_stream_events_run_idx RENAME TO task_stream_events_unpartitioned_run_idx;
CREATE SEQUENCE task_stream_events_ids;
CREATE TABLE task_stream_events (
  id bigint NOT NULL DEFAULT nextval('task_stream_events_ids'),
  tenant_id uuid NOT NULL,
  task_id bigint NOT NULL,
  run_id uuid NOT NULL,
  retry_count integer NOT NULL,
  event_index bigint,
  created_at timestamptz NOT NULL,
  message bytea NOT NULL,
  metadata jsonb,
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
ALTER SEQUENCE task_stream_events_ids OWNED BY task_stream_events.id;
CREATE TABLE task_stream_events_default PARTITION OF task_stream_events DEFAULT;
CREATE INDEX task_stream_events_default_created_idx ON task_stream_events_default (created_at);
CREATE INDEX task_stream_events_run_idx ON task_stream_events (tenant_id, run_id, id);
INSERT INTO task_stream_events
    (id, tenant_id, task_id, run_id, retry_count, event_index, created_at, message, metadata)
  SELECT id, tenant_id, task_id, run_id, retry_count, event_index, created_at, message, metadata
    FROM task_stream_events_unpartitioned;
SELECT setval('task_stream_events_ids', (SELECT coalesce(max(id), 0) + 1 FROM task_stream_events), false);
DROP TABLE task_stream_events_unpartitioned;

-- events (ids are the server's UUIDs)
ALTER TABLE events RENAME TO events_unpartitioned;
ALTER INDEX events_pkey RENAME TO events_unpartitioned_pkey;
ALTER INDEX events_key_idx RENAME TO events_unpartitioned_key_idx;
ALTER INDEX events_list_idx RENAME TO events_unpartitioned_list_idx;
ALTER INDEX events_metadata_idx RENAME TO events_unpartitioned_metadata_idx;
ALTER INDEX events_scope_idx RENAME TO events_unpartitioned_scope_idx;
CREATE TABLE events (
  id uuid NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key text NOT NULL,
  payload jsonb NOT NULL,
  additional_metadata jsonb NOT NULL DEFAULT '{}',
  scope text,
  priority integer,
  event_timestamp timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  triggering_webhook_name text,
  replayed_from_id uuid,
  cel_failures jsonb,
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
CREATE TABLE events_default PARTITION OF events DEFAULT;
CREATE INDEX events_default_created_idx ON events_default (created_at);
CREATE INDEX events_key_idx ON events (tenant_id, key, created_at DESC);
CREATE INDEX events_list_idx ON events (tenant_id, created_at DESC, id DESC);
CREATE INDEX events_metadata_idx ON events USING gin (additional_metadata jsonb_path_ops);
CREATE INDEX events_scope_idx ON events (tenant_id, scope, created_at DESC) WHERE scope IS NOT NULL;
INSERT INTO events
    (id, tenant_id, key, payload, additional_metadata, scope, priority, event_timestamp,
     created_at, triggering_webhook_name, replayed_from_id, cel_failures)
  SELECT id, tenant_id, key, payload, additional_metadata, scope, priority, event_timestamp,
         created_at, triggering_webhook_name, replayed_from_id, cel_failures
    FROM events_unpartitioned;
DROP TABLE events_unpartitioned;
