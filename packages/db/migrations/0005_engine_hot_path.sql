-- The engine's hot tables lose their foreign keys. Each foreign key fires a trigger per
-- inserted row that looks the parent up and locks it FOR KEY SHARE, and that lock is itself a
-- write to the parent row (a WAL record): a task's queue row, runtime and four events locked
-- its tasks row six times over. The engine is the only writer of these tables, inserts parents
-- before children in the same transaction, and never deletes runs or tasks (workflows are
-- soft-deleted, tenants are not deleted), so the constraints guarded nothing it does not.
-- Definition tables (workflows, versions, steps) and account tables keep theirs.
ALTER TABLE workflow_runs
  DROP CONSTRAINT workflow_runs_tenant_id_fkey,
  DROP CONSTRAINT workflow_runs_workflow_id_fkey,
  DROP CONSTRAINT workflow_runs_workflow_version_id_fkey;
ALTER TABLE tasks
  DROP CONSTRAINT tasks_tenant_id_fkey,
  DROP CONSTRAINT tasks_run_id_fkey,
  DROP CONSTRAINT tasks_step_id_fkey;
ALTER TABLE task_queue DROP CONSTRAINT task_queue_task_id_fkey;
ALTER TABLE task_runtimes DROP CONSTRAINT task_runtimes_task_id_fkey;
ALTER TABLE task_events DROP CONSTRAINT task_events_task_id_fkey;
ALTER TABLE task_logs DROP CONSTRAINT task_logs_task_id_fkey;
ALTER TABLE task_stream_events DROP CONSTRAINT task_stream_events_task_id_fkey;
ALTER TABLE events DROP CONSTRAINT events_tenant_id_fkey;

-- The on-failure step of the versions whose runs a batch advanced, looked up on every batch
-- that finishes tasks; without this index each lookup read every step of every version.
CREATE INDEX workflow_steps_version_idx ON workflow_steps (workflow_version_id);
