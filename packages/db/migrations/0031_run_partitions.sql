-- Runs and tasks in daily partitions, like the history (history_partitions), so that retention
-- drops a finished day whole. The partition key is the id itself, which carries its day
-- (day-ids.ts): a run id is a UUIDv7 whose first 48 bits are the milliseconds it was made at,
-- and a task id is its run's day shifted left by 37 bits, plus a number from the task_ids
-- sequence. Every task of a run lies in its run's day, whenever it was created, and so does a
-- durable task's log (durable_nodes, keyed by task id). The primary keys stay (id) and every
-- lookup by id reads one partition; nothing that refers to a run or a task changes.
--
-- What a partitioned table cannot have: a unique index without the partition key. The
-- uniqueness of a child per (parent task, index or key) and of a run per cron or schedule fire
-- was a backstop; what guarantees it is that one tick, under its shard's fenced lease, looks
-- for the child or claims the fire and inserts the run in the same transaction. The indexes
-- stay, for the lookups. A task's external id is a UUIDv7 with its run's time, so a lookup by
-- it reads the one day it names.
--
-- Rows from before this migration (v4 run ids, small task ids) keep their ids and land in the
-- DEFAULT partitions, which also take any row whose day has no partition, so a write is never
-- refused. durable_nodes loses its foreign key, as the other engine tables did
-- (engine_hot_path): the engine never deletes tasks, and retention drops a day's durable
-- nodes with the day's tasks.

ALTER TABLE durable_nodes RENAME TO durable_nodes_unpartitioned;
ALTER TABLE durable_nodes_unpartitioned DROP CONSTRAINT durable_nodes_task_id_fkey;
ALTER INDEX durable_nodes_pkey RENAME TO durable_nodes_unpartitioned_pkey;
DROP INDEX durable_nodes_due_idx;
DROP INDEX durable_nodes_open_children_idx;
DROP INDEX durable_nodes_open_idx;
CREATE TABLE durable_nodes (LIKE durable_nodes_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE (task_id);
ALTER TABLE durable_nodes ADD PRIMARY KEY (task_id, branch_id, node_id);
CREATE TABLE durable_nodes_default PARTITION OF durable_nodes DEFAULT;
CREATE INDEX durable_nodes_due_idx ON durable_nodes (due_at)
  WHERE satisfied_at IS NULL AND due_at IS NOT NULL;
CREATE INDEX durable_nodes_open_children_idx ON durable_nodes (child_run_id)
  WHERE satisfied_at IS NULL AND child_run_id IS NOT NULL;
CREATE INDEX durable_nodes_open_idx ON durable_nodes (tenant_id)
  WHERE satisfied_at IS NULL AND kind = 'WAIT_FOR';
INSERT INTO durable_nodes SELECT * FROM durable_nodes_unpartitioned;
DROP TABLE durable_nodes_unpartitioned;

-- tasks: the identity column becomes a plain bigint the engine fills (task_ids)
ALTER TABLE tasks RENAME TO tasks_unpartitioned;
ALTER INDEX tasks_pkey RENAME TO tasks_unpartitioned_pkey;
ALTER TABLE tasks_unpartitioned DROP CONSTRAINT tasks_external_id_key;
DROP INDEX tasks_list_idx;
DROP INDEX tasks_run_idx;
CREATE TABLE tasks (LIKE tasks_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE (id);
ALTER TABLE tasks ADD PRIMARY KEY (id);
CREATE TABLE tasks_default PARTITION OF tasks DEFAULT;
CREATE INDEX tasks_external_id_idx ON tasks (external_id);
CREATE INDEX tasks_run_idx ON tasks (run_id);
CREATE INDEX tasks_list_idx ON tasks (tenant_id, created_at DESC, id DESC) INCLUDE (status);
INSERT INTO tasks SELECT * FROM tasks_unpartitioned;
CREATE SEQUENCE task_ids;
SELECT setval('task_ids', (SELECT coalesce(max(id), 0) + 1 FROM tasks), false);
DROP TABLE tasks_unpartitioned;

-- workflow_runs
ALTER TABLE workflow_runs RENAME TO workflow_runs_unpartitioned;
ALTER INDEX workflow_runs_pkey RENAME TO workflow_runs_unpartitioned_pkey;
DROP INDEX workflow_runs_child_index_idx;
DROP INDEX workflow_runs_child_key_idx;
DROP INDEX workflow_runs_cron_fire_idx;
DROP INDEX workflow_runs_event_idx;
DROP INDEX workflow_runs_event_time_idx;
DROP INDEX workflow_runs_list_idx;
DROP INDEX workflow_runs_live_idx;
DROP INDEX workflow_runs_metadata_idx;
DROP INDEX workflow_runs_parent_idx;
DROP INDEX workflow_runs_schedule_fire_idx;
DROP INDEX workflow_runs_status_idx;
DROP INDEX workflow_runs_workflow_idx;
CREATE TABLE workflow_runs (LIKE workflow_runs_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE (id);
ALTER TABLE workflow_runs ADD PRIMARY KEY (id);
CREATE TABLE workflow_runs_default PARTITION OF workflow_runs DEFAULT;
CREATE INDEX workflow_runs_child_index_idx
  ON workflow_runs (tenant_id, parent_task_external_id, child_index)
  WHERE parent_task_external_id IS NOT NULL AND child_key IS NULL;
CREATE INDEX workflow_runs_child_key_idx
  ON workflow_runs (tenant_id, parent_task_external_id, child_key)
  WHERE parent_task_external_id IS NOT NULL AND child_key IS NOT NULL;
CREATE INDEX workflow_runs_cron_fire_idx
  ON workflow_runs (triggering_cron_id, trigger_due_at)
  WHERE triggering_cron_id IS NOT NULL AND trigger_due_at IS NOT NULL;
CREATE INDEX workflow_runs_schedule_fire_idx
  ON workflow_runs (triggering_schedule_id) WHERE triggering_schedule_id IS NOT NULL;
CREATE INDEX workflow_runs_event_idx ON workflow_runs (tenant_id, triggering_event_id)
  WHERE triggering_event_id IS NOT NULL;
CREATE INDEX workflow_runs_event_time_idx ON workflow_runs (tenant_id, created_at DESC)
  INCLUDE (triggering_event_id, workflow_id, status) WHERE triggering_event_id IS NOT NULL;
CREATE INDEX workflow_runs_list_idx ON workflow_runs (tenant_id, created_at DESC, id DESC)
  INCLUDE (status, workflow_id);
-- Also what retention reads to learn whether a day still holds a run in flight.
CREATE INDEX workflow_runs_live_idx ON workflow_runs (tenant_id, workflow_id)
  WHERE status IN ('QUEUED', 'RUNNING');
CREATE INDEX workflow_runs_metadata_idx ON workflow_runs USING gin (additional_metadata);
CREATE INDEX workflow_runs_parent_idx
  ON workflow_runs (tenant_id, parent_task_external_id, created_at DESC)
  WHERE parent_task_external_id IS NOT NULL;
CREATE INDEX workflow_runs_status_idx
  ON workflow_runs (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX workflow_runs_workflow_idx
  ON workflow_runs (tenant_id, workflow_id, created_at DESC);
INSERT INTO workflow_runs SELECT * FROM workflow_runs_unpartitioned;
DROP TABLE workflow_runs_unpartitioned;
